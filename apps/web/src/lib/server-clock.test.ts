import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAMPLE_ROUND_TRIP_MS, serverNow, syncServerClock } from './server-clock';

const DEVICE = Date.parse('2026-11-21T12:00:00.000Z');

describe('server clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(DEVICE);
    // A clean offset of zero for every case.
    syncServerClock(new Date(DEVICE).toISOString());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows a pushed stamp as it arrives', () => {
    syncServerClock(new Date(DEVICE + 90_000).toISOString());
    expect(serverNow()).toBe(DEVICE + 90_000);
    vi.advanceTimersByTime(1_000);
    expect(serverNow()).toBe(DEVICE + 91_000);
  });

  it('places an answered stamp at the middle of the round trip', () => {
    const sentAt = Date.now();
    vi.advanceTimersByTime(400);
    // The server stamped its time 200 ms after the request left (device time).
    syncServerClock(new Date(sentAt + 200 + 60_000).toISOString(), sentAt);
    expect(serverNow()).toBe(DEVICE + 400 + 60_000);
  });

  it('ignores an answer whose round trip was too long to say anything', () => {
    syncServerClock(new Date(DEVICE + 10_000).toISOString());
    const sentAt = Date.now();
    // The device's clock jumps a minute while the request is out; the answer carries the old time.
    vi.advanceTimersByTime(MAX_SAMPLE_ROUND_TRIP_MS + 1);
    syncServerClock(new Date(sentAt + 10_000).toISOString(), sentAt);
    expect(serverNow()).toBe(Date.now() + 10_000);
  });

  it('ignores a stamp that is not a time', () => {
    syncServerClock(new Date(DEVICE + 5_000).toISOString());
    syncServerClock('not a time');
    expect(serverNow()).toBe(DEVICE + 5_000);
  });
});
