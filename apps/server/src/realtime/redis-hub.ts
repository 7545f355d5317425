import { Redis } from 'ioredis';
import { type HubLog, LocalRooms, type Published, type RealtimeHub } from './hub';

// The realtime fan-out through Redis pub/sub (REALTIME=redis, or REDIS_URL set with REALTIME=auto;
// docs/decisions/033-several-servers.md). Same contract as the NOTIFY hub: callers publish after
// their transaction commits; all servers receive the channel's messages in the one order Redis
// sent them, so per-room order holds; after the subscriber connection comes back every local
// socket is told to resync, since messages published while it was down are gone. No payload limit
// (NOTIFY's is 8000 bytes) and no database connection or queue is spent on events.

export interface RedisHubOptions {
  /** The pub/sub channel (tests use their own). */
  channel?: string;
  /** The subscriber connection's name in CLIENT LIST. */
  connectionName?: string;
}

export async function redisHub(
  url: string,
  log: HubLog,
  options: RedisHubOptions = {},
): Promise<RealtimeHub> {
  const channel = options.channel ?? 'rebound:events';
  const rooms = new LocalRooms();
  const resyncListeners = new Set<() => void>();
  // Publishing: a command sent while Redis is away fails after a couple of retries (the caller logs it).
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  // Subscribing: reconnects by itself (ioredis backoff); subscribes again itself, then resyncs.
  const sub = new Redis(url, {
    autoResubscribe: false,
    maxRetriesPerRequest: null,
    lazyConnect: true,
    connectionName: options.connectionName ?? 'rebound-realtime',
    retryStrategy: (times) => Math.min(50 * 2 ** times, 5_000),
  });
  pub.on('error', (err) => log.error({ err }, 'realtime Redis publisher error'));
  sub.on('error', (err) => {
    if (!closed) log.error({ err }, 'realtime Redis subscriber error');
  });

  let closed = false;
  let listening = false;
  let reconnects = 0;
  let connectedOnce = false;

  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      rooms.dispatch(JSON.parse(message) as Published[]);
    } catch (err) {
      log.error({ err }, 'realtime message could not be delivered');
    }
  });
  sub.on('close', () => {
    if (listening && !closed)
      log.warn({}, 'realtime Redis subscriber lost; live updates paused until it reconnects');
    listening = false;
  });
  sub.on('ready', () => {
    if (!connectedOnce) return;
    sub.subscribe(channel).then(
      () => {
        if (closed) return;
        listening = true;
        reconnects += 1;
        log.info({ reconnects }, 'realtime Redis subscriber reconnected');
        // Subscribed again before the resync: whatever a client refetches, later events arrive.
        for (const l of resyncListeners) l();
      },
      (err: unknown) => log.error({ err }, 'realtime Redis subscribe failed'),
    );
  });

  // The first subscription must succeed: a server that cannot listen does not start.
  try {
    await sub.connect();
    await sub.subscribe(channel);
  } catch (err) {
    sub.disconnect();
    pub.disconnect();
    throw err;
  }
  connectedOnce = true;
  listening = true;

  return {
    async publish(items) {
      if (items.length === 0) return;
      await pub.publish(channel, JSON.stringify(items));
    },
    subscribe: (room, l) => rooms.subscribe(room, l),
    size: () => rooms.size(),
    status: () => ({ listening, reconnects }),
    onResync(l) {
      resyncListeners.add(l);
      return () => resyncListeners.delete(l);
    },
    async close() {
      closed = true;
      listening = false;
      await sub.quit().catch(() => sub.disconnect());
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
