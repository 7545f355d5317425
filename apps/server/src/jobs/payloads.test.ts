import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMediaStorage } from '../adapters/storage';
import { manifestImports, outbox } from '../db/schema';
import { runImports } from '../modules/admin-import';
import { queueMessages, TEMPLATES } from '../modules/notifications';
import { useTestApp } from '../test/harness';
import { drainOutbox, queueTestMessages } from '../test/outbox';
import { outboxPayloadProblem, outboxPayloads } from './payloads';

// Payload schemas of queued work (decision 033): checked when an outbox row is queued (a wrong one
// throws, nothing is written) and when a sender claims it (a dead letter with the reason).

const t = useTestApp();

describe('outbox payload schemas', () => {
  it('has a schema for every template', () => {
    expect(Object.keys(outboxPayloads()).sort()).toEqual(Object.keys(TEMPLATES).sort());
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

describe('manifest import rows', () => {
  it('fails a claimed import whose stored rows do not fit, with the reason, instead of crashing', async () => {
    const [imp] = await t.db
      .insert(manifestImports)
      .values({
        fileName: 'broken.csv',
        status: 'importing',
        totalRows: 1,
        validRows: 1,
        rows: [{ row: 1, sku: 42, images: [], product: { title: 'Lamp' } }],
      })
      .returning();
    await runImports(t.db, createMediaStorage(t.config), () => t.clock.now());
    const [after] = await t.db.select().from(manifestImports).where(eq(manifestImports.id, imp!.id));
    expect(after!.status).toBe('failed');
    expect(after!.error).toMatch(/invalid stored rows at 0\.sku/);
    expect(after!.lockedUntil).toBeNull();
  });
});
