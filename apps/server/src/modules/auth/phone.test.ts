import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@rebound/contract/routes';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessageTo, sessionCookieFrom, signedInUser, testAddress } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';
import { outbox, users, verifications } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (app: TestApp, url: string, payload: unknown) =>
  app.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: testAddress() });

/** The 6-digit code in the newest text to `phone`. */
async function codeSentTo(phone: string): Promise<string> {
  const sms = await lastMessageTo(t, phone, 'sms');
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}: ${sms?.body}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('phone sign-in by texted code', () => {
  it('normalises the number, texts a 6-digit code and signs in with it', async () => {
    const { user } = await signedInUser(t);
    const phone = user.phone;
    const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const sent = await post(t, API.authPhoneSendCode, { phone: typed });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      title: 'Code sent',
      message: `We sent a code to ${phone}.`,
      phone,
      expiresInSeconds: 300,
    });
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);

    const res = await post(t, API.authPhoneVerify, { phone: typed, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Verified',
      message: 'Signed in successfully.',
      user: { id: user.id },
    });
    const cookie = sessionCookieFrom(res.headers['set-cookie']);
    const session = await t.app.inject({ method: 'GET', url: API.authSession, headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { id: user.id } });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phoneNumberVerified).toBe(true);
  });

  it('uses each code once', async () => {
    const { user } = await signedInUser(t);
    await post(t, API.authPhoneSendCode, { phone: user.phone });
    const code = await codeSentTo(user.phone);
    expect((await post(t, API.authPhoneVerify, { phone: user.phone, code })).statusCode).toBe(200);
    const again = await post(t, API.authPhoneVerify, { phone: user.phone, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: { code: 'code_invalid', message: 'Please check the code and try again.' },
    });
  });

  it('refuses a number without country code or too short', async () => {
    for (const phone of ['', '12345', '+0123456789']) {
      const res = await post(t, API.authPhoneSendCode, { phone });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'phone_invalid', message: 'Please enter a valid phone number with country code' },
      });
    }
  });

  it('accepts only exactly 6 digits as a code', async () => {
    const { user } = await signedInUser(t);
    await post(t, API.authPhoneSendCode, { phone: user.phone });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await post(t, API.authPhoneVerify, { phone: user.phone, code });
      expect(res.json()).toMatchObject({ error: { message: 'Please check the code and try again.' } });
    }
  });

  it('waits 60 seconds before texting the same number again', async () => {
    const { user } = await signedInUser(t);
    expect((await post(t, API.authPhoneSendCode, { phone: user.phone })).statusCode).toBe(200);
    const again = await post(t, API.authPhoneSendCode, { phone: user.phone });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      error: { code: 'code_cooldown', message: 'Please wait a minute before asking for another code.' },
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows 5 attempts per code, then wants a new one', async () => {
    const { user } = await signedInUser(t);
    await post(t, API.authPhoneSendCode, { phone: user.phone });
    const code = await codeSentTo(user.phone);
    for (let i = 0; i < 5; i++) {
      const res = await post(t, API.authPhoneVerify, { phone: user.phone, code: wrongCode(code) });
      expect(res.json()).toEqual({
        error: { code: 'code_invalid', message: 'Please check the code and try again.' },
      });
    }
    const blocked = await post(t, API.authPhoneVerify, { phone: user.phone, code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: { code: 'code_attempts_exceeded', message: 'Too many wrong codes. Please ask for a new one.' },
    });
    expect(sessionCookieFrom(blocked.headers['set-cookie'])).toBe('');
  });

  it('lets a code expire after 5 minutes', async () => {
    const { user } = await signedInUser(t);
    await post(t, API.authPhoneSendCode, { phone: user.phone });
    const code = await codeSentTo(user.phone);
    const [stored] = await t.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, `%${user.phone}`));
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(299_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);
    // Five minutes later (better-auth reads the machine's clock, so the row is moved instead).
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, stored!.id));
    const res = await post(t, API.authPhoneVerify, { phone: user.phone, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'code_expired', message: 'This code has expired. Please ask for a new one.' },
    });
  });

  it('answers a number without an account exactly alike, and texts it no code', async () => {
    const { user } = await signedInUser(t);
    const known = await post(t, API.authPhoneSendCode, { phone: user.phone });
    const unknownPhone = '+16045550999';
    const unknown = await post(t, API.authPhoneSendCode, { phone: unknownPhone });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual({
      ...known.json(),
      message: `We sent a code to ${unknownPhone}.`,
      phone: unknownPhone,
    });
    const sms = await lastMessageTo(t, unknownPhone, 'sms');
    expect(sms?.body).toMatch(/no account uses it/);
    expect(sms?.body).not.toMatch(/\d{6}/);
    const res = await post(t, API.authPhoneVerify, { phone: unknownPhone, code: '123456' });
    expect(res.json()).toEqual({
      error: { code: 'code_invalid', message: 'Please check the code and try again.' },
    });
  });
});

describe('sign-in codes through the outbox and Twilio', () => {
  it("queues the text and the sender posts it to Twilio's Messages API when configured", async () => {
    const received: { url: string; auth: string; body: URLSearchParams }[] = [];
    const server = createServer(async (req: IncomingMessage, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      received.push({
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body: new URLSearchParams(raw),
      });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM123"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // Its own database: its sender sends only this test's messages.
    const twilio = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+16045550000',
        TWILIO_API_URL: `http://127.0.0.1:${port}`,
      },
    });
    try {
      const res = await post(twilio, API.authPhoneSendCode, { phone: '+16045550888' });
      expect(res.statusCode).toBe(200);
      await twilio.app.accounts.deliveries.settle();
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(received[0]!.auth).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
      expect(received[0]!.body.get('To')).toBe('+16045550888');
      expect(received[0]!.body.get('From')).toBe('+16045550000');
      expect(received[0]!.body.get('Body')).toMatch(/no account uses it/);
      const [row] = await twilio.db.select().from(outbox).where(eq(outbox.recipient, '+16045550888'));
      expect(row).toMatchObject({
        channel: 'sms',
        template: 'auth_phone_code',
        status: 'sent',
        userId: null,
      });
      expect(row!.payload).toEqual({
        code: expect.stringMatching(/^\d{6}$/),
        known: false,
        signUpUrl: expect.stringMatching(/\/auth$/),
      });
    } finally {
      await twilio.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers "code sent" when Twilio cannot be reached, and the outbox retries the text', async () => {
    const broken = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+16045550000',
        TWILIO_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const res = await post(broken, API.authPhoneSendCode, { phone: '+16045550777' });
      expect(res.statusCode).toBe(200);
      await broken.app.accounts.deliveries.settle();
      const [row] = await broken.db.select().from(outbox).where(eq(outbox.recipient, '+16045550777'));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).toMatch(/^Twilio could not be reached: .*ECONNREFUSED/);
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(broken.clock.now().getTime());
    } finally {
      await broken.close();
    }
  });
});
