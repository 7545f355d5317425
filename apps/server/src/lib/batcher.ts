/** One item's outcome in a batch: its value, or its own error. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatchStats {
  batches: number;
  items: number;
  largest: number;
}

/**
 * Group commit per key: items submitted for one key while a batch for that key is running wait,
 * and the next batch takes them together (up to `maxBatch`, in arrival order). One batch per key
 * runs at a time in this process; an item that finds its key idle starts a batch of one at once,
 * so a quiet key adds no delay. `run` answers each item of the batch (in the same order); if it
 * throws, every item of that batch gets the error. Items that `sameBatch` says may not share a
 * batch with the first waiting one (e.g. another database handle in tests) wait for a later batch.
 * Entries exist only while a key has work, so idle keys cost nothing.
 */
export class KeyedBatcher<I, O> {
  private readonly keys = new Map<
    string,
    { item: I; resolve: (v: O) => void; reject: (e: unknown) => void }[]
  >();
  private readonly counters: BatchStats = { batches: 0, items: 0, largest: 0 };

  constructor(
    private readonly run: (key: string, items: I[]) => Promise<Settled<O>[]>,
    private readonly maxBatch: number,
    private readonly sameBatch: (first: I, other: I) => boolean = () => true,
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1)
      throw new RangeError('maxBatch must be a positive integer');
  }

  submit(key: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const queue = this.keys.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      // An empty queue in the map means a batch is running; no entry means the key is idle.
      this.keys.set(key, []);
      void this.drain(key, [{ item, resolve, reject }]);
    });
  }

  private async drain(
    key: string,
    first: { item: I; resolve: (v: O) => void; reject: (e: unknown) => void }[],
  ) {
    let batch = first;
    while (batch.length > 0) {
      this.counters.batches++;
      this.counters.items += batch.length;
      this.counters.largest = Math.max(this.counters.largest, batch.length);
      let answers: Settled<O>[] | undefined;
      let failure: unknown;
      try {
        answers = await this.run(
          key,
          batch.map((b) => b.item),
        );
      } catch (err) {
        failure = err;
      }
      // Answered in order, so callers resume (and publish what they got) in the batch's order.
      for (const [i, b] of batch.entries()) {
        const a = answers?.[i];
        if (a?.ok) b.resolve(a.value);
        else b.reject(a ? a.error : (failure ?? new Error('batch gave no answer for an item')));
      }
      const queue = this.keys.get(key)!;
      if (queue.length === 0) {
        this.keys.delete(key);
        return;
      }
      const lead = queue[0]!.item;
      batch = [];
      for (let i = 0; i < queue.length && batch.length < this.maxBatch; ) {
        if (this.sameBatch(lead, queue[i]!.item)) batch.push(queue.splice(i, 1)[0]!);
        else i++;
      }
    }
  }

  /** Items waiting or running for a key (for tests). */
  waiting(key: string): number {
    return this.keys.get(key)?.length ?? 0;
  }

  /** Batches run, items in them and the largest batch since the process started. */
  stats(): BatchStats {
    return { ...this.counters };
  }
}
