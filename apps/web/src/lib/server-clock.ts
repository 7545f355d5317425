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
export function syncServerClock(serverTime: string, sentAt?: number): void {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return;
  const receivedAt = Date.now();
  if (sentAt !== undefined) {
    const roundTrip = receivedAt - sentAt;
    if (roundTrip < 0 || roundTrip > MAX_SAMPLE_ROUND_TRIP_MS) return;
    offsetMs = server - (sentAt + roundTrip / 2);
  } else {
    offsetMs = server - receivedAt;
  }
  emit();
}

/** GET a JSON answer carrying `serverTime`, and set the page's clock from it. */
export async function getTimedJson<T extends { serverTime: string }>(
  path: string,
  signal?: AbortSignal,
): Promise<T> {
  const sentAt = Date.now();
  const answer = await getJson<T>(path, signal);
  syncServerClock(answer.serverTime, sentAt);
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
