/** One item's outcome in a batch: its value, or its own error. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatchStats {
  batches: number;
  items: number;
  largest: number;
}

interface Entry<I, O> {
  item: I;
  resolve: (v: O) => void;
  reject: (e: unknown) => void;
}

interface KeyState<I, O> {
  queue: Entry<I, O>[];
  /** Batches started and not finished. */
  running: number;
  /** Running batches that have not handed off yet. */
  holding: number;
}

/**
 * Group commit per key: items submitted for one key while a batch for that key is running wait,
 * and the next batch takes them together (up to `maxBatch`, in arrival order). An item that finds
 * its key idle starts a batch of one at once, so a quiet key adds no delay. `run` answers each item
 * of the batch (in the same order); if it throws, every item of that batch gets the error.
 *
 * `run` may call `handOff()` once it no longer needs to be the only batch (the bids' transaction
 * has sent its last statement): the next batch may then start, up to `maxInFlight` batches per key
 * (1: strictly one after another). Items that `sameBatch` says may not share a batch with the first
 * waiting one wait for a later batch. Entries exist only while a key has work.
 */
export class KeyedBatcher<I, O> {
  private readonly keys = new Map<string, KeyState<I, O>>();
  private readonly counters: BatchStats = { batches: 0, items: 0, largest: 0 };

  constructor(
    private readonly run: (key: string, items: I[], handOff: () => void) => Promise<Settled<O>[]>,
    private readonly maxBatch: number,
    private readonly opts: { maxInFlight?: number; sameBatch?: (first: I, other: I) => boolean } = {},
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1)
      throw new RangeError('maxBatch must be a positive integer');
    const inFlight = opts.maxInFlight ?? 1;
    if (!Number.isInteger(inFlight) || inFlight < 1)
      throw new RangeError('maxInFlight must be a positive integer');
  }

  submit(key: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      let s = this.keys.get(key);
      if (!s) {
        s = { queue: [], running: 0, holding: 0 };
        this.keys.set(key, s);
      }
      s.queue.push({ item, resolve, reject });
      this.pump(key, s);
    });
  }

  /** Starts the next batch when every running one has handed off and fewer than maxInFlight run. */
  private pump(key: string, s: KeyState<I, O>) {
    const sameBatch = this.opts.sameBatch ?? (() => true);
    while (s.queue.length > 0 && s.holding === 0 && s.running < (this.opts.maxInFlight ?? 1)) {
      const lead = s.queue[0]!.item;
      const batch: Entry<I, O>[] = [];
      for (let i = 0; i < s.queue.length && batch.length < this.maxBatch; ) {
        if (sameBatch(lead, s.queue[i]!.item)) batch.push(s.queue.splice(i, 1)[0]!);
        else i++;
      }
      this.start(key, s, batch);
    }
    if (s.running === 0 && s.queue.length === 0) this.keys.delete(key);
  }

  private start(key: string, s: KeyState<I, O>, batch: Entry<I, O>[]) {
    this.counters.batches++;
    this.counters.items += batch.length;
    this.counters.largest = Math.max(this.counters.largest, batch.length);
    s.running++;
    s.holding++;
    let held = true;
    const handOff = () => {
      if (!held) return;
      held = false;
      s.holding--;
      this.pump(key, s);
    };
    const finish = (answers: Settled<O>[] | undefined, failure: unknown) => {
      // Answered in order, so callers resume (and publish what they got) in the batch's order.
      for (const [i, b] of batch.entries()) {
        const a = answers?.[i];
        if (a?.ok) b.resolve(a.value);
        else b.reject(a ? a.error : (failure ?? new Error('batch gave no answer for an item')));
      }
      s.running--;
      if (held) {
        held = false;
        s.holding--;
      }
      this.pump(key, s);
    };
    this.run(
      key,
      batch.map((b) => b.item),
      handOff,
    ).then(
      (answers) => finish(answers, undefined),
      (err) => finish(undefined, err),
    );
  }

  /** Items waiting for a batch for a key (for tests). */
  waiting(key: string): number {
    return this.keys.get(key)?.queue.length ?? 0;
  }

  /** Batches run, items in them and the largest batch since the process started. */
  stats(): BatchStats {
    return { ...this.counters };
  }
}
