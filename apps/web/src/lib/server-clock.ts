import { useSyncExternalStore } from 'react';
import { getJson } from './api-client';

// Countdowns run on the server's clock, not the device's: every catalogue response carries
// `serverTime`, and we keep one offset (server minus device) for the whole page. A single
// one-second timer, started while at least one component listens, drives every countdown.
//
// The server stamped its time somewhere between our request and its answer, so when we know when
// the request left, the best estimate of the device's time at that stamp is the midpoint of the
// round trip. An answer that took longer than MAX_SAMPLE_ROUND_TRIP_MS tells us little (and one
// that was in flight while the device's clock jumped would move every countdown backwards): it is
// ignored.

/** Round trips longer than this give no usable clock reading. */
export const MAX_SAMPLE_ROUND_TRIP_MS = 5_000;

let offsetMs = 0;
let nowMs = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  nowMs = Date.now() + offsetMs;
  for (const listener of listeners) listener();
}

/**
 * Record the server's time as seen in an answer that just arrived. `sentAt` is the device's time
 * when the request left (omit it for pushed messages, which are stamped as they are sent).
 */
export function syncServerClock(serverTime: string, sentAt?: number, receivedAt = Date.now()): void {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return;
  if (sentAt !== undefined) {
    const roundTrip = receivedAt - sentAt;
    if (roundTrip < 0 || roundTrip > MAX_SAMPLE_ROUND_TRIP_MS) return;
    offsetMs = server - (sentAt + roundTrip / 2);
  } else {
    offsetMs = server - receivedAt;
  }
  emit();
}

const usedPreloads = new Set<string>();

/**
 * When and how the HTML's `<link rel="preload" as="fetch">` for `path` went out and came back (device
 * time), the first time the page asks for it: the browser then answers fetch() from that early
 * request, stamped by the server well before fetch() was called (decision 037).
 */
function preloadTiming(path: string): { sentAt: number; receivedAt: number } | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return;
  const url = new URL(path, window.location.href).href;
  if (usedPreloads.has(url)) return;
  usedPreloads.add(url);
  const entry = (performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[]).find(
    (e) => e.initiatorType === 'link',
  );
  if (!entry || entry.responseStart <= 0) return;
  const origin = performance.timeOrigin;
  return {
    sentAt: origin + (entry.requestStart || entry.startTime),
    receivedAt: origin + entry.responseStart,
  };
}

/** GET a JSON answer carrying `serverTime`, and set the page's clock from it. */
export async function getTimedJson<T extends { serverTime: string }>(
  path: string,
  signal?: AbortSignal,
): Promise<T> {
  const sentAt = Date.now();
  const answer = await getJson<T>(path, signal);
  const preloaded = preloadTiming(path);
  if (preloaded && preloaded.receivedAt <= sentAt) {
    syncServerClock(answer.serverTime, preloaded.sentAt, preloaded.receivedAt);
  } else {
    syncServerClock(answer.serverTime, sentAt);
  }
  return answer;
}

/** The current server time in milliseconds, without subscribing. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    nowMs = Date.now() + offsetMs;
    timer = setInterval(emit, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function getSnapshot(): number {
  return nowMs;
}

/** Server time in ms, re-rendering the caller once per second. */
export function useServerNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * What `select` makes of the server time, re-rendering the caller only when that changes (a
 * string, number or boolean: compared with Object.is). A grid of cards then does not re-render
 * every card each second, only those whose countdown text or open/closed state moved.
 */
export function useServerClock<T extends string | number | boolean>(select: (now: number) => T): T {
  const snapshot = () => select(nowMs);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
