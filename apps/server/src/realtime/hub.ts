import type { ServerEvent } from '@rebound/contract/realtime';
import pg from 'pg';

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
  close(): Promise<void>;
}

const CHANNEL = 'rebound_events';
// NOTIFY payloads must stay under 8000 bytes.
const MAX_PAYLOAD = 7_500;

class LocalRooms {
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
    async close() {},
  };
}

export async function postgresHub(url: string, onError: (err: unknown) => void): Promise<RealtimeHub> {
  const rooms = new LocalRooms();
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  sender.on('error', onError);
  listener.on('error', onError);
  listener.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      rooms.dispatch(JSON.parse(msg.payload) as Published[]);
    } catch (err) {
      onError(err);
    }
  });
  await listener.connect();
  await listener.query(`listen ${CHANNEL}`);

  return {
    async publish(items) {
      if (items.length === 0) return;
      for (const chunk of chunks(items)) {
        await sender.query('select pg_notify($1, $2)', [CHANNEL, chunk]);
      }
    },
    subscribe: (room, l) => rooms.subscribe(room, l),
    size: () => rooms.size(),
    async close() {
      await listener.end().catch(() => {});
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
