import type { ServerEvent } from '@rebound/contract/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's WebSocket: the test opens it and delivers messages. */
class FakeSocket extends EventTarget {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  deliver(event: ServerEvent) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
}

describe('the tab’s realtime socket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { protocol: 'http:', host: 'rebound.test' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refetches when the server says its own feed had a gap (ResyncV1), as after a reconnect', async () => {
    const { listenRealtime } = await import('./realtime');
    const events: ServerEvent[] = [];
    const resync = vi.fn();
    const stop = listenRealtime((e) => events.push(e), resync);
    const socket = FakeSocket.all[0];
    if (!socket) throw new Error('no socket opened');
    expect(socket.url).toBe('ws://rebound.test/ws');
    socket.open();
    const serverTime = new Date().toISOString();
    socket.deliver({ type: 'HelloV1', serverTime, signedIn: false });
    expect(resync).not.toHaveBeenCalled();

    socket.deliver({ type: 'ResyncV1', serverTime });
    expect(resync).toHaveBeenCalledTimes(1);
    expect(events.map((e) => e.type)).toEqual(['HelloV1']);
    stop();
  });

  it('joins a pickup location room when the socket opens, rejoins it after a reconnect, and leaves it', async () => {
    vi.useFakeTimers();
    try {
      const { joinLocationRoom } = await import('./realtime');
      const locationId = '3f0e8f3a-5d6b-4c1e-9a2b-7c8d9e0f1a2b';
      const leave = joinLocationRoom(locationId);
      const first = FakeSocket.all.at(-1)!;
      first.open();
      expect(first.sent).toContainEqual({ type: 'subscribeLocation', locationId });

      // The connection drops: the next socket joins the room again by itself.
      first.close();
      await vi.advanceTimersByTimeAsync(20_000);
      const second = FakeSocket.all.at(-1)!;
      expect(second).not.toBe(first);
      second.open();
      expect(second.sent).toContainEqual({ type: 'subscribeLocation', locationId });

      leave();
      leave(); // a second leave changes nothing
      expect(second.sent.filter((m) => JSON.stringify(m).includes('unsubscribeLocation'))).toEqual([
        { type: 'unsubscribeLocation', locationId },
      ]);
      // Nothing else keeps the socket: it closes.
      expect(second.readyState).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('comes back within a couple of seconds, at a random moment, when the server restarts (1012)', async () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random');
    try {
      const { listenRealtime, SERVICE_RESTART_CODE } = await import('./realtime');
      const resync = vi.fn();
      const stop = listenRealtime(() => {}, resync);
      const first = FakeSocket.all.at(-1)!;
      first.open();
      const restart = () => {
        first.readyState = 3;
        first.dispatchEvent(Object.assign(new Event('close'), { code: SERVICE_RESTART_CODE }));
      };

      // The latest moment of the window: nothing before it, a new socket at it.
      random.mockReturnValue(0.999);
      restart();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(FakeSocket.all.at(-1)).toBe(first);
      await vi.advanceTimersByTimeAsync(300);
      const second = FakeSocket.all.at(-1)!;
      expect(second).not.toBe(first);
      second.open();
      expect(resync).toHaveBeenCalled(); // what was missed meanwhile is refetched
      stop();
    } finally {
      random.mockRestore();
      vi.useRealTimers();
    }
  });
});
