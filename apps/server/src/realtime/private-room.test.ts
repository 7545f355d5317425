import type { ServerEvent } from '@rebound/contract/realtime';
import { userRoom } from '@rebound/contract/rooms';
import { API } from '@rebound/contract/routes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectSocket } from '../../test/socket';
import { SESSION_ENDED_CLOSE_CODE } from './routes';

// A socket's private room lasts as long as the session it opened with: once the person signs out
// or staff suspend them, their events (outbid, standing, notifications) no longer reach it.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
});

const notice = (): ServerEvent => ({
  type: 'NotificationsChangedV1',
  serverTime: t.clock.now().toISOString(),
});
const isPrivate = (e: ServerEvent) => e.type === 'NotificationsChangedV1';

/** What the socket sees first: the server closing it (with its code) or a private event. */
const firstOf = (client: Awaited<ReturnType<typeof connectSocket>>) =>
  Promise.race([
    new Promise<string>((resolve) => client.ws.once('close', (code) => resolve(`closed ${code}`))),
    client.waitFor(isPrivate, 30_000).then((e) => `received ${e.type}`),
  ]);

describe('private events over WebSocket', () => {
  it('reach the signed-in shopper\u2019s socket while the session stands', async () => {
    const ava = await signedInUser(t);
    const client = await connectSocket(base, ava.cookie);
    const hello = await client.waitFor((e) => e.type === 'HelloV1');
    expect(hello.type === 'HelloV1' && hello.signedIn).toBe(true);
    await t.app.deps.hub.publish([{ room: userRoom(ava.user.id), event: notice() }]);
    await client.waitFor(isPrivate);
    client.ws.close();
  });

  it('stop after the person signs out: the socket is closed and the event is not sent', async () => {
    const ben = await signedInUser(t);
    const client = await connectSocket(base, ben.cookie);
    await client.waitFor((e) => e.type === 'HelloV1');
    const out = await t.app.inject({ method: 'POST', url: API.authSignOut, headers: { cookie: ben.cookie } });
    expect(out.statusCode).toBe(200);
    const first = firstOf(client);
    await t.app.deps.hub.publish([{ room: userRoom(ben.user.id), event: notice() }]);
    expect(await first).toBe(`closed ${SESSION_ENDED_CLOSE_CODE}`);
    expect(client.events.filter(isPrivate)).toEqual([]);
  });

  it('stop after staff suspend the person', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const cleo = await signedInUser(t);
    const client = await connectSocket(base, cleo.cookie);
    await client.waitFor((e) => e.type === 'HelloV1');
    // Watched from before the suspension: the suspension's own AccountChangedV1 (people.ts) may end
    // the socket before the test publishes anything.
    const first = firstOf(client);
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonSuspend(cleo.user.id),
      headers: { cookie: staff.cookie },
      payload: { reason: 'Unpaid orders, twice' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.deps.hub.publish([{ room: userRoom(cleo.user.id), event: notice() }]);
    expect(await first).toBe(`closed ${SESSION_ENDED_CLOSE_CODE}`);
    expect(client.events.filter(isPrivate)).toEqual([]);
  });
});

describe('a suspension on its own', () => {
  it('ends the person\u2019s open socket at once (its AccountChangedV1 is checked), not at the next heartbeat', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    const dora = await signedInUser(t);
    const client = await connectSocket(base, dora.cookie);
    await client.waitFor((e) => e.type === 'HelloV1');
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
    const res = await t.app.inject({
      method: 'POST',
      url: API.adminPersonSuspend(dora.user.id),
      headers: { cookie: staff.cookie },
      payload: { reason: 'Shill bidding' },
    });
    expect(res.statusCode).toBe(200);
    // Well inside the 30 s heartbeat: nothing else is published to the room.
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 10_000));
    expect(await Promise.race([closed, timeout])).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe('a signed-in socket with no private traffic', () => {
  it('is closed at the next heartbeat (every 30 s) once its session has ended', async () => {
    // Only setInterval is faked, for this app: the heartbeat is moved on by hand.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const quiet = await createTestApp({ database: t.database });
    try {
      const quietBase = await quiet.app.listen({ host: '127.0.0.1', port: 0 });
      const dana = await signedInUser(quiet);
      const client = await connectSocket(quietBase, dana.cookie);
      await client.waitFor((e) => e.type === 'HelloV1');
      const out = await quiet.app.inject({
        method: 'POST',
        url: API.authSignOut,
        headers: { cookie: dana.cookie },
      });
      expect(out.statusCode).toBe(200);
      const closedWith = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
      vi.advanceTimersByTime(30_000);
      expect(await closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    } finally {
      vi.useRealTimers();
      await quiet.app.close();
    }
  });
});
