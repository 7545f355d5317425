// The seller's tax numbers on receipts are a back-office setting (docs/decisions/078): staff change
// them in Settings, checked and audited, and the next receipt (email and success page) prints them;
// a number left empty is the server's configured one.
import type { VerifyPaymentResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import type { AdminTaxRegistration } from '@rebound/contract/tax-registration';
import { GST_NUMBER_INVALID, PST_NUMBER_INVALID } from '@rebound/core/tax-registration';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMessageTo, type SignedInUser, signedInUser } from '../../../test/auth';
import { makeLocation } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import { shopperAt, startCheckout, TEST_CARD_FORM } from '../../../test/paid-orders';
import { makeOrder } from '../../../test/won-orders';
import { auditLog, siteSettings } from '../../db/schema';
import { TAX_REGISTRATION_KEY } from './repository';
import { requireTaxNumbers, sellerTaxRegistration, updateTaxRegistration } from './service';

const CONFIGURED = { gstNumber: '987654321 RT0001', pstNumber: 'PST-8765-4321' };
let locationId: string;
let staff: SignedInUser;
const t = useTestApp(
  { env: { SELLER_GST_NUMBER: CONFIGURED.gstNumber, SELLER_PST_NUMBER: CONFIGURED.pstNumber } },
  async (t) => {
    locationId = (await makeLocation(t.db, { name: 'Burnaby Warehouse' })).id;
    staff = await signedInUser(t, { role: 'staff' });
  },
);

const settings = (u: SignedInUser = staff) =>
  t.app.inject({ method: 'GET', url: API.adminTaxRegistration, headers: { cookie: u.cookie } });
const save = (payload: object, u: SignedInUser = staff) =>
  t.app.inject({ method: 'PUT', url: API.adminTaxRegistration, headers: { cookie: u.cookie }, payload });
const audits = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'site.tax_registration'), eq(auditLog.entityId, TAX_REGISTRATION_KEY)));

/** A shopper pays one won order: the receipt email's text and the success page's answer. */
async function aReceipt() {
  const u = await shopperAt(t, locationId);
  const { order } = await makeOrder(t.db, {
    now: t.clock.now(),
    userId: u.user.id,
    locationId,
    amountCents: 2_500,
  });
  const { sessionId } = await startCheckout(t, u, [order.id]);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: TEST_CARD_FORM,
  });
  expect(paid.statusCode, paid.body).toBeLessThan(400);
  const email = await lastMessageTo(t, u.user.email);
  expect(email?.subject).toMatch(/receipt/i);
  const verify = await t.app.inject({
    method: 'POST',
    url: API.checkoutVerify,
    headers: { cookie: u.cookie },
    payload: { sessionId },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return { text: email!.body, page: verify.json<VerifyPaymentResponse>().taxRegistration };
}

describe("the seller's tax numbers in Settings", () => {
  it('start as the configured numbers; staff change them and the next receipt, email and page, prints the new ones', async () => {
    let res = await settings();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminTaxRegistration>()).toEqual({
      saved: { gstNumber: null, pstNumber: null },
      configured: CONFIGURED,
      inUse: CONFIGURED,
    });
    const before = await aReceipt();
    expect(before.text).toContain('987654321 RT0001');
    expect(before.text).toContain('PST-8765-4321');
    expect(before.page).toEqual(CONFIGURED);

    // Typed loosely: kept in the printed form.
    res = await save({ gstNumber: ' 111222333rt0002 ', pstNumber: 'pst-2222-3333' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = { gstNumber: '111222333 RT0002', pstNumber: 'PST-2222-3333' };
    expect(res.json<AdminTaxRegistration>()).toEqual({
      saved: changed,
      configured: CONFIGURED,
      inUse: changed,
    });
    expect((await settings()).json<AdminTaxRegistration>().inUse).toEqual(changed);

    const after = await aReceipt();
    expect(after.text).toContain('GST/HST registration no.');
    expect(after.text).toContain('111222333 RT0002');
    expect(after.text).toContain('PST-2222-3333');
    expect(after.text).not.toContain('987654321 RT0001');
    expect(after.page).toEqual(changed);

    // Audited: who, before and after.
    const [entry, ...more] = await audits();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: staff.user.id,
      entityType: 'site_settings',
      before: { saved: { gstNumber: null, pstNumber: null }, inUse: CONFIGURED },
      after: { saved: changed, inUse: changed },
    });
  });

  it.each([
    [{ gstNumber: '12345 RT0001', pstNumber: 'PST-1234-5678' }, 'gstNumber', GST_NUMBER_INVALID],
    [{ gstNumber: '123456789 RT0001', pstNumber: '1234-5678' }, 'pstNumber', PST_NUMBER_INVALID],
    [{ gstNumber: '123456789 RC0001', pstNumber: 'PST 1234 5678' }, 'gstNumber', GST_NUMBER_INVALID],
  ])('refuses %o with a 400 that says the format, and writes nothing', async (body, path, message) => {
    const setting = await t.db.select().from(siteSettings).where(eq(siteSettings.key, TAX_REGISTRATION_KEY));
    const audited = (await audits()).length;
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', message, details: expect.arrayContaining([{ path, message }]) },
    });
    expect(await t.db.select().from(siteSettings).where(eq(siteSettings.key, TAX_REGISTRATION_KEY))).toEqual(
      setting,
    );
    expect(await audits()).toHaveLength(audited);
  });

  it('a number left empty is the configured one again', async () => {
    const res = await save({ gstNumber: '', pstNumber: 'PST-2222-3333' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminTaxRegistration>()).toMatchObject({
      saved: { gstNumber: null, pstNumber: 'PST-2222-3333' },
      inUse: { gstNumber: CONFIGURED.gstNumber, pstNumber: 'PST-2222-3333' },
    });
    expect(await sellerTaxRegistration(t.app.deps)).toEqual({
      gstNumber: CONFIGURED.gstNumber,
      pstNumber: 'PST-2222-3333',
    });
  });

  it('is for staff only', async () => {
    const shopper = await signedInUser(t);
    expect((await settings(shopper)).statusCode).toBe(403);
    expect((await save({ gstNumber: '', pstNumber: '' }, shopper)).statusCode).toBe(403);
  });
});

describe('in production, without a configured number', () => {
  // The server's configuration as production loads it without SELLER_GST_NUMBER.
  const production = () => ({
    ...t.config,
    env: 'production' as const,
    taxRegistration: { gstNumber: null, pstNumber: CONFIGURED.pstNumber },
  });

  it('does not start until Settings has it, and Settings cannot empty it', async () => {
    await t.db.delete(siteSettings).where(eq(siteSettings.key, TAX_REGISTRATION_KEY));
    await expect(requireTaxNumbers({ db: t.db, config: production() })).rejects.toThrow(
      /SELLER_GST_NUMBER and SELLER_PST_NUMBER are required in production/,
    );
    const deps = { db: t.db, config: production(), clock: t.clock };
    await expect(
      updateTaxRegistration(deps, staff.user, { gstNumber: null, pstNumber: null }),
    ).rejects.toMatchObject({
      code: 'tax_number_required',
      message:
        'Please enter the GST/HST number: the server has no configured number for receipts to fall back to.',
    });
    expect(await t.db.select().from(siteSettings).where(eq(siteSettings.key, TAX_REGISTRATION_KEY))).toEqual(
      [],
    );

    await updateTaxRegistration(deps, staff.user, { gstNumber: '111222333 RT0002', pstNumber: null });
    await expect(requireTaxNumbers({ db: t.db, config: production() })).resolves.toBeUndefined();
    expect(await sellerTaxRegistration({ db: t.db, config: production() })).toEqual({
      gstNumber: '111222333 RT0002',
      pstNumber: CONFIGURED.pstNumber,
    });
  });
});
