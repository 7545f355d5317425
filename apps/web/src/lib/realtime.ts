import type { ClientMessage, ServerEvent } from '@rebound/contract/realtime';
import { SESSION_ENDED_CLOSE_CODE, WS_PATH } from '@rebound/contract/routes';
import { useEffect, useRef } from 'react';
import { syncServerClock } from './server-clock';

// One WebSocket per tab (decision 003): auction and pickup-location rooms on request, the signed-in
// shopper's own room joined by the server from the session cookie. Opened when the first listener
// arrives, reconnected with backoff after a drop (rooms are joined again); every reconnection tells
// listeners to refetch what they show, since events sent while the socket was down are gone.

type EventListener = (event: ServerEvent) => void;
type ResyncListener = () => void;

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 15_000;
/**
 * The server closes with 1012 (Service Restart) when it stops (deploy, restart): the tab comes back
 * soon, at a random moment in this window, so a whole audience does not return in one millisecond.
 */
export const SERVICE_RESTART_CODE = 1012;
const RESTART_MIN_MS = 250;
const RESTART_SPREAD_MS = 2_000;

const auctionRefs = new Map<string, number>();
const locationRefs = new Map<string, number>();
const eventListeners = new Set<EventListener>();
const resyncListeners = new Set<ResyncListener>();
const sessionEndedListeners = new Set<() => void>();

let socket: WebSocket | null = null;
let everOpened = false;
let backoffMs = MIN_BACKOFF_MS;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

function wanted(): boolean {
  return eventListeners.size > 0 || auctionRefs.size > 0 || locationRefs.size > 0;
}

function send(message: ClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function isServerEvent(value: unknown): value is ServerEvent {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

function connect(): void {
  if (socket || typeof WebSocket === 'undefined') return;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener('open', () => {
    backoffMs = MIN_BACKOFF_MS;
    const ids = [...auctionRefs.keys()];
    if (ids.length > 0) send({ type: 'subscribe', auctionIds: ids });
    for (const locationId of locationRefs.keys()) send({ type: 'subscribeLocation', locationId });
    if (everOpened) for (const listener of resyncListeners) listener();
    everOpened = true;
  });
  ws.addEventListener('message', (message) => {
    let event: unknown;
    try {
      event = JSON.parse(String(message.data));
    } catch {
      return;
    }
    if (!isServerEvent(event)) return;
    if ('serverTime' in event && typeof event.serverTime === 'string') syncServerClock(event.serverTime);
    // The server missed events itself (its database feed dropped and came back): refetch, as after
    // a reconnection of this socket.
    if (event.type === 'ResyncV1') for (const listener of resyncListeners) listener();
    else for (const listener of eventListeners) listener(event);
  });
  ws.addEventListener('close', (event) => {
    if (socket !== ws) return;
    socket = null;
    const code = (event as Partial<CloseEvent>).code;
    // The server ended the socket because its session ended (signed out elsewhere, suspended):
    // the page asks who is signed in (app/use-realtime-session.ts) before it reconnects as them.
    if (code === SESSION_ENDED_CLOSE_CODE) for (const listener of sessionEndedListeners) listener();
    scheduleReconnect(code === SERVICE_RESTART_CODE);
  });
}

function scheduleReconnect(serverRestart = false): void {
  if (reconnectTimer !== undefined || !wanted()) return;
  // Jitter spreads a whole audience reconnecting after a server restart.
  const delay = serverRestart
    ? RESTART_MIN_MS + Math.random() * RESTART_SPREAD_MS
    : backoffMs * (0.75 + Math.random() * 0.5);
  backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  reconnectTimer = setTimeout(() => {
    reconnectTimer = undefined;
    if (wanted()) connect();
  }, delay);
}

function disconnectIfUnused(): void {
  if (wanted() || !socket) return;
  const ws = socket;
  socket = null;
  ws.close();
}

/**
 * Reconnects now, e.g. after sign-in or sign-out: the server decides the shopper's room when the
 * socket opens, from the session cookie.
 */
export function restartRealtime(): void {
  if (reconnectTimer !== undefined) {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
  }
  const ws = socket;
  socket = null;
  ws?.close();
  if (wanted()) {
    everOpened = true; // the new socket's opening is a resync
    connect();
  }
}

function addAuctions(ids: readonly string[]): void {
  const fresh: string[] = [];
  for (const id of ids) {
    const count = auctionRefs.get(id) ?? 0;
    auctionRefs.set(id, count + 1);
    if (count === 0) fresh.push(id);
  }
  if (!socket) connect();
  else if (fresh.length > 0) send({ type: 'subscribe', auctionIds: fresh });
}

function removeAuctions(ids: readonly string[]): void {
  const gone: string[] = [];
  for (const id of ids) {
    const count = auctionRefs.get(id) ?? 0;
    if (count <= 1) {
      auctionRefs.delete(id);
      gone.push(id);
    } else auctionRefs.set(id, count - 1);
  }
  if (gone.length > 0) send({ type: 'unsubscribe', auctionIds: gone });
  disconnectIfUnused();
}

function addLocation(locationId: string): void {
  const count = locationRefs.get(locationId) ?? 0;
  locationRefs.set(locationId, count + 1);
  if (!socket) connect();
  else if (count === 0) send({ type: 'subscribeLocation', locationId });
}

function removeLocation(locationId: string): void {
  const count = locationRefs.get(locationId) ?? 0;
  if (count <= 1) {
    locationRefs.delete(locationId);
    send({ type: 'unsubscribeLocation', locationId });
  } else locationRefs.set(locationId, count - 1);
  disconnectIfUnused();
}

/** Receives every event while mounted (and keeps the socket open). The handler may change freely. */
export function useRealtimeEvents(handler: EventListener, onResync?: ResyncListener, enabled = true): void {
  const handlerRef = useRef(handler);
  const resyncRef = useRef(onResync);
  handlerRef.current = handler;
  resyncRef.current = onResync;
  useEffect(() => {
    if (!enabled) return;
    return listenRealtime(
      (event) => handlerRef.current(event),
      () => resyncRef.current?.(),
    );
  }, [enabled]);
}

/** Receives every event, and a call whenever they should be refetched, until the returned stop. */
export function listenRealtime(listener: EventListener, resync: ResyncListener): () => void {
  eventListeners.add(listener);
  resyncListeners.add(resync);
  connect();
  return () => {
    eventListeners.delete(listener);
    resyncListeners.delete(resync);
    disconnectIfUnused();
  };
}

/** Called when the server closes the socket because its session ended, until the returned stop. */
export function onRealtimeSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** Joins the rooms of these auctions while mounted. */
export function useAuctionRooms(auctionIds: readonly string[]): void {
  const key = [...auctionIds].sort().join(',');
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',');
    if (ids.length === 0) return;
    addAuctions(ids);
    return () => removeAuctions(ids);
  }, [key]);
}

/** Joins a pickup location's room (PickupSlotsChangedV1) until the returned leave is called. */
export function joinLocationRoom(locationId: string): () => void {
  addLocation(locationId);
  let joined = true;
  return () => {
    if (!joined) return;
    joined = false;
    removeLocation(locationId);
  };
}

/** Joins a pickup location's room while mounted. */
export function useLocationRoom(locationId: string | null | undefined): void {
  useEffect(() => (locationId ? joinLocationRoom(locationId) : undefined), [locationId]);
}
