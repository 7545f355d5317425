import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermanent } from '../delivery-error';
import { smtpEmailSender } from './smtp';

// The SMTP adapter against a real SMTP server on this machine (smtp-server), started by the test.
interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) {
        const err = Object.assign(new Error('No such user here'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the SMTP adapter (nodemailer)', () => {
  it('hands the message over with its Message-ID, extra headers, text and HTML parts', async () => {
    const sender = smtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Rebound <no-reply@rebound.test>',
    });
    await sender.send({
      to: 'ava@example.test',
      subject: 'You have been outbid',
      text: 'Bid again: https://rebound.test/product/1',
      html: '<p>Bid again</p>',
      messageId: '<0b8a5a6e-3c1f-4e57-9a55-2f3f0c1d9e77@rebound.test>',
      headers: {
        'List-Unsubscribe': '<https://rebound.test/unsubscribe?t=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(received).toHaveLength(1);
    const m = received[0]!;
    expect(m.from).toBe('no-reply@rebound.test');
    expect(m.to).toEqual(['ava@example.test']);
    expect(m.raw).toMatch(/^Message-ID: <0b8a5a6e-3c1f-4e57-9a55-2f3f0c1d9e77@rebound\.test>\r?$/im);
    expect(m.raw).toMatch(/^List-Unsubscribe: <https:\/\/rebound\.test\/unsubscribe\?t=abc>\r?$/im);
    expect(m.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/im);
    expect(m.raw).toMatch(/^Subject: You have been outbid\r?$/im);
    expect(m.raw).toMatch(/Content-Type: text\/plain/i);
    expect(m.raw).toMatch(/Content-Type: text\/html/i);
  });

  it('attaches inline images under their Content-ID (the pickup QR code)', async () => {
    const sender = smtpEmailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Rebound <no-reply@rebound.test>',
    });
    const before = received.length;
    await sender.send({
      to: 'ava@example.test',
      subject: 'Pickup booked',
      text: 'Code ABC-234',
      html: '<img src="cid:pickup-qr@rebound" alt="QR">',
      inlineImages: [
        {
          cid: 'pickup-qr@rebound',
          filename: 'pickup-code.png',
          contentType: 'image/png',
          content: Buffer.from('89504e470d0a1a0a', 'hex'),
        },
      ],
    });
    const m = received[before]!;
    expect(m.raw).toMatch(/^Content-ID: <pickup-qr@rebound>\r?$/im);
    expect(m.raw).toMatch(/Content-Type: image\/png; name=pickup-code\.png/i);
    expect(m.raw).toMatch(/Content-Disposition: inline/i);
  });

  it('a 5xx refusal is permanent (dead letter); an unreachable server is retried', async () => {
    const sender = smtpEmailSender({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@rebound.test' });
    const refused = await sender.send({ to: 'nobody@example.test', subject: 's', text: 't' }).catch((e) => e);
    expect(isPermanent(refused)).toBe(true);
    expect(String(refused.message)).toMatch(/SMTP refused the message \(550\)/);

    const down = smtpEmailSender({
      url: 'smtp://127.0.0.1:9',
      from: 'no-reply@rebound.test',
      timeoutMs: 2_000,
    });
    const err = await down.send({ to: 'ava@example.test', subject: 's', text: 't' }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isPermanent(err)).toBe(false);
  });
});
