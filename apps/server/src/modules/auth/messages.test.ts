import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signedInUser, testAddress, testPhone } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { devMessages, outbox, users } from '../../db/schema';

// Account messages go through the outbox: the rows and payloads the templates read, and
// their prompt delivery once the sender's job runs (it is woken right after they are queued).
const t = useTestApp();

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: testAddress() });

async function outboxTo(recipient: string) {
  return t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

/** Waits (real time) until the mailbox has a message to `recipient`, at most `ms`. */
function arrives(recipient: string, ms: number) {
  return vi.waitFor(
    async () => {
      const [m] = await t.db.select().from(devMessages).where(eq(devMessages.recipient, recipient));
      if (!m) throw new Error(`no message to ${recipient} yet`);
      return m;
    },
    { timeout: ms, interval: 25 },
  );
}

describe('account messages through the outbox', () => {
  it('sign-up queues auth_confirm_email {url} for the new user, and reset queues auth_reset_password {url}', async () => {
    const { user } = await signedInUser(t);
    const [confirm] = await outboxTo(user.email);
    expect(confirm).toMatchObject({
      channel: 'email',
      template: 'auth_confirm_email',
      userId: user.id,
      status: 'sent',
    });
    expect(confirm!.payload).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/),
    });

    expect((await post(API.authForgotPassword, { email: user.email })).statusCode).toBe(200);
    await t.app.accounts.deliveries.settle();
    const reset = (await outboxTo(user.email)).find((r) => r.template === 'auth_reset_password');
    expect(reset).toMatchObject({ channel: 'email', userId: user.id, status: 'sent' });
    expect(reset!.payload).toEqual({ url: expect.stringMatching(/\/reset-password\//) });
  });

  it('an unknown email gets the same answer and nothing queued', async () => {
    const known = await signedInUser(t);
    const a = await post(API.authForgotPassword, { email: known.user.email });
    const b = await post(API.authForgotPassword, { email: 'no.account.here@example.test' });
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    await t.app.accounts.deliveries.settle();
    expect(await outboxTo('no.account.here@example.test')).toHaveLength(0);
  });

  it('a phone code for an account carries its user id and known: true', async () => {
    const { user } = await signedInUser(t);
    expect((await post(API.authPhoneSendCode, { phone: user.phone })).statusCode).toBe(200);
    await t.app.accounts.deliveries.settle();
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, user.phone), eq(outbox.template, 'auth_phone_code')));
    expect(row).toMatchObject({ channel: 'sms', userId: user.id, status: 'sent' });
    expect(row!.payload).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), known: true });
  });

  it('with the job started, the confirmation email arrives within two seconds of the sign-up, unasked', async () => {
    t.app.deps.sender.enableWake();
    const email = `prompt.${Date.now()}@example.test`;
    const res = await post(API.authSignUp, {
      email,
      firstName: 'Pat',
      lastName: 'Quick',
      handle: `pat_${Date.now() % 1_000_000}`,
      phone: testPhone(),
      password: 'sunny-harbour-42',
      confirmPassword: 'sunny-harbour-42',
      termsAccepted: true,
      marketingConsent: false,
    });
    expect(res.statusCode).toBe(201);
    // No settle, no drain: only the wake after queueing.
    const mail = await arrives(email, 5_000);
    expect(mail?.subject).toBe('Confirm your Rebound account');
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    // The sender marks the row sent once the mailer has answered, a moment after the mail is in the
    // mailbox (CI saw 'sending' there once).
    await expect.poll(async () => (await outboxTo(email))[0]?.status, { timeout: 2_000 }).toBe('sent');
    expect((await outboxTo(email))[0]).toMatchObject({ userId: u!.id, status: 'sent' });
  });
});
