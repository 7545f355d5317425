import { describe, expect, it } from 'vitest';
import { KeyedBatcher, type Settled } from './batcher';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedBatcher', () => {
  it('the first item runs alone at once; the ones that arrive meanwhile form the next batch, in order, up to the cap', async () => {
    const seen: number[][] = [];
    const b = new KeyedBatcher<number, number>(async (_key, items) => {
      seen.push(items);
      await tick();
      return items.map((i): Settled<number> => ({ ok: true, value: i * 10 }));
    }, 3);
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => b.submit('a', i)));
    expect(results).toEqual([10, 20, 30, 40, 50, 60]);
    expect(seen).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(b.stats()).toEqual({ batches: 3, items: 6, largest: 3 });
    expect(b.waiting('a')).toBe(0);
  });

  it('keys do not wait for each other; one batch per key at a time', async () => {
    let running = 0;
    let most = 0;
    const b = new KeyedBatcher<string, string>(async (key, items) => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      return items.map((i) => ({ ok: true, value: `${key}:${i}` }));
    }, 10);
    const results = await Promise.all([
      b.submit('a', 'x'),
      b.submit('b', 'y'),
      b.submit('a', 'z'),
      b.submit('b', 'w'),
    ]);
    expect(results).toEqual(['a:x', 'b:y', 'a:z', 'b:w']);
    // Two keys ran side by side, never two batches of one key.
    expect(most).toBe(2);
  });

  it('each item gets its own answer or error; a batch that throws fails its items only, and the next batch runs', async () => {
    const b = new KeyedBatcher<number, number>(async (_key, items) => {
      await tick();
      // Batches: [1], [2, 3] (throws), [4, 5].
      if (items.includes(3)) throw new Error('batch failed');
      return items.map(
        (i): Settled<number> => (i % 2 ? { ok: true, value: i } : { ok: false, error: new Error(`no ${i}`) }),
      );
    }, 2);
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((i) => b.submit('a', i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      1,
      'batch failed',
      'batch failed',
      'no 4',
      5,
    ]);
  });

  it('items that may not share a batch with the first waiting one wait for a later batch', async () => {
    const seen: string[][] = [];
    const b = new KeyedBatcher<string, string>(
      async (_key, items) => {
        seen.push(items);
        await tick();
        return items.map((i) => ({ ok: true, value: i }));
      },
      10,
      { sameBatch: (first, other) => first[0] === other[0] },
    );
    await Promise.all(['a0', 'a1', 'b1', 'a2', 'b2'].map((i) => b.submit('k', i)));
    expect(seen).toEqual([['a0'], ['a1', 'a2'], ['b1', 'b2']]);
  });

  it('with two in flight, the next batch starts when the running one hands off, not before', async () => {
    const seen: number[][] = [];
    let running = 0;
    let most = 0;
    const b = new KeyedBatcher<number, number>(
      async (_key, items, handOff) => {
        seen.push(items);
        running++;
        most = Math.max(most, running);
        await tick();
        handOff();
        await tick();
        running--;
        return items.map((i) => ({ ok: true, value: i }));
      },
      10,
      { maxInFlight: 2 },
    );
    const results = await Promise.all([1, 2, 3].map((i) => b.submit('a', i)));
    const late = await Promise.all([4, 5].map((i) => b.submit('a', i)));
    expect([...results, ...late]).toEqual([1, 2, 3, 4, 5]);
    expect(seen).toEqual([[1], [2, 3], [4], [5]]);
    expect(most).toBe(2);
  });

  it('refuses a cap below one', () => {
    expect(() => new KeyedBatcher(async () => [], 0)).toThrow(RangeError);
    expect(() => new KeyedBatcher(async () => [], 1, { maxInFlight: 0 })).toThrow(RangeError);
  });
});
