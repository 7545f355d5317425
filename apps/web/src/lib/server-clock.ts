import { useSyncExternalStore } from 'react';

// Countdowns run on the server's clock, not the device's: every catalogue response carries
// `serverTime`, and we keep one offset (server minus device) for the whole page. A single
// one-second timer, started while at least one component listens, drives every countdown.

let offsetMs = 0;
let nowMs = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  nowMs = Date.now() + offsetMs;
  for (const listener of listeners) listener();
}

/** Record the server's time as seen in a response that just arrived. */
export function syncServerClock(serverTime: string): void {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return;
  offsetMs = server - Date.now();
  emit();
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
