import * as nodeZlib from 'node:zlib';
import { brotliCompressSync, deflateRawSync, constants as zlib } from 'node:zlib';
import type { FastifyReply } from 'fastify';

// A short shared cache of public JSON answers (decision 039). Every answer of the public catalogue
// is the same for whoever asks; under load, many ask the same thing in the same second. Each is
// kept already serialised (and, when asked for, already compressed) for about a second, and the
// requests that miss at the same time share one database read.
//
// The answer's `serverTime` is not kept: web pages set their countdown clock from it, so it is the
// time the answer is sent, spliced in at the end of the kept JSON. The compressed copies are made
// so that splicing needs no compression: the kept part is compressed once up to a flush point
// (byte-aligned), and the time and the closing bytes follow as an uncompressed block (a stored
// deflate block for gzip, an uncompressed meta-block for brotli), a few dozen bytes per request.

/** JSON object text whose first key is "serverTime" (as the contract's catalogue answers are). */
const SERVER_TIME_FIRST = '{"serverTime":"';
const ISO_LENGTH = '2026-01-01T00:00:00.000Z'.length;
/** Below this size compression is not worth it (the same threshold as @fastify/compress in app.ts). */
export const COMPRESS_THRESHOLD = 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

let crcTable: Uint32Array | undefined;
/** CRC-32 (gzip's) in JS, continuing from `value`: for Node before 20.15, which has no zlib.crc32. */
export function crc32Js(data: Uint8Array, value = 0): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = ~value >>> 0;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** CRC-32 continuing from `value`: zlib.crc32 where Node has it (>= 20.15), else crc32Js. */
export const crc32: (data: Uint8Array, value?: number) => number =
  (nodeZlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32 ?? crc32Js;

/**
 * A serialised JSON answer with its `serverTime` taken out and put back at the end when it is sent:
 * `head` is the JSON up to the time (`{"items":[…],…,"serverTime":"`), then the time, then `"}`.
 * Compressed copies of `head` are made the first time a client asks for one.
 */
export class TimedJson {
  readonly head: Buffer;
  private gzipped?: { deflated: Buffer; crc: number };
  private brotli?: Buffer;
  /**
   * The last answer made of each kind, with its time: requests in the same millisecond send the
   * same bytes (never changed once made), so a busy answer is not copied for each of them.
   */
  private readonly last: Record<'plain' | 'gzip' | 'br', { time: string; bytes: Buffer } | undefined> = {
    plain: undefined,
    gzip: undefined,
    br: undefined,
  };

  private constructor(head: Buffer) {
    this.head = head;
  }

  /**
   * From the serialiser's text of an object whose first key is "serverTime" (a 24-character ISO
   * time), e.g. `{"serverTime":"…","items":[…]}`.
   */
  static fromJson(json: string): TimedJson {
    const timeEnd = SERVER_TIME_FIRST.length + ISO_LENGTH;
    if (!json.startsWith(SERVER_TIME_FIRST) || json[timeEnd] !== '"') {
      throw new Error('TimedJson: the JSON must start with {"serverTime":"<ISO time>"');
    }
    const rest = json.slice(timeEnd + 1); // `,"items":[…]}` or `}`
    const inner = rest === '}' ? '' : `${rest.slice(1, -1)},`;
    return new TimedJson(Buffer.from(`{${inner}"serverTime":"`));
  }

  /** The bytes after the head: the time and the end of the object. */
  static tail(serverTime: string): Buffer {
    if (serverTime.length !== ISO_LENGTH) throw new Error(`TimedJson: not an ISO time: ${serverTime}`);
    return Buffer.from(`${serverTime}"}`, 'latin1');
  }

  /** The answer of `kind` for `serverTime`: the last one made if it has that time, else a new one. */
  private memo(kind: 'plain' | 'gzip' | 'br', serverTime: string, make: () => Buffer): Buffer {
    const last = this.last[kind];
    if (last?.time === serverTime) return last.bytes;
    const bytes = make();
    this.last[kind] = { time: serverTime, bytes };
    return bytes;
  }

  /** The whole JSON, as sent uncompressed. */
  plain(serverTime: string): Buffer {
    return this.memo('plain', serverTime, () => Buffer.concat([this.head, TimedJson.tail(serverTime)]));
  }

  /** The whole JSON, gzip: the head deflated once, then a stored (uncompressed) final block. */
  gzip(serverTime: string): Buffer {
    return this.memo('gzip', serverTime, () => this.makeGzip(serverTime));
  }

  /** The whole JSON, brotli: the head compressed once up to a flush, then an uncompressed meta-block. */
  br(serverTime: string): Buffer {
    return this.memo('br', serverTime, () => this.makeBr(serverTime));
  }

  private makeGzip(serverTime: string): Buffer {
    this.gzipped ??= {
      deflated: deflateRawSync(this.head, { finishFlush: zlib.Z_SYNC_FLUSH }),
      crc: crc32(this.head),
    };
    const tail = TimedJson.tail(serverTime);
    const n = tail.length;
    const stored = Buffer.from([1, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff]);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(tail, this.gzipped.crc) >>> 0, 0);
    trailer.writeUInt32LE((this.head.length + n) >>> 0, 4);
    return Buffer.concat([GZIP_HEADER, this.gzipped.deflated, stored, tail, trailer]);
  }

  private makeBr(serverTime: string): Buffer {
    this.brotli ??= brotliCompressSync(this.head, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: this.head.length,
      },
      finishFlush: zlib.BROTLI_OPERATION_FLUSH,
    });
    const tail = TimedJson.tail(serverTime);
    // Meta-block header, least significant bit first: ISLAST 0, MNIBBLES 4 (code 0), MLEN - 1 in
    // 16 bits, ISUNCOMPRESSED 1; padded to 3 bytes. Then the bytes, then an empty last meta-block
    // (ISLAST 1, ISLASTEMPTY 1).
    const header = ((tail.length - 1) << 3) | (1 << 19);
    return Buffer.concat([
      this.brotli,
      Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]),
      tail,
      Buffer.from([3]),
    ]);
  }

  get length(): number {
    return this.head.length + ISO_LENGTH + 2;
  }
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  let br = false;
  let gzip = false;
  let any = false;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') br = accepted;
    else if (name === 'gzip' || name === 'x-gzip') gzip = accepted;
    else if (name === '*') any = accepted;
  }
  if (br || (any && !/\bbr\b/i.test(header))) return 'br';
  if (gzip || (any && !/\bgzip\b/i.test(header))) return 'gzip';
  return null;
}

/**
 * Sends a kept answer with `serverTime` as its time: the compressed copy the client takes (the
 * on-the-fly compression of app.ts then leaves it alone), else the plain JSON. No serialiser runs.
 */
export function sendTimedJson(reply: FastifyReply, body: TimedJson, serverTime: string): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    body.length >= COMPRESS_THRESHOLD ? pickEncoding(reply.request.headers['accept-encoding']) : null;
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br(serverTime));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip(serverTime));
  return reply.send(body.plain(serverTime));
}

export interface ResponseCacheOptions {
  /** How long an answer is reused; 0: never (each request reads, none waits for another). */
  ttlMs: number;
  /** At most this many answers are kept (the oldest go first). */
  maxEntries: number;
  /** Real time in ms (monotonic); performance.now by default. */
  realNow?: () => number;
}

interface Entry<V> {
  /** Real time (ms) when the read started. */
  realAt: number;
  /** The app's clock (ms) when the read started. */
  clockAt: number;
  value: Promise<V>;
  /** The read has answered (a refresh ahead is only started from an answered entry). */
  settled: boolean;
  /** A read ahead of expiry is on its way. */
  refreshing: boolean;
}

/** Past this share of the TTL, a hit starts the next read in the background (refresh ahead). */
export const REFRESH_AHEAD = 0.75;

/**
 * Answers by key, each reused for `ttlMs` and read once at a time: requests that miss while a read
 * of their key is on its way wait for that read. A hit past REFRESH_AHEAD of the TTL starts the
 * next read in the background, so a busy key is never waited for at expiry; what is sent is still
 * never older than `ttlMs` from the start of its read. An entry is fresh while both real time and the
 * app's clock are less than `ttlMs` past the moment its read started: real time because the test
 * clock may stand still, the app's clock because tests and demos move it (a jump ends every entry).
 * A failed read is not kept. Bounded: past `maxEntries`, the entries read longest ago go.
 */
export class ResponseCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly realNow: () => number;
  /** Reads started (misses), for tests and the benchmark. */
  reads = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    this.realNow = options.realNow ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, clockNow: number, load: () => Promise<V>): Promise<V> {
    const { ttlMs } = this.options;
    if (ttlMs <= 0) {
      this.reads++;
      return load();
    }
    const realNow = this.realNow();
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, realNow, clockNow)) {
      if (hit.settled && !hit.refreshing && this.fresh(hit, realNow, clockNow, REFRESH_AHEAD)) {
        return hit.value;
      }
      // Late in its life: the next read starts now, in the background, and replaces this entry
      // when it answers; requests keep getting this one meanwhile (nobody waits at expiry).
      if (hit.settled && !hit.refreshing) this.refreshAhead(key, hit, realNow, clockNow, load);
      return hit.value;
    }
    if (hit) this.entries.delete(key);
    return this.read(key, realNow, clockNow, load);
  }

  private read(key: string, realNow: number, clockNow: number, load: () => Promise<V>): Promise<V> {
    const entry = this.newEntry(realNow, clockNow, load);
    entry.value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.entries.set(key, entry);
    this.prune(realNow, clockNow);
    return entry.value;
  }

  private refreshAhead(
    key: string,
    current: Entry<V>,
    realNow: number,
    clockNow: number,
    load: () => Promise<V>,
  ) {
    current.refreshing = true;
    const entry = this.newEntry(realNow, clockNow, load);
    entry.value.then(
      () => {
        entry.settled = true;
        // Replaces the entry it refreshes (unless a newer one took its place meanwhile).
        if (this.entries.get(key) === current || !this.entries.has(key)) {
          this.entries.delete(key);
          this.entries.set(key, entry);
          this.prune(this.realNow(), clockNow);
        }
      },
      () => {
        // Failed: the current entry serves until it expires, then a request reads again.
        current.refreshing = false;
      },
    );
  }

  /** Starts a read (counted in `reads`): an entry stamped now, its value still loading. */
  private newEntry(realNow: number, clockNow: number, load: () => Promise<V>): Entry<V> {
    this.reads++;
    return { realAt: realNow, clockAt: clockNow, value: load(), settled: false, refreshing: false };
  }

  /** Whether the entry is younger than `share` of the TTL, by real time and by the app's clock. */
  private fresh(entry: Entry<V>, realNow: number, clockNow: number, share = 1): boolean {
    const limit = this.options.ttlMs * share;
    const clockAge = clockNow - entry.clockAt;
    return realNow - entry.realAt < limit && clockAge >= 0 && clockAge < limit;
  }

  /** Drops stale entries from the oldest end, then the oldest past the bound. */
  private prune(realNow: number, clockNow: number) {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.fresh(entry, realNow, clockNow)) break;
      this.entries.delete(key);
    }
  }

  clear() {
    this.entries.clear();
  }
}
