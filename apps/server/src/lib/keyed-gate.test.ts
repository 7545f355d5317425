import { describe, expect, it } from 'vitest';
import { KeyedGate } from './keyed-gate';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedGate', () => {
  it('runs at most `limit` tasks per key, the rest in arrival order, other keys unaffected', async () => {
    const gate = new KeyedGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(i);
      await tick();
      running--;
      return i;
    };
    const other = gate.run('b', async () => 'b');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => gate.run('a', task(i))));
    expect(await other).toBe('b');
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(gate.size('a')).toBe(0);
    expect(gate.size('b')).toBe(0);
  });

  it('a failing task passes its slot on and its error to its caller', async () => {
    const gate = new KeyedGate(1);
    const failing = gate.run('a', async () => {
      await tick();
      throw new Error('boom');
    });
    const next = gate.run('a', async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
    expect(gate.size('a')).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new KeyedGate(0)).toThrow(RangeError);
  });
});
