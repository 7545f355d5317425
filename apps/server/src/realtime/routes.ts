import websocket from '@fastify/websocket';
import { ClientMessage, type ServerEvent, WS_PATH } from '@rebound/contract/realtime';
import { auctionRoom, locationRoom, userRoom } from '@rebound/contract/rooms';
import { SESSION_ENDED_CLOSE_CODE } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { batchedSessionChecks } from './session-checks';

const MAX_ROOMS_PER_SOCKET = 200;
const MAX_BUFFERED_BYTES = 1_000_000;
const HEARTBEAT_MS = 30_000;
/** Close code 1012 (Service Restart) and its reason: the server is stopping; reconnect (decision 032). */
export const RESTART_CLOSE_CODE = 1012;
export const RESTART_CLOSE_REASON = 'reconnect';
/** A client that does not answer the closing handshake within this is cut (ws would wait 30 s). */
const CLOSE_HANDSHAKE_MS = 2_000;

/**
 * Close code and reason when the session the socket opened with has ended (signed out, expired, or
 * the account suspended): the browser reconnects as whoever its cookie now says (docs/decisions/047).
 */
export { SESSION_ENDED_CLOSE_CODE };
export const SESSION_ENDED_CLOSE_REASON = 'session ended';

/** A session as the sockets check it: when it expires and its account's status (auth's sessionStates). */
export interface SocketSession {
  expiresAt: Date;
  status: 'active' | 'suspended';
}

/**
 * What the socket needs from outside: the sessions among `tokens` that still exist (a token signed
 * out or ended is absent), read in one query. app.ts passes auth's `sessionStates`, so realtime/
 * imports no module (docs/architecture.md "Layers").
 */
export interface RealtimeOptions {
  sessionStates: (tokens: readonly string[]) => Promise<Map<string, SocketSession>>;
}

/** Who a signed-in socket belongs to: the session it opened with and the account's status then. */
interface Owner {
  token: string;
  status: SocketSession['status'];
  /** Leaves the private room and closes the socket (once). */
  end: () => void;
}

/**
 * One socket per tab. Auction and pickup-location rooms on request; the signed-in shopper's own room
 * automatically. A location room carries only 'slots changed' (no one's bookings), so anyone may join.
 */
export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeOptions) {
  const { sessionStates } = opts;
  const sockets = new Set<WebSocket>();
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // Stopping (SIGTERM): before the listener closes, every socket hears 1012 "reconnect" and the
    // browser comes back, with jitter, to the next server. Stragglers are cut shortly after.
    preClose: async () => {
      const open = [...sockets];
      for (const s of open) s.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
      if (open.length > 0) {
        setTimeout(() => {
          for (const s of open) if (s.readyState !== s.CLOSED) s.terminate();
        }, CLOSE_HANDSHAKE_MS).unref();
      }
    },
  });
  const { hub, clock } = app.deps;
  const alive = new WeakMap<WebSocket, boolean>();
  const owners = new Map<WebSocket, Owner>();

  /** Whether the session still exists, has not expired and the account was not suspended since. */
  const stillSignedIn = (owner: Owner, state: SocketSession | undefined) =>
    state !== undefined && state.expiresAt.getTime() > clock.now().getTime() && state.status === owner.status;

  /** Private events' session checks: those that arrive together are checked in one query. */
  const checkThen = batchedSessionChecks(sessionStates, (err, events) =>
    app.log.warn({ err, events }, 'live-update sessions could not be checked; events not sent'),
  );

  /** Every signed-in socket's session, checked in one query: those that ended leave. */
  const checkSessions = async () => {
    const open = [...owners];
    if (open.length === 0) return;
    const states = await sessionStates([...new Set(open.map(([, o]) => o.token))]);
    for (const [, owner] of open) if (!stillSignedIn(owner, states.get(owner.token))) owner.end();
  };

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
    checkSessions().catch((err) => app.log.warn({ err }, 'live-update sessions could not be checked'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // Events may have been lost while the hub could not hear them: every socket refetches.
  const offResync = hub.onResync(() => {
    const json = JSON.stringify({
      type: 'ResyncV1',
      serverTime: clock.now().toISOString(),
    } satisfies ServerEvent);
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(json);
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    offResync();
    for (const s of sockets) s.terminate();
  });

  app.get(WS_PATH, { websocket: true }, (socket, request) => {
    sockets.add(socket);
    app.deps.live.openSockets = sockets.size;
    alive.set(socket, true);
    const leave = new Map<string, () => void>();
    const send = (json: string) => {
      // A client that stops reading is dropped rather than buffered without bound.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      if (socket.readyState === socket.OPEN) socket.send(json);
    };
    const sendEvent = (event: ServerEvent) => send(JSON.stringify(event));
    const join = (room: string) => {
      if (!leave.has(room) && leave.size < MAX_ROOMS_PER_SOCKET) leave.set(room, hub.subscribe(room, send));
    };
    const part = (room: string) => {
      leave.get(room)?.();
      leave.delete(room);
    };

    // The shopper's own room: every event for it is sent only after checking, in order, that the
    // session still stands (checks batched across sockets, session-checks.ts); the first check that
    // fails ends the socket (and the heartbeat checks every signed-in socket, so one with no private
    // traffic leaves within HEARTBEAT_MS too).
    const user = request.user;
    if (user?.sessionToken) {
      const room = userRoom(user.id);
      let ended = false;
      const owner: Owner = {
        token: user.sessionToken,
        status: user.status,
        end: () => {
          if (ended) return;
          ended = true;
          owners.delete(socket);
          part(room);
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
            socket.close(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_REASON);
          }
        },
      };
      owners.set(socket, owner);
      const sendPrivate = (json: string) => {
        if (ended) return;
        checkThen(owner.token, (state) => {
          if (ended) return;
          if (stillSignedIn(owner, state)) send(json);
          else owner.end();
        });
      };
      leave.set(room, hub.subscribe(room, sendPrivate));
    }
    sendEvent({ type: 'HelloV1', serverTime: clock.now().toISOString(), signedIn: owners.has(socket) });

    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (raw) => {
      alive.set(socket, true);
      let parsed: ReturnType<typeof ClientMessage.safeParse>;
      try {
        parsed = ClientMessage.safeParse(JSON.parse(String(raw)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const msg = parsed.data;
      if (msg.type === 'ping') sendEvent({ type: 'PongV1', serverTime: clock.now().toISOString() });
      else if (msg.type === 'subscribe') for (const id of msg.auctionIds) join(auctionRoom(id));
      else if (msg.type === 'unsubscribe') for (const id of msg.auctionIds) part(auctionRoom(id));
      else if (msg.type === 'subscribeLocation') join(locationRoom(msg.locationId));
      else part(locationRoom(msg.locationId));
    });
    socket.on('close', () => {
      sockets.delete(socket);
      app.deps.live.openSockets = sockets.size;
      owners.delete(socket);
      for (const off of leave.values()) off();
      leave.clear();
    });
    socket.on('error', () => socket.terminate());
  });
}
