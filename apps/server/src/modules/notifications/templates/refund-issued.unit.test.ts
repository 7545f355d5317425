import { describe, expect, it } from 'vitest';
import { renderEmail, renderPush, renderSms } from '../render';

const CTX = { publicUrl: 'https://rebound.example', secret: 'render-test-secret-0123456789-abcdefgh' };
const ORDER = '11111111-2222-4333-8444-555555555555';

const msg = (channel: 'email' | 'sms' | 'push', payload: Record<string, unknown>) => ({
  id: 'm1',
  channel,
  template: 'refund_issued',
  recipient: 'ava@rebound.test',
  userId: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  payload,
});

const payload = {
  kind: 'auction_won',
  message: 'Refund issued: $20.00 for Desk Lamp. It reaches your card in 5-10 business days.',
  targetUrl: '/account?tab=orders',
  orderId: ORDER,
  amountCents: 2000,
  reason: 'Scratched <b>on</b> arrival',
  productTitle: 'Desk Lamp',
};

describe('refund_issued', () => {
  it('says how much, for what and why, with a link to the orders, in every channel', () => {
    const email = renderEmail(msg('email', payload), CTX);
    expect(email.subject).toBe('Refund of $20.00 from Rebound');
    expect(email.text).toContain('Desk Lamp');
    expect(email.text).toContain('$20.00');
    expect(email.text).toContain('Scratched');
    expect(email.text).toContain('11111111');
    expect(email.text).toContain('https://rebound.example/account?tab=orders');
    // The staff's reason is text, never markup.
    expect(email.html).not.toContain('<b>on</b>');
    expect(email.html).toContain('Your refund is on its way');
    expect(renderSms(msg('sms', payload), CTX).body).toContain('https://rebound.example/account?tab=orders');
    expect(renderPush(msg('push', payload), CTX)).toMatchObject({ title: 'Refund issued' });
  });

  it('without an amount it still renders (no made-up figure)', () => {
    const { amountCents: _, ...rest } = payload;
    const email = renderEmail(msg('email', rest), CTX);
    expect(email.subject).toBe('Your Rebound refund');
    expect(email.text).not.toContain('$NaN');
  });
});
