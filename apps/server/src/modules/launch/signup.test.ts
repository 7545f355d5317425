// Pre-launch mode (docs/decisions/028-pre-launch-mode.md): the double opt-in launch list, its confirmation
// link and the bypass (medium: a real database).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API } from '@rebound/contract/routes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMessageTo, linkPath, testAddress } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { drainOutbox } from '../../../test/outbox';
import { REPO_ROOT } from '../../config';
import { devMessages, listSignups, outbox } from '../../db/schema';
import { BYPASS_COOKIE } from './tokens';

const BYPASS = 'insider@rebound.test';
const NOW = new Date('2026-06-15T18:00:00.000Z');
const t = useTestApp({ now: NOW, env: { LAUNCH_BYPASS_EMAIL: ` ${BYPASS.toUpperCase()}` } });

let n = 0;
const fresh = () => `fan${++n}.${Date.now().toString(36)}@example.test`;

const join = (payload: unknown, remoteAddress = testAddress()) =>
  t.app.inject({ method: 'POST', url: API.launchSignup, payload: payload as object, remoteAddress });

async function signupOf(email: string) {
  const [row] = await t.db.select().from(listSignups).where(eq(listSignups.email, email));
  return row ?? null;
}

/** The confirmation link of the newest email to the address, as a path to inject. */
async function confirmLink(email: string): Promise<string> {
  const msg = await lastMessageTo(t, email);
  expect(msg?.subject).toBe('Confirm you want Rebound launch news');
  return linkPath(msg!.body);
}

const open = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: testAddress() });

describe('launch signup', () => {
  it("validates with the email check's texts and stores nothing for bad input", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(listSignups);
    let res = await join({ email: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter your email address.');
    res = await join({ email: 'no-at-sign.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid email address.');
    res = await join({ email: 'a@b.co', source: 'somewhere-else' });
    expect(res.statusCode).toBe(400);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(listSignups);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('stores a pending signup (normalised, with source, utm and locale) and emails a confirmation link', async () => {
    const email = fresh();
    const res = await join({
      email: `  ${email.toUpperCase()} `,
      source: 'landing-page',
      utm: { source: 'instagram', campaign: 'launch', medium: '' },
      metadata: { locale: 'fr-CA' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: 'Check your email',
      message: 'We sent you a confirmation link. Open it to join the launch list.',
      bypass: false,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const row = await signupOf(email);
    expect(row).toMatchObject({
      source: 'landing-page',
      utm: { source: 'instagram', campaign: 'launch' },
      locale: 'fr-CA',
      status: 'pending',
      confirmedAt: null,
    });
    expect(row!.confirmTokenExpiresAt!.getTime() - row!.confirmSentAt!.getTime()).toBe(48 * 3600_000);
    const link = await confirmLink(email);
    expect(link).toMatch(/^\/api\/launch\/confirm\?token=[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect(row!.confirmTokenHash).not.toContain(token);
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('confirms once: success, then already confirmed; a tampered or unknown link is an error', async () => {
    const email = fresh();
    await join({ email });
    const link = await confirmLink(email);

    const tampered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    let res = await open(tampered);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/launch-error');
    for (const bad of [
      API.launchConfirm,
      `${API.launchConfirm}?token=`,
      `${API.launchConfirm}?token=short`,
      `${API.launchConfirm}?token=a&token=b`,
    ]) {
      expect((await open(bad)).headers.location).toBe('/launch-error');
    }
    expect((await signupOf(email))!.status).toBe('pending');

    res = await open(link);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/launch-success');
    const row = await signupOf(email);
    expect(row).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });
    expect(Math.abs(row!.confirmedAt!.getTime() - t.clock.now().getTime())).toBeLessThan(60_000);

    res = await open(link);
    expect(res.headers.location).toBe('/launch-already-confirmed');
    expect((await signupOf(email))!.confirmedAt).toEqual(row!.confirmedAt);
  });

  it('lets a link expire after 48 hours; a resend replaces the token and works', async () => {
    const email = fresh();
    await join({ email });
    const first = await confirmLink(email);
    t.clock.advance(48 * 3600_000 + 1000);
    expect((await open(first)).headers.location).toBe('/launch-error');
    expect((await signupOf(email))!.status).toBe('pending');

    expect((await join({ email, source: 'launch-error-resend' })).statusCode).toBe(200);
    const second = await confirmLink(email);
    expect(second).not.toBe(first);
    // The first token is gone for good, even before its own expiry would matter.
    expect((await open(first)).headers.location).toBe('/launch-error');
    expect((await open(second)).headers.location).toBe('/launch-success');
    // The first form keeps the credit for the signup.
    expect((await signupOf(email))!.source).toBe('landing-page');
  });

  it('confirms once when two clicks arrive at the same moment', async () => {
    const email = fresh();
    await join({ email });
    const link = await confirmLink(email);
    const results = await Promise.all([open(link), open(link), open(link)]);
    const places = results.map((r) => r.headers.location).sort();
    expect(places).toEqual(['/launch-already-confirmed', '/launch-already-confirmed', '/launch-success']);
  });

  it('answers an address already confirmed the same way, and sends it nothing', async () => {
    const email = fresh();
    await join({ email });
    await open(await confirmLink(email));
    await drainOutbox(t);
    const queued = async () =>
      (
        await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.recipient, email))
      )[0]!.n;
    const before = await queued();
    const res = await join({ email, source: 'footer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Check your email');
    expect(await queued()).toBe(before);
    expect((await signupOf(email))!.status).toBe('confirmed');
  });

  it('limits signups per address (IP) and per email with the usual 429', async () => {
    const from = testAddress();
    for (let i = 0; i < 10; i++) expect((await join({ email: fresh() }, from)).statusCode).toBe(200);
    const eleventh = await join({ email: fresh() }, from);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a moment and try again.',
    });

    const email = fresh();
    for (let i = 0; i < 3; i++) expect((await join({ email })).statusCode).toBe(200);
    const fourth = await join({ email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('rate_limited');
    // An hour later (the app's clock) the address may ask again.
    t.clock.advance(3600_000 + 1000);
    expect((await join({ email })).statusCode).toBe(200);
  });
});

describe('the bypass address', () => {
  it('signs up normally for any other address', async () => {
    const res = await join({ email: 'insider@rebound.test.example' });
    expect(res.json()).toMatchObject({ bypass: false, title: 'Check your email' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await signupOf('insider@rebound.test.example')).not.toBeNull();
  });

  it('unlocks this browser (httpOnly cookie) and stores and sends nothing', async () => {
    const res = await join({ email: `  ${BYPASS.replace('insider', 'INSIDER')} ` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ bypass: true, title: 'Unlocked', unlockToken: expect.any(String) });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(`^${BYPASS_COOKIE}=[^;]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
    );
    expect(res.body.toLowerCase()).not.toContain(BYPASS);
    expect(cookie.toLowerCase()).not.toContain(BYPASS);
    expect(await signupOf(BYPASS)).toBeNull();
    await drainOutbox(t);
    const mails = await t.db.select().from(devMessages).where(eq(devMessages.recipient, BYPASS));
    expect(mails).toHaveLength(0);

    // The token kept in local storage sets the cookie again; a forged one does not.
    const again = await t.app.inject({
      method: 'POST',
      url: API.launchUnlock,
      payload: { token: body.unlockToken },
    });
    expect(again.statusCode).toBe(200);
    expect(String(again.headers['set-cookie'])).toContain(`${BYPASS_COOKIE}=${body.unlockToken};`);
    const forged = await t.app.inject({
      method: 'POST',
      url: API.launchUnlock,
      payload: { token: `${body.unlockToken.slice(0, -2)}xx` },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['set-cookie']).toBeUndefined();
  });

  it('is never in the web app’s sources', async () => {
    const hits: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist') await walk(full);
        } else if ((await readFile(full, 'utf8')).toLowerCase().includes(BYPASS)) hits.push(full);
      }
    };
    await walk(path.join(REPO_ROOT, 'apps/web'));
    await walk(path.join(REPO_ROOT, 'packages/contract/src'));
    expect(hits).toEqual([]);
  });
});
