import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { drainOutbox, queueTestMessages } from '../../../test/outbox';
import { outbox } from '../../db/schema';
import { queueMessages } from './outbox';
import { outboxPayloadProblem } from './payloads';
import { TemplatePayloadError } from './templates/define';
import { TEMPLATES } from './templates/registry';

// Payload schemas of outbox rows, declared by each template (templates/define.ts; decision 033):
// checked when a row is queued (a wrong one throws, nothing is written), when a sender claims it
// (a dead letter with the reason) and when a template renders (a clear error, never a crash).

const t = useTestApp();

describe('outbox payload schemas', () => {
  it('has a schema for every template, declared with the template under its own name', () => {
    for (const [name, template] of Object.entries(TEMPLATES)) {
      expect(template.name).toBe(name);
      expect(template.problem({})).toBeNull();
    }
  });

  it('renders only a payload that fits: a bad one is a clear error naming the key, not a crash', () => {
    const ctx = { publicUrl: 'https://rebound.test', secret: 'x'.repeat(32) };
    const outbid = TEMPLATES.outbid!;
    expect(outbid.render({ productTitle: 'Lamp', currentPriceCents: 1_200 }, ctx).email.subject).toBe(
      "You've been outbid on Lamp",
    );
    expect(() => outbid.render({ productTitle: 'Lamp', currentPriceCents: '12.00' }, ctx)).toThrow(
      TemplatePayloadError,
    );
    expect(() => outbid.render({ currentPriceCents: '12.00' }, ctx)).toThrow(
      /^invalid 'outbid' payload at currentPriceCents: /,
    );
    expect(() => TEMPLATES.refund_issued!.render('not an object', ctx)).toThrow(
      /^invalid 'refund_issued' payload: /,
    );
  });

  it('accepts what the code queues and refuses wrong types with the path', () => {
    expect(
      outboxPayloadProblem('auction_won', {
        message: 'You won',
        orderId: '5b0b6f5e-5c55-4c6a-9a39-6f3a8a6b9b70',
        totalCents: 3_150,
        payBy: new Date().toISOString(),
        extra: { anything: true },
      }),
    ).toBeNull();
    expect(outboxPayloadProblem('auction_won', { totalCents: '31.50' })).toMatch(
      /^invalid 'auction_won' payload at totalCents: /,
    );
    expect(outboxPayloadProblem('outbid', ['not', 'an', 'object'])).toMatch(/^invalid 'outbid' payload: /);
    expect(outboxPayloadProblem('marketing', { message: 42 })).toMatch(/at message/);
  });

  it('refuses to queue a wrong payload, writing nothing', async () => {
    const before = (await t.db.select().from(outbox)).length;
    await expect(
      queueMessages(t.db, t.clock.now(), [
        {
          channel: 'email',
          template: 'refund_issued',
          userId: null,
          recipient: 'x@example.test',
          payload: { amountCents: -5 },
        },
      ]),
    ).rejects.toThrow(/Refusing to queue a message: invalid 'refund_issued' payload at amountCents/);
    expect(await t.db.select().from(outbox)).toHaveLength(before);
  });

  it('makes a claimed row with a wrong payload a dead letter with the reason, and sends the rest', async () => {
    const [bad, good] = await queueTestMessages(t.db, t.clock.now(), 2, (i) =>
      i === 0
        ? { template: 'auction_won', payload: { productTitle: 'Lamp', totalCents: 'lots' } }
        : { template: 'test_email', payload: { message: 'Hello' } },
    );
    await drainOutbox(t);
    const [deadRow] = await t.db.select().from(outbox).where(eq(outbox.id, bad!));
    expect(deadRow!.status).toBe('dead');
    expect(deadRow!.lastError).toMatch(/invalid 'auction_won' payload at totalCents/);
    const [sentRow] = await t.db.select().from(outbox).where(eq(outbox.id, good!));
    expect(sentRow!.status).toBe('sent');
  });
});
