import * as zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Js, pickEncoding, ResponseCache, TimedJson } from './response-cache';

const T0 = '2026-06-15T18:00:00.000Z';
const T1 = '2026-06-15T18:00:00.734Z';

function deferred<V>() {
  let resolve!: (v: V) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TimedJson', () => {
  const items = Array.from({ length: 300 }, (_, i) => ({ id: i, title: `Lot ${i} ünïcödé "quoted"` }));
  const json = JSON.stringify({ serverTime: T0, items, total: 300 });

  it('puts the sending time at the end, in plain, gzip and brotli, each a valid stream', () => {
    const body = TimedJson.fromJson(json);
    for (const time of [T0, T1]) {
      const expected = { items, total: 300, serverTime: time };
      expect(JSON.parse(body.plain(time).toString())).toEqual(expected);
      expect(JSON.parse(gunzipSync(body.gzip(time)).toString())).toEqual(expected);
      expect(JSON.parse(brotliDecompressSync(body.br(time)).toString())).toEqual(expected);
      expect(body.plain(time).length).toBe(body.length);
    }
    expect(body.gzip(T1).length).toBeLessThan(body.length / 4);
    expect(body.br(T1).length).toBeLessThan(body.length / 4);
  });

  it('sends the same bytes to requests of the same millisecond, and new ones for a new time', () => {
    const body = TimedJson.fromJson(json);
    for (const kind of ['plain', 'gzip', 'br'] as const) {
      const first = body[kind](T0);
      expect(body[kind](T0)).toBe(first);
      const later = body[kind](T1);
      expect(later).not.toBe(first);
      expect(later.equals(first)).toBe(false);
      expect(body[kind](T0).equals(first)).toBe(true);
    }
    expect(JSON.parse(gunzipSync(body.gzip(T1)).toString()).serverTime).toBe(T1);
  });

  it('works for an object with nothing but its time, and refuses JSON without a leading serverTime', () => {
    const only = TimedJson.fromJson(JSON.stringify({ serverTime: T0 }));
    expect(JSON.parse(only.plain(T1).toString())).toEqual({ serverTime: T1 });
    expect(JSON.parse(gunzipSync(only.gzip(T1)).toString())).toEqual({ serverTime: T1 });
    expect(JSON.parse(brotliDecompressSync(only.br(T1)).toString())).toEqual({ serverTime: T1 });
    expect(() => TimedJson.fromJson(JSON.stringify({ items: [], serverTime: T0 }))).toThrow(/serverTime/);
    expect(() => TimedJson.fromJson('{"serverTime":"yesterday","items":[]}')).toThrow(/serverTime/);
    expect(() => TimedJson.tail('2026-06-15')).toThrow(/ISO/);
  });
});

describe('crc32', () => {
  it("is gzip's CRC-32, continued across pieces, natively and in JS (Node before 20.15)", () => {
    const data = Buffer.from('{"items":[1,2,3],"serverTime":"2026-06-15T18:00:00.000Z"} ünï');
    for (const fn of [crc32, crc32Js]) {
      expect(fn(Buffer.from('123456789')) >>> 0).toBe(0xcbf43926);
      expect(fn(data.subarray(20), fn(data.subarray(0, 20)))).toBe(fn(data));
    }
    expect(crc32Js(data)).toBe(crc32(data) >>> 0);
    const native = (zlib as { crc32?: unknown }).crc32;
    if (native) expect(crc32).toBe(native);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('GZIP;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding(['gzip', 'br'])).toBe('br');
  });
});

describe('ResponseCache', () => {
  function setup(ttlMs = 1_000, maxEntries = 10) {
    let real = 0;
    const cache = new ResponseCache<string>({ ttlMs, maxEntries, realNow: () => real });
    return {
      cache,
      advanceReal(ms: number) {
        real += ms;
      },
    };
  }

  it('shares one read between requests that miss while it is on its way', async () => {
    const { cache } = setup();
    const read = deferred<string>();
    let reads = 0;
    const load = () => {
      reads++;
      return read.promise;
    };
    const waiting = Array.from({ length: 5 }, () => cache.get('k', 0, load));
    expect(reads).toBe(1);
    read.resolve('answer');
    expect(await Promise.all(waiting)).toEqual(Array(5).fill('answer'));
    expect(await cache.get('k', 10, load)).toBe('answer');
    expect(reads).toBe(1);
    expect(cache.reads).toBe(1);
  });

  it('keeps each key apart', async () => {
    const { cache } = setup();
    expect(await cache.get('a', 0, async () => 'A')).toBe('A');
    expect(await cache.get('b', 0, async () => 'B')).toBe('B');
    expect(await cache.get('a', 1, async () => 'not read')).toBe('A');
    expect(cache.reads).toBe(2);
  });

  it('reads again once real time has passed the TTL, even with the app clock standing still', async () => {
    const { cache, advanceReal } = setup(1_000);
    await cache.get('k', 0, async () => 'old');
    advanceReal(999);
    expect(await cache.get('k', 0, async () => 'new')).toBe('old');
    advanceReal(1);
    expect(await cache.get('k', 0, async () => 'new')).toBe('new');
  });

  it('reads again when the app clock moves past the TTL or back before the read', async () => {
    const { cache } = setup(1_000);
    await cache.get('k', 5_000, async () => 'first');
    expect(await cache.get('k', 5_999, async () => 'second')).toBe('first');
    expect(await cache.get('k', 6_000, async () => 'second')).toBe('second');
    expect(await cache.get('k', 5_500, async () => 'third')).toBe('third');
  });

  it("reads ahead late in an entry's life, in the background, so nobody waits at expiry", async () => {
    const { cache, advanceReal } = setup(1_000);
    await cache.get('k', 0, async () => 'v1');
    advanceReal(700);
    expect(await cache.get('k', 0, async () => 'not read')).toBe('v1');
    expect(cache.reads).toBe(1);
    advanceReal(100); // 800 ms: past REFRESH_AHEAD (0.75) of the TTL
    const next = deferred<string>();
    expect(await cache.get('k', 0, () => next.promise)).toBe('v1');
    expect(await cache.get('k', 0, async () => 'not read')).toBe('v1');
    expect(cache.reads).toBe(2);
    next.resolve('v2');
    await next.promise;
    expect(await cache.get('k', 0, async () => 'not read')).toBe('v2');
    // The new answer is as old as its read: it expires 1 s after 800 ms, not after 1,000 ms.
    advanceReal(1_000);
    expect(await cache.get('k', 0, async () => 'v3')).toBe('v3');
    expect(cache.reads).toBe(3);
  });

  it('keeps serving the current answer when a read ahead fails, and tries again on the next hit', async () => {
    const { cache, advanceReal } = setup(1_000);
    await cache.get('k', 0, async () => 'v1');
    advanceReal(800);
    const failing = deferred<string>();
    expect(await cache.get('k', 0, () => failing.promise)).toBe('v1');
    failing.reject(new Error('database away'));
    await failing.promise.catch(() => {});
    const retry = deferred<string>();
    expect(await cache.get('k', 0, () => retry.promise)).toBe('v1');
    expect(cache.reads).toBe(3);
    advanceReal(200); // the first answer has expired; the retry has not answered yet
    const waiting = cache.get('k', 0, async () => 'v3');
    retry.resolve('v2');
    expect(await waiting).toBe('v3');
    expect(cache.reads).toBe(4);
  });

  it('keeps no failed read: the requests waiting on it get its error, the next one reads again', async () => {
    const { cache } = setup();
    const read = deferred<string>();
    const a = cache.get('k', 0, () => read.promise);
    const b = cache.get('k', 0, async () => 'not read');
    read.reject(new Error('database away'));
    await expect(a).rejects.toThrow('database away');
    await expect(b).rejects.toThrow('database away');
    expect(await cache.get('k', 0, async () => 'back')).toBe('back');
    expect(cache.reads).toBe(2);
  });

  it('holds at most maxEntries, dropping the oldest reads and the stale ones', async () => {
    const { cache, advanceReal } = setup(1_000, 3);
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, 0, async () => k);
    expect(cache.size).toBe(3);
    expect(await cache.get('a', 0, async () => 'a again')).toBe('a again');
    expect(await cache.get('d', 0, async () => 'not read')).toBe('d');
    advanceReal(1_000);
    await cache.get('e', 0, async () => 'e');
    expect(cache.size).toBe(1);
  });

  it('with a TTL of 0 reads every time and shares nothing', async () => {
    const { cache } = setup(0);
    const a = cache.get('k', 0, async () => 'one');
    const b = cache.get('k', 0, async () => 'two');
    expect(await a).toBe('one');
    expect(await b).toBe('two');
    expect(cache.size).toBe(0);
  });
});
