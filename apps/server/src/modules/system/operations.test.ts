import type { OperationsResponse } from '@rebound/contract/admin-operations';
import { API } from '@rebound/contract/routes';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/auth';
import { TEST_DB_KIND } from '../../../test/database';
import { useTestApp } from '../../../test/harness';
import { drainOutbox, queueTestMessages } from '../../../test/outbox';

const t = useTestApp();

const get = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: API.adminOperations, headers: cookie ? { cookie } : {} });

describe('the operator page API', () => {
  it('is for staff only: 401 signed out, 403 for a shopper', async () => {
    const shopper = await signedInUser(t);
    expect((await get()).statusCode).toBe(401);
    expect((await get(shopper.cookie)).statusCode).toBe(403);
  });

  it('shows a queued message, a dead letter with its request id, sends, jobs and realtime', async () => {
    const staff = await signedInUser(t, { role: 'staff' });
    // The sign-up emails go out first: nothing waits after this, and they count as sent.
    await drainOutbox(t);
    t.app.deps.jobs.register('operations.test', 60_000);

    let res = await get(staff.cookie);
    expect(res.statusCode).toBe(200);
    let body = res.json<OperationsResponse>();
    expect(body.outbox).toMatchObject({ pending: 0, oldestPendingAgeSeconds: 0, dead: 0, latestDead: [] });
    expect(body.outbox.sentLastDay.email).toBeGreaterThan(0);
    expect(body.instance.pid).toBe(process.pid);
    expect(body.realtime).toEqual({ listenConnected: true, listenReconnects: 0, openSockets: 0 });
    expect(body.jobs).toContainEqual({
      name: 'operations.test',
      everySeconds: 60,
      lastSuccessSecondsAgo: null,
      lagSeconds: 0,
      failures: 0,
    });
    // The embedded database has no pool; PostgreSQL's is counted.
    if (TEST_DB_KIND === 'pglite') expect(body.dbPool).toBeNull();
    else expect(body.dbPool?.total).toBeGreaterThan(0);

    const now = t.clock.now();
    const tenMinutesAgo = new Date(now.getTime() - 600_000);
    await queueTestMessages(t.db, tenMinutesAgo, 1, () => ({ createdAt: tenMinutesAgo }));
    const [deadId] = await queueTestMessages(t.db, now, 1, () => ({
      status: 'dead',
      attempts: 8,
      lastError: 'SMTP said 550 no such mailbox',
      deadAt: now,
      requestId: 'req-dead-1',
    }));

    res = await get(staff.cookie);
    body = res.json<OperationsResponse>();
    expect(body.outbox.pending).toBe(1);
    // The test clock runs on from where it was set: at least the ten minutes.
    expect(body.outbox.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(body.outbox.oldestPendingAgeSeconds).toBeLessThan(3600);
    expect(body.outbox.dead).toBe(1);
    expect(body.outbox.latestDead).toEqual([
      {
        id: deadId,
        channel: 'email',
        template: 'test',
        attempts: 8,
        lastError: 'SMTP said 550 no such mailbox',
        requestId: 'req-dead-1',
        deadAt: now.toISOString(),
      },
    ]);
  });
});
