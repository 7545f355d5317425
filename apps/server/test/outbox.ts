import type { EmailMessage, EmailSender } from '../src/adapters/email/types';
import type { PushMessage, PushSender } from '../src/adapters/push/types';
import type { SmsMessage, SmsSender } from '../src/adapters/sms/types';
import type { Db } from '../src/db/client';
import { outbox } from '../src/db/schema';
import type { Channels, RunStats } from '../src/modules/notifications';
import type { TestApp } from './harness';

// Outbox helpers for medium tests: send what is queued, fake channels that record (or fail), and
// rows made directly.

/**
 * Sends everything queued so far (account messages waiting to be queued included) through the
 * app's own sender, until nothing is due at the test clock's now.
 */
export async function drainOutbox(t: TestApp): Promise<RunStats> {
  await t.app.accounts.deliveries.settle();
  return t.app.deps.sender.drain();
}

export type Sent =
  | { channel: 'email'; message: EmailMessage }
  | { channel: 'sms'; message: SmsMessage }
  | { channel: 'push'; message: PushMessage };

/**
 * Channels that record every message they are given. `fail` decides per channel and message
 * whether to throw instead (the error is thrown after the attempt is recorded in `tried`).
 */
export function recordingChannels(
  opts: { fail?: (s: Sent) => Error | null; delayMs?: number } = {},
): Channels & { sent: Sent[]; tried: Sent[] } {
  const sent: Sent[] = [];
  const tried: Sent[] = [];
  const handle = async (s: Sent) => {
    tried.push(s);
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    const err = opts.fail?.(s);
    if (err) throw err;
    sent.push(s);
  };
  const email: EmailSender = { kind: 'local', send: (message) => handle({ channel: 'email', message }) };
  const sms: SmsSender = { kind: 'local', send: (message) => handle({ channel: 'sms', message }) };
  const push: PushSender = {
    kind: 'local',
    send: async (message) => {
      await handle({ channel: 'push', message });
      return { delivered: 1, removed: 0 };
    },
  };
  return { email, sms, push, sent, tried };
}

/** Queues `n` messages due at `at` directly (channel and template per index). */
export async function queueTestMessages(
  db: Db,
  at: Date,
  n: number,
  make: (i: number) => Partial<typeof outbox.$inferInsert> = () => ({}),
) {
  const rows = Array.from({ length: n }, (_, i) => ({
    channel: 'email' as const,
    template: 'test',
    recipient: `r${i}@example.test`,
    payload: { message: `Message ${i}`, targetUrl: '/shop' },
    nextAttemptAt: at,
    createdAt: at,
    ...make(i),
  }));
  const out: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await db
        .insert(outbox)
        .values(rows.slice(i, i + 1000))
        .returning({ id: outbox.id })),
    );
  }
  return out.map((r) => r.id);
}
