import { describe, expectTypeOf, it } from 'vitest';
import type { Notice, NoticeOf } from './enqueue';
import type { QueuedMessage } from './outbox';
import type { TemplateData } from './templates/registry';

// The payload the code queues is typed by the template's own schema (templates/define.ts): a wrong
// key or type for the named template does not compile. `npm run typecheck` covers this file; the
// run below only keeps the values used.

const base = { userId: 'u1', kind: 'outbid_alerts', message: 'Outbid', targetUrl: '/product/lamp' } as const;

describe('typed enqueue', () => {
  it("refuses a payload that is not the named template's", () => {
    const right: Notice = {
      ...base,
      template: 'outbid',
      data: { auctionId: 'a1', productTitle: 'Lamp', currentPriceCents: 1_200, lotUrl: '/product/lamp' },
    };
    // @ts-expect-error: currentPriceCents is integer cents, not text.
    const wrongType: Notice = { ...base, template: 'outbid', data: { currentPriceCents: '12.00' } };
    // @ts-expect-error: 'outbid' has no such key (a typo of currentPriceCents).
    const wrongKey: Notice = { ...base, template: 'outbid', data: { currentPriceCent: 1_200 } };
    // @ts-expect-error: no template of that name.
    const unknown: Notice = { ...base, template: 'outbidd', data: {} };
    const queued: QueuedMessage = {
      channel: 'email',
      template: 'auth_phone_code',
      userId: null,
      recipient: '+16045550100',
      // @ts-expect-error: `known` is a boolean.
      payload: { code: '123456', known: 'yes' },
    };
    expectTypeOf<TemplateData<'outbid'>['currentPriceCents']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<NoticeOf<'refund_issued'>['data']>().toHaveProperty('amountCents');
    expectTypeOf([right, wrongType, wrongKey, unknown, queued]).toBeArray();
  });
});
