import { Writable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { queueTestMessages } from '../../../test/outbox';
import { PUSH_OFF_SKIPPED } from '../../adapters/push/web-push';
import { loadConfig } from '../../config';
import { outbox } from '../../db/schema';
import { OutboxSender, outboxSenderPlugin, PUSH_OFF_WARNING } from './sender';

// Production without VAPID keys: web push is off. One warning when the server starts; push
// messages are recorded as skipped, not sent through an adapter, not retried, not dead letters,
// and not one warning each (docs/decisions/041-test-servers-and-quiet-logs.md).

const t = useTestApp();

const production = (extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: 'p'.repeat(40),
    SELLER_GST_NUMBER: '123456789 RT0001',
    SELLER_PST_NUMBER: 'PST-1234-5678',
    PUBLIC_URL: 'https://rebound.example',
    DATA_DIR: 'memory://',
    ...extra,
  });

/** A Fastify app whose log lines (warn and above) are kept, with the sender plugin on `sender`. */
async function appWith(config: ReturnType<typeof loadConfig>) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  const sender = new OutboxSender({ db: t.db, clock: t.clock, config, log: app.log });
  // The plugin reads only `deps.sender`.
  app.decorate('deps', { sender, config } as never);
  await app.register(outboxSenderPlugin);
  await app.ready();
  return { app, sender, lines };
}

describe('push without VAPID keys in production', () => {
  it('warns once at start and records every push message as skipped, the other channels untouched', async () => {
    await t.db.delete(outbox);
    const { app, sender, lines } = await appWith(production());
    expect(sender.channels.push.kind).toBe('off');
    expect(lines.map((l) => l.msg)).toEqual([PUSH_OFF_WARNING]);

    const pushes = await queueTestMessages(t.db, t.clock.now(), 3, (i) => ({
      channel: 'push',
      recipient: `00000000-0000-4000-8000-00000000000${i}`,
    }));
    const stats = await sender.drain();
    expect(stats).toMatchObject({ claimed: 3, skipped: 3, sent: 0, retried: 0, dead: 0, lost: 0 });
    const rows = await t.db.select().from(outbox).where(inArray(outbox.id, pushes));
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', sentAt: null, lastError: PUSH_OFF_SKIPPED, attempts: 1 });
    }
    // Skipped is final: nothing is due again, nothing is a dead letter.
    expect((await sender.drain()).claimed).toBe(0);
    // Still the one line from the start: no warning per message.
    expect(lines.map((l) => l.msg)).toEqual([PUSH_OFF_WARNING]);
    await app.close();
  });

  it('with VAPID keys, push is on through web-push, and nothing is said at start', async () => {
    const { app, sender, lines } = await appWith(
      production({
        VAPID_PUBLIC_KEY:
          'BGTAi9nuYrmMFXAej7gQrNsZKcB-zGb1UQYiw1mtGn43QZrCZw1PtMazpj5diNbmiJkieY3zYnR1pACTSGyEaVY',
        VAPID_PRIVATE_KEY: 'b'.repeat(43),
        VAPID_SUBJECT: 'mailto:ops@rebound.example',
      }),
    );
    expect(sender.channels.push.kind).toBe('web-push');
    expect(lines).toEqual([]);
    await app.close();
  });
});
