import { describe, expect, it } from 'vitest';
import { batchedSessionChecks } from './session-checks';

// The private room's session checks (session-checks.ts): one query for what arrives together, in order.

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('batchedSessionChecks', () => {
  it('checks the first event at once and the ones that arrive meanwhile together, in order', async () => {
    const asked: string[][] = [];
    const answers: ReturnType<typeof deferred<Map<string, string>>>[] = [];
    const check = (tokens: string[]) => {
      asked.push(tokens);
      const d = deferred<Map<string, string>>();
      answers.push(d);
      return d.promise;
    };
    const seen: string[] = [];
    const checkThen = batchedSessionChecks(check, () => {});
    checkThen('a', (s) => seen.push(`1:${s}`));
    expect(asked).toEqual([['a']]);
    checkThen('b', (s) => seen.push(`2:${s}`));
    checkThen('a', (s) => seen.push(`3:${s}`));
    checkThen('c', (s) => seen.push(`4:${s}`));
    expect(asked).toHaveLength(1);
    answers[0]!.resolve(new Map([['a', 'A0']]));
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['1:A0']);
    expect(asked).toEqual([['a'], ['b', 'a', 'c']]);
    answers[1]!.resolve(
      new Map([
        ['a', 'A1'],
        ['b', 'B1'],
      ]),
    );
    await new Promise((r) => setImmediate(r));
    // c has no session any more: its event hears undefined (routes.ts ends that socket).
    expect(seen).toEqual(['1:A0', '2:B1', '3:A1', '4:undefined']);
    checkThen('d', (s) => seen.push(`5:${s}`));
    expect(asked).toEqual([['a'], ['b', 'a', 'c'], ['d']]);
  });

  it('sends nothing of a batch whose check fails, says so, and goes on with the next', async () => {
    let calls = 0;
    const errors: number[] = [];
    const first = deferred<Map<string, number>>();
    const check = async (tokens: string[]) => {
      calls++;
      if (calls === 1) return first.promise;
      return new Map(tokens.map((t) => [t, calls]));
    };
    const seen: string[] = [];
    const checkThen = batchedSessionChecks(check, (_err, events) => errors.push(events));
    checkThen('a', (s) => seen.push(`a:${s}`));
    checkThen('b', (s) => seen.push(`b:${s}`));
    first.reject(new Error('connection lost'));
    await new Promise((r) => setImmediate(r));
    expect(errors).toEqual([1]);
    expect(seen).toEqual(['b:2']);
    checkThen('c', (s) => seen.push(`c:${s}`));
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['b:2', 'c:3']);
  });
});
