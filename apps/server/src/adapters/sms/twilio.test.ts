import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPermanent } from '../delivery-error';
import { twilioSmsSender } from './twilio';

// Twilio's official SDK, pointed at a fake Messages API on this machine (TWILIO_API_URL).
interface Hit {
  method: string;
  url: string;
  auth: string;
  form: URLSearchParams;
}

const hits: Hit[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { sid: 'SM123', status: 'queued' } };
let server: Server;
let apiUrl = '';

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    hits.push({
      method: req.method ?? '',
      url: req.url ?? '',
      auth: req.headers.authorization ?? '',
      form: new URLSearchParams(raw),
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits.length = 0;
  answer = { status: 201, body: { sid: 'SM123', status: 'queued' } };
});

const options = { accountSid: 'AC0123', authToken: 'token-xyz', from: '+16045550000' };

describe('the Twilio adapter (SDK)', () => {
  it("posts the message to the Messages API at TWILIO_API_URL with the account's basic auth", async () => {
    await twilioSmsSender({ ...options, apiUrl }).send({ to: '+16045550123', body: 'Your code is 123456' });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ method: 'POST', url: '/2010-04-01/Accounts/AC0123/Messages.json' });
    expect(hits[0]!.auth).toBe(`Basic ${Buffer.from('AC0123:token-xyz').toString('base64')}`);
    expect(Object.fromEntries(hits[0]!.form)).toEqual({
      To: '+16045550123',
      Body: 'Your code is 123456',
      From: '+16045550000',
    });
  });

  it('sends from a Messaging Service when TWILIO_FROM is one', async () => {
    await twilioSmsSender({ ...options, from: 'MG0123', apiUrl }).send({ to: '+16045550123', body: 'Hi' });
    expect(hits[0]!.form.get('MessagingServiceSid')).toBe('MG0123');
    expect(hits[0]!.form.get('From')).toBeNull();
  });

  it("a 400 (e.g. 21211 invalid 'To') is permanent; a 5xx or no answer is retried", async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not valid.", status: 400 } };
    const bad = await twilioSmsSender({ ...options, apiUrl })
      .send({ to: '+16045550123', body: 'x' })
      .catch((e) => e);
    expect(isPermanent(bad)).toBe(true);
    expect(bad.message).toMatch(/^Twilio refused the message \(400, code 21211\)/);

    answer = { status: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } };
    const busy = await twilioSmsSender({ ...options, apiUrl })
      .send({ to: '+16045550123', body: 'x' })
      .catch((e) => e);
    expect(isPermanent(busy)).toBe(false);
    expect(busy.message).toMatch(/\(503/);

    const down = await twilioSmsSender({ ...options, apiUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 })
      .send({ to: '+16045550123', body: 'x' })
      .catch((e) => e);
    expect(isPermanent(down)).toBe(false);
    expect(down.message).toMatch(/^Twilio could not be reached/);
  });
});
