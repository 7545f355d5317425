/**
 * Lets at most `limit` tasks per key run at once in this process; the others wait in arrival order.
 * Entries exist only while a key has tasks, so idle keys cost nothing.
 */
export class KeyedGate {
  private readonly keys = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let entry = this.keys.get(key);
    if (!entry) {
      entry = { running: 0, waiting: [] };
      this.keys.set(key, entry);
    }
    const e = entry;
    if (e.running < this.limit) e.running++;
    // A finishing task hands its slot straight to the first waiter: `running` does not change.
    else await new Promise<void>((resolve) => e.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = e.waiting.shift();
      if (next) next();
      else if (--e.running === 0) this.keys.delete(key);
    }
  }

  /** Tasks running or waiting for a key (for tests). */
  size(key: string): number {
    const e = this.keys.get(key);
    return e ? e.running + e.waiting.length : 0;
  }
}
