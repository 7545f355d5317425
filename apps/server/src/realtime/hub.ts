import type { ServerEvent } from '@rebound/contract/realtime';
import pg from 'pg';
import { KeyedBatcher } from '../lib/batcher';

export interface Published {
  room: string;
  event: ServerEvent;
}
type Listener = (json: string) => void;

/**
 * Rooms ('auction:<id>', 'user:<id>') and fan-out. Publish only after the transaction commits.
 * With PostgreSQL, events go through NOTIFY so every server process (this one included, via its
 * LISTEN connection) delivers them to its own sockets; with the embedded database, in-process.
 */
export interface RealtimeHub {
  publish(items: Published[]): Promise<void>;
  subscribe(room: string, listener: Listener): () => void;
  /** Number of local listeners (for metrics and tests). */
  size(): number;
  /** Whether events reach this server's sockets, and how often the LISTEN connection came back. */
  status(): HubStatus;
  /**
   * Called after events may have been lost (the LISTEN connection dropped and came back): every
   * local socket should be told to refetch what it shows.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface HubStatus {
  /** True in-process, or while the LISTEN connection is up. */
  listening: boolean;
  reconnects: number;
}

export interface PostgresHubOptions {
  /** Reconnect delays of the LISTEN connection: `minMs` doubling up to `maxMs`, with jitter. */
  backoff?: { minMs: number; maxMs: number };
}

/** The few logger methods the hub uses (the app passes its pino logger). */
export interface HubLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** The LISTEN connection's name in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'rebound-listen';
const DEFAULT_BACKOFF = { minMs: 100, maxMs: 5_000 };

const CHANNEL = 'rebound_events';
// NOTIFY payloads must stay under 8000 bytes.
const MAX_PAYLOAD = 7_500;
/** Publish calls carried by one burst of NOTIFYs at most (each call's events stay together). */
const PUBLISHES_PER_NOTIFY_BATCH = 500;

export class LocalRooms {
  private rooms = new Map<string, Set<Listener>>();

  subscribe(room: string, listener: Listener) {
    let set = this.rooms.get(room);
    if (!set) {
      set = new Set();
      this.rooms.set(room, set);
    }
    set.add(listener);
    return () => {
      const s = this.rooms.get(room);
      if (!s) return;
      s.delete(listener);
      if (s.size === 0) this.rooms.delete(room);
    };
  }

  dispatch(items: Published[]) {
    for (const { room, event } of items) {
      const set = this.rooms.get(room);
      if (!set || set.size === 0) continue;
      // Serialised once per event, not once per socket.
      const json = JSON.stringify(event);
      for (const listener of set) listener(json);
    }
  }

  size() {
    let n = 0;
    for (const s of this.rooms.values()) n += s.size;
    return n;
  }
}

export function localHub(): RealtimeHub {
  const rooms = new LocalRooms();
  return {
    async publish(items) {
      rooms.dispatch(items);
    },
    subscribe: (room, listener) => rooms.subscribe(room, listener),
    size: () => rooms.size(),
    // In-process delivery cannot miss an event.
    status: () => ({ listening: true, reconnects: 0 }),
    onResync: () => () => {},
    async close() {},
  };
}

/** The delay before reconnection attempt `attempt` (0-based): doubling from min to max, ±25% jitter. */
export function backoffDelay(
  attempt: number,
  backoff: { minMs: number; maxMs: number },
  random = Math.random,
) {
  const base = Math.min(backoff.minMs * 2 ** Math.min(attempt, 30), backoff.maxMs);
  // Jitter keeps several servers from reconnecting in step after a database restart.
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * NOTIFY/LISTEN between server processes. The LISTEN connection is a dedicated client (named
 * 'rebound-listen' in pg_stat_activity); when it drops (database restart, failover, a terminated
 * backend) the hub reconnects with backoff, listens again and asks every local socket to resync,
 * since notifications sent while it was down are gone. Publishing does not need it: NOTIFY goes
 * through its own small pool, so while this server's LISTEN is down its bids still reach the other
 * servers, and its own sockets catch up through the resync.
 */
export async function postgresHub(
  url: string,
  log: HubLog,
  options: PostgresHubOptions = {},
): Promise<RealtimeHub> {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const rooms = new LocalRooms();
  const resyncListeners = new Set<() => void>();
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  sender.on('error', (err) => log.error({ err }, 'realtime NOTIFY pool error'));

  let listener: pg.Client | null = null;
  let closed = false;
  let reconnects = 0;
  let attempt = 0;
  let downSince = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      rooms.dispatch(JSON.parse(msg.payload) as Published[]);
    } catch (err) {
      log.error({ err }, 'realtime notification could not be delivered');
    }
  };

  /** Connects and listens; rejects (and cleans up) if the connection drops on the way. */
  const listen = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      // An attempt that hangs (an unreachable host) fails and is retried rather than waited on.
      connectionTimeoutMillis: 10_000,
      // Notices a peer that vanished without closing the connection (a network partition).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let ended = false;
    client.on('notification', onNotification);
    client.on('error', (err) => {
      if (!closed) log.error({ err }, 'realtime LISTEN connection error');
    });
    client.once('end', () => {
      ended = true;
      if (client === listener) lost();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (ended) throw new Error('LISTEN connection ended while connecting');
      return client;
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
  };

  const lost = () => {
    listener = null;
    if (closed) return;
    downSince = Date.now();
    log.warn({}, 'realtime LISTEN connection lost; live updates paused until it reconnects');
    schedule();
  };

  const schedule = () => {
    const delay = backoffDelay(attempt++, backoff);
    timer = setTimeout(() => {
      timer = undefined;
      listen().then(
        async (client) => {
          if (closed) {
            await client.end().catch(() => {});
            return;
          }
          listener = client;
          reconnects += 1;
          log.info({ attempts: attempt, downMs: Date.now() - downSince }, 'realtime LISTEN reconnected');
          attempt = 0;
          // Listening again before the resync: whatever a client refetches, later events arrive.
          for (const l of resyncListeners) l();
        },
        (err) => {
          if (closed) return;
          log.error({ err, attempt }, 'realtime LISTEN reconnection failed');
          schedule();
        },
      );
    }, delay);
  };

  // The first connection must succeed: a server that cannot listen does not start.
  listener = await listen();

  // Publishes that arrive while a NOTIFY is on its way go together in the next (fewer statements
  // in a burst, and events leave in the order they were published): group commit on the project's
  // KeyedBatcher (lib/batcher.ts). Each call settles once its own events have gone, or with the error
  // of the NOTIFY that carried them.
  const notifier = new KeyedBatcher<Published[], void>(async (_key, calls) => {
    for (const chunk of chunks(calls.flat())) {
      await sender.query('select pg_notify($1, $2)', [CHANNEL, chunk]);
    }
    return calls.map(() => ({ ok: true, value: undefined }));
  }, PUBLISHES_PER_NOTIFY_BATCH);

  return {
    publish(items) {
      if (items.length === 0) return Promise.resolve();
      return notifier.submit(CHANNEL, items);
    },
    subscribe: (room, l) => rooms.subscribe(room, l),
    size: () => rooms.size(),
    status: () => ({ listening: listener !== null, reconnects }),
    onResync(l) {
      resyncListeners.add(l);
      return () => resyncListeners.delete(l);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}

/** Splits a batch into NOTIFY-sized JSON payloads. */
function* chunks(items: Published[]): Generator<string> {
  let batch: Published[] = [];
  let size = 2;
  for (const item of items) {
    const len = JSON.stringify(item).length + 1;
    if (batch.length > 0 && size + len > MAX_PAYLOAD) {
      yield JSON.stringify(batch);
      batch = [];
      size = 2;
    }
    batch.push(item);
    size += len;
  }
  if (batch.length > 0) yield JSON.stringify(batch);
}
