import type { AuditResponse } from '@rebound/contract/admin';
import { API } from '@rebound/contract/routes';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { recordAudit } from './audit';

// The audit log: written in the change's transaction (gone with it when it fails), listed newest
// first with filters by entity, actor and action, and paged.

let staff: SignedInUser;
let other: SignedInUser;
const t = useTestApp({}, async (t) => {
  staff = await signedInUser(t, { role: 'staff' });
  other = await signedInUser(t, { role: 'staff' });
});

async function list(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API.adminAudit}?${query}`,
    headers: { cookie: staff.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json<AuditResponse>();
}

describe('the audit log', () => {
  it('is written with the change, and rolled back with it', async () => {
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorId: staff.user.id,
        action: 'product.update',
        entityType: 'product',
        entityId: 'p-1',
        before: { price: 100, at: new Date('2026-01-01T00:00:00Z') },
        after: { price: 120 },
        reason: '  Price match ',
      });
    });
    await t.db
      .transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: staff.user.id,
          action: 'product.update',
          entityType: 'product',
          entityId: 'p-2',
        });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    const body = await list('entityType=product');
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      action: 'product.update',
      entityId: 'p-1',
      actor: { id: staff.user.id, email: staff.user.email },
      before: { price: 100, at: '2026-01-01T00:00:00.000Z' },
      after: { price: 120 },
      reason: 'Price match',
    });
  });

  it('filters by actor and action, searches, and pages newest first', async () => {
    for (let i = 0; i < 3; i++) {
      await recordAudit(t.db, {
        actorId: other.user.id,
        action: 'refund.create',
        entityType: 'order',
        entityId: `o-${i}`,
        reason: `refund ${i}`,
      });
    }
    expect((await list(`actorId=${other.user.id}`)).total).toBe(3);
    expect((await list('action=refund.create')).total).toBe(3);
    expect((await list(`q=${encodeURIComponent(other.user.handle)}`)).total).toBe(3);
    const page = await list('action=refund.create&pageSize=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${API.adminAudit}?actorId=nope`,
      headers: { cookie: staff.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
