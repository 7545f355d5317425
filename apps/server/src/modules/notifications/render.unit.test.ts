import { readFileSync } from 'node:fs';
import { NOTIFICATION_KINDS } from '@rebound/core/notifications';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickupQrImagePath } from '../../lib/pickup-qr';
import { type OutgoingMessage, renderEmail, renderPush, renderSms } from './render';
import { SELLER } from './templates/company';
import { TEMPLATES } from './templates/registry';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const CTX = { publicUrl: 'https://rebound.example', secret: 'render-test-secret-0123456789-abcdefgh' };
const USER = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ORDER = '11111111-2222-4333-8444-555555555555';
const AUCTION = '99999999-8888-4777-8666-555555555555';

function msg(
  template: string,
  payload: Record<string, unknown>,
  channel: OutgoingMessage['channel'] = 'email',
) {
  return { id: 'm1', channel, template, recipient: 'ava@rebound.test', userId: USER, payload };
}

const lot = (n: number) => ({
  title: `Lot ${n}`,
  priceCents: 1000 * n,
  url: `/product/lot-${n}`,
  endsAt: '2026-11-27T23:00:00.000Z',
});

/** A realistic payload of every template (as the code that enqueues it writes it), and the page it must link to. */
const SAMPLES: Record<string, { payload: Record<string, unknown>; path: string }> = {
  bid_confirmation: {
    payload: {
      kind: 'bid_confirmation',
      message: 'Your maximum bid…',
      targetUrl: '/product/lamp-a1',
      productTitle: 'Desk Lamp',
      bidAmountCents: 2500,
      isHighest: true,
    },
    path: '/product/lamp-a1',
  },
  outbid: {
    payload: {
      kind: 'outbid_alerts',
      message: "You've been outbid on Desk Lamp.",
      targetUrl: '/product/lamp-a1',
      auctionId: AUCTION,
      productTitle: 'Desk Lamp',
      currentPriceCents: 3000,
      nextMinimumCents: 3250,
      lotUrl: '/product/lamp-a1',
    },
    path: '/product/lamp-a1',
  },
  auction_won: {
    payload: {
      kind: 'auction_won',
      message: 'You won Desk Lamp',
      targetUrl: '/account?tab=orders',
      orderId: ORDER,
      productTitle: 'Desk Lamp',
      totalCents: 12345,
      payBy: '2026-11-27T23:00:00.000Z',
    },
    path: '/account?tab=orders',
  },
  bid_group_done: {
    payload: {
      kind: 'outbid_alerts',
      message: 'You won Lamp A. The other lots of your group were dropped: Lamp B, Lamp C.',
      targetUrl: '/account?tab=bids',
      groupTitle: 'Lamp A, Lamp B, Lamp C',
    },
    path: '/account?tab=bids',
  },
  bid_group_ended: {
    payload: {
      kind: 'outbid_alerts',
      message: 'Your group ended without a win (it wanted 1 win).',
      targetUrl: '/account?tab=bids',
      groupTitle: 'Lamp A, Lamp B',
    },
    path: '/account?tab=bids',
  },
  auction_lost: {
    payload: {
      kind: 'outbid_alerts',
      message: 'The auction for Desk Lamp has ended.',
      targetUrl: '/product/lamp-a1',
      productTitle: 'Desk Lamp',
    },
    path: '/product/lamp-a1',
  },
  auction_ending: {
    payload: {
      kind: 'auction_ending',
      message: 'Desk Lamp ends in 5 minutes. The price is $30.00.',
      targetUrl: '/product/lamp-a1',
      auctionId: AUCTION,
      productTitle: 'Desk Lamp',
      endsAt: '2026-11-27T23:00:00.000Z',
      mark: '5m',
      currentPriceCents: 3000,
      lotUrl: '/product/lamp-a1',
    },
    path: '/product/lamp-a1',
  },
  payment_reminder: {
    payload: {
      kind: 'auction_won',
      message: 'Reminder: pay for Desk Lamp within 2 hours…',
      targetUrl: '/account?tab=orders',
      productTitle: 'Desk Lamp',
      orderId: ORDER,
      timeLeft: '2 hours',
      paymentDueAt: '2026-11-27T23:00:00.000Z',
    },
    path: '/account?tab=orders',
  },
  order_cancelled: {
    payload: {
      kind: 'auction_won',
      message: 'Your order for Desk Lamp was cancelled…',
      targetUrl: '/account?tab=orders',
      productTitle: 'Desk Lamp',
      orderId: ORDER,
    },
    path: '/account?tab=orders',
  },
  bidding_suspended: {
    payload: {
      kind: 'auction_won',
      message: 'Your account is suspended from bidding…',
      targetUrl: '/account?tab=orders',
      activeStrikes: 3,
    },
    path: '/account?tab=orders',
  },
  pickup_final_notice: {
    payload: {
      kind: 'auction_won',
      message: 'Final notice: Desk Lamp is still waiting at the warehouse…',
      targetUrl: `/pickup-schedule/${ORDER}`,
      orderId: ORDER,
      productTitle: 'Desk Lamp',
      lastDay: '2026-12-01',
    },
    path: `/pickup-schedule/${ORDER}`,
  },
  account_suspended: {
    payload: {
      kind: 'auction_won',
      message: 'Your Rebound account is suspended: you cannot bid…',
      targetUrl: '/contact',
    },
    path: '/contact',
  },
  payment_receipt: {
    payload: {
      kind: 'auction_won',
      message: 'Payment received: $123.45 for 1 order.',
      targetUrl: '/account?tab=orders',
      checkoutId: ORDER,
      paidAt: '2026-11-25T19:30:00.000Z',
      subtotalCents: 10000,
      premiumCents: 1000,
      pstCents: 700,
      gstCents: 645,
      totalCents: 12345,
      lines: [{ orderId: ORDER, title: 'Desk Lamp', amountCents: 12345 }],
    },
    path: '/account?tab=orders',
  },
  refund_issued: {
    payload: {
      kind: 'auction_won',
      message: 'Refund issued: $20.00 for Desk Lamp.',
      targetUrl: '/account?tab=orders',
      orderId: ORDER,
      amountCents: 2000,
      reason: 'Scratched on arrival',
      productTitle: 'Desk Lamp',
    },
    path: '/account?tab=orders',
  },
  desk_mark_refund: {
    payload: {
      kind: 'auction_won',
      message:
        'Sorry: Desk Lamp could not be found at the pickup desk. We refunded $23.00 in full to your card.',
      targetUrl: '/account?tab=orders',
      orderId: ORDER,
      amountCents: 2300,
      productTitle: 'Desk Lamp',
      markKind: 'missing',
    },
    path: '/account?tab=orders',
  },
  return_update: {
    payload: {
      kind: 'auction_won',
      message: 'Drop-off booked for Desk Lamp: Tue, Jun 16, 10:00 – 10:30 a.m. PT.',
      targetUrl: '/account?tab=orders',
      returnId: ORDER,
      orderId: ORDER,
      state: 'drop_off_booked',
      productTitle: 'Desk Lamp',
    },
    path: '/account?tab=orders',
  },
  new_drops_digest: {
    payload: {
      kind: 'new_drops',
      message: '14 new lots went live since yesterday.',
      targetUrl: '/shop',
      date: '2026-11-24',
      count: 14,
      lots: [lot(1), lot(2)],
      savedSearchMatches: [{ searchName: 'Lamps', lots: [lot(3)] }],
    },
    path: '/shop',
  },
  saved_search_match: {
    payload: {
      kind: 'new_drops',
      message: 'Desk Lamp matches “Lamps”.',
      targetUrl: '/product/lamp-a1',
      searchName: 'Lamps',
      productTitle: 'Desk Lamp',
      auctionId: AUCTION,
      lotUrl: '/product/lamp-a1',
    },
    path: '/product/lamp-a1',
  },
  marketing: {
    payload: {
      kind: 'marketing',
      message: 'Black Friday',
      targetUrl: null,
      subject: 'Black Friday drops',
      text: 'Big lots.\n\nAll week.',
      url: '/drops',
    },
    path: '/drops',
  },
  pickup_confirmed: {
    payload: {
      kind: 'auction_won',
      message: 'Your pickup of Desk Lamp is booked…',
      targetUrl: '/account?tab=appointments',
      orderId: ORDER,
      shortCode: 'ABC234',
      qrPayload: 'REBOUND-PICKUP:ABC234',
      productTitle: 'Desk Lamp',
      slotStartsAt: '2026-11-27T18:00:00.000Z',
      timeLabel: '10:00 – 10:30 a.m. PT',
      dateLabel: 'Friday, November 27, 2026',
      locationName: 'Rebound Warehouse',
      locationAddress: '8035 North Fraser Way, Burnaby, BC V5J 5M8',
      appointmentsUrl: '/account?tab=appointments',
      moved: false,
    },
    path: '/account?tab=appointments',
  },
  pickup_cancelled: {
    payload: {
      kind: 'auction_won',
      message: 'Your pickup of Desk Lamp, Oak Chair and Side Table on Friday… is cancelled.',
      targetUrl: '/account?tab=orders',
      orderId: ORDER,
      productTitle: 'Desk Lamp, Oak Chair and Side Table',
      slotStartsAt: '2026-11-27T18:00:00.000Z',
      timeLabel: '10:00 – 10:30 a.m. PT',
      dateLabel: 'Friday, November 27, 2026',
      locationName: 'Rebound Warehouse',
      appointmentsUrl: '/account?tab=appointments',
      ordersUrl: '/account?tab=orders',
    },
    path: '/account?tab=orders',
  },
  pickup_reminder: {
    payload: {
      kind: 'auction_won',
      message: 'Reminder: your pickup of Desk Lamp is tomorrow…',
      targetUrl: '/account?tab=appointments',
      orderId: ORDER,
      shortCode: 'ABC234',
      productTitle: 'Desk Lamp',
      slotStartsAt: '2026-11-27T18:00:00.000Z',
      timeLabel: '10:00 – 10:30 a.m. PT',
      dateLabel: 'Friday, November 27, 2026',
      locationName: 'Rebound Warehouse',
      locationAddress: '8035 North Fraser Way',
      appointmentsUrl: '/account?tab=appointments',
      which: 'day_before',
    },
    path: '/account?tab=appointments',
  },
  test_email: { payload: { productTitle: 'Desk Lamp', bidAmount: 25, isHighest: true }, path: '/account' },
  generic: {
    payload: { message: 'A strike was removed from your account.', targetUrl: '/account?tab=orders' },
    path: '/account?tab=orders',
  },
  auth_confirm_email: {
    payload: { url: 'https://rebound.example/api/auth/verify-email?token=abc' },
    path: '/api/auth/verify-email?token=abc',
  },
  auth_reset_password: {
    payload: {
      url: 'https://rebound.example/api/auth/reset-password/abc?callbackURL=%2Fauth%2Freset-password',
    },
    path: '/api/auth/reset-password/abc?callbackURL=%2Fauth%2Freset-password',
  },
  auth_phone_code: {
    payload: { code: '123456', known: false, signUpUrl: 'https://rebound.example/auth' },
    path: '/auth',
  },
  auction_cancelled: {
    payload: {
      kind: 'outbid_alerts',
      title: 'Auction cancelled',
      message: 'The auction for Dyson V8 Vacuum was cancelled: the item failed inspection.',
      productTitle: 'Dyson V8 Vacuum',
      reason: 'the item failed inspection',
      targetUrl: '/product/dyson-v8-vacuum',
    },
    path: '/product/dyson-v8-vacuum',
  },
  bid_cancelled: {
    payload: {
      kind: 'outbid_alerts',
      message: 'The store cancelled your bid on Dyson V8 Vacuum. Your maximum no longer counts on this lot.',
      auctionId: '0b7e2f3a-4c55-4d0e-9a1b-2c3d4e5f6a7b',
      productTitle: 'Dyson V8 Vacuum',
      targetUrl: '/product/dyson-v8-vacuum',
    },
    path: '/product/dyson-v8-vacuum',
  },
  leading_again: {
    payload: {
      kind: 'outbid_alerts',
      message:
        "You're the highest bidder again on Dyson V8 Vacuum: a bid above yours was cancelled by the store. The price is now $41.00.",
      auctionId: '0b7e2f3a-4c55-4d0e-9a1b-2c3d4e5f6a7b',
      productTitle: 'Dyson V8 Vacuum',
      currentPriceCents: 4100,
      targetUrl: '/product/dyson-v8-vacuum',
    },
    path: '/product/dyson-v8-vacuum',
  },
  second_chance_offer: {
    payload: {
      kind: 'auction_won',
      title: 'Second chance offer',
      message: 'Dyson V8 Vacuum is yours for $120.00, your maximum bid, if you accept.',
      offerId: '0b7e2f3a-4c55-4d0e-9a1b-2c3d4e5f6a7b',
      productTitle: 'Dyson V8 Vacuum',
      amountCents: 12000,
      expiresAt: '2026-06-17T18:00:00.000Z',
      targetUrl: '/offers/0b7e2f3a-4c55-4d0e-9a1b-2c3d4e5f6a7b',
    },
    path: '/offers/0b7e2f3a-4c55-4d0e-9a1b-2c3d4e5f6a7b',
  },
  launch_confirm: {
    payload: { url: 'https://rebound.example/api/launch/confirm?token=xyz' },
    path: '/api/launch/confirm?token=xyz',
  },
  drop_list_confirm: {
    payload: { url: 'https://rebound.example/api/drop-list/confirm?token=xyz' },
    path: '/api/drop-list/confirm?token=xyz',
  },
  contact_reply: {
    payload: {
      name: 'Robin',
      reply: 'Thanks for writing.\n\nYour pickup is on Saturday.',
      message: 'When can I pick up my order?',
    },
    path: '/contact',
  },
  launch_open: {
    payload: { kind: 'launch', signupId: '6f1c1a52-8a55-4c1e-9f43-3f0c2b6f7a10' },
    path: '/',
  },
};

const links = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];

describe('rendering every template', () => {
  it('has a sample for every registered template', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(TEMPLATES).sort());
  });

  for (const [template, { payload, path }] of Object.entries(SAMPLES)) {
    it(`${template}: email (HTML and text), SMS and push, each with an absolute link to ${path}`, () => {
      const target = `${CTX.publicUrl}${path}`;
      const email = renderEmail(msg(template, payload), CTX);
      expect(email.subject.length).toBeGreaterThan(5);
      expect(email.subject).not.toMatch(/[\r\n]/);
      expect(email.html).toMatch(/^<!doctype html>/);
      // The phone code is a text message; its email form (never sent) has no link to follow.
      if (template !== 'auth_phone_code')
        expect(email.html).toContain(`href="${target.replaceAll('&', '&amp;')}"`);
      expect(email.text).toContain(target);
      expect(email.text).not.toContain('<');
      for (const link of [...links(email.text), ...links(email.html)])
        expect(link).toMatch(/^https:\/\/rebound\.example\//);

      const sms = renderSms(msg(template, payload, 'sms'), CTX);
      if (template !== 'auth_phone_code') expect(sms.body).toContain(target);
      expect(sms.body.length).toBeLessThanOrEqual(320);

      const push = renderPush(msg(template, payload, 'push'), CTX);
      expect(push.title.length).toBeGreaterThan(0);
      expect(push.body.length).toBeGreaterThan(0);
      expect(push.url).toMatch(/^https:\/\/rebound\.example\//);
    });
  }

  it('the footer names the seller, its address and why; service emails link to the settings', () => {
    const email = renderEmail(msg('outbid', SAMPLES.outbid!.payload), CTX);
    for (const part of [email.html, email.text]) {
      expect(part).toContain(SELLER.legalName);
      expect(part).toContain('8035 North Fraser Way, Unit 110, Burnaby, BC V5J 5M8');
      expect(part).toContain('You got this email because you bid on this lot');
    }
    expect(email.html).toContain(`href="${CTX.publicUrl}/account"`);
    expect(email.text).toContain(`Notification settings: ${CTX.publicUrl}/account`);
  });
});

describe('unsubscribe', () => {
  const kinds = NOTIFICATION_KINDS;

  it('List-Unsubscribe and List-Unsubscribe-Post go exactly on new-drops and marketing emails', () => {
    for (const template of Object.keys(SAMPLES)) {
      for (const kind of kinds) {
        const email = renderEmail(msg(template, { ...SAMPLES[template]!.payload, kind }), CTX);
        const consentOnly = kind === 'new_drops' || kind === 'marketing';
        expect(Object.keys(email.headers).sort(), `${template} as ${kind}`).toEqual(
          consentOnly ? ['List-Unsubscribe', 'List-Unsubscribe-Post'] : [],
        );
        // The account emails keep their fixed words (and are never of these kinds).
        if (template.startsWith('auth_')) continue;
        expect(email.html.includes('/unsubscribe?token='), `${template} as ${kind}`).toBe(consentOnly);
        expect(email.text.includes('/unsubscribe?token='), `${template} as ${kind}`).toBe(consentOnly);
      }
    }
  });

  it('the header holds a one-click https link whose token names the user and the kind', () => {
    const email = renderEmail(msg('new_drops_digest', SAMPLES.new_drops_digest!.payload), CTX);
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const match = /^<(https:\/\/rebound\.example\/api\/unsubscribe\?token=([^>]+))>$/.exec(
      email.headers['List-Unsubscribe']!,
    );
    expect(match).not.toBeNull();
    const token = decodeURIComponent(match![2]!);
    expect(verifyUnsubscribeToken(CTX.secret, token, new Date())).toMatchObject({
      ok: true,
      userId: USER,
      scope: 'new_drops',
    });
    // The visible link opens the page that explains and asks (a GET never unsubscribes).
    expect(email.text).toContain(`${CTX.publicUrl}/unsubscribe?token=${match![2]}`);
    expect(email.html).toContain('Unsubscribe</a>');
  });

  it('older rows without a kind still get it for the digest and marketing templates', () => {
    const { kind: _, ...payload } = SAMPLES.marketing!.payload;
    expect(renderEmail(msg('marketing', payload), CTX).headers['List-Unsubscribe-Post']).toBe(
      'List-Unsubscribe=One-Click',
    );
  });
});

describe('what the messages say', () => {
  it('escapes every payload value in the HTML', () => {
    const evil = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    for (const [template, { payload }] of Object.entries(SAMPLES)) {
      const dirty: Record<string, unknown> = {
        ...payload,
        message: evil,
        productTitle: evil,
        searchName: evil,
      };
      for (const key of ['subject', 'text', 'locationName', 'dateLabel', 'code']) dirty[key] = evil;
      if (template === 'new_drops_digest') dirty.lots = [{ ...lot(1), title: evil }];
      if (template === 'payment_receipt') dirty.lines = [{ orderId: ORDER, title: evil, amountCents: 1 }];
      const { html } = renderEmail(msg(template, dirty), CTX);
      expect(html, template).not.toContain('<script>');
      // The only image is the template's own inline QR code (pickup), never one from the payload.
      expect(
        html.replace(/<img src="https:\/\/rebound\.example\/api\/pickup\/qr\/[^"]+"[^>]*>/, ''),
        template,
      ).not.toContain('<img');
    }
    expect(renderEmail(msg('outbid', { productTitle: evil }), CTX).html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img',
    );
  });

  it('never links away from the site, whatever the payload says', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      const email = renderEmail(
        msg('outbid', { ...SAMPLES.outbid!.payload, lotUrl: bad, targetUrl: bad }),
        CTX,
      );
      for (const link of links(email.html)) expect(link).toMatch(/^https:\/\/rebound\.example\//);
      expect(email.html).not.toContain('javascript:');
      expect(email.text).toContain(`${CTX.publicUrl}/account?tab=bids&filter=losing`);
      expect(renderPush(msg('outbid', { lotUrl: bad }, 'push'), CTX).url).toMatch(
        /^https:\/\/rebound\.example\//,
      );
    }
  });

  it('outbid: the new minimum and a one-tap link back to the lot', () => {
    const email = renderEmail(msg('outbid', SAMPLES.outbid!.payload), CTX);
    expect(email.subject).toBe("You've been outbid on Desk Lamp");
    expect(email.text).toContain('Next minimum bid: $32.50');
    expect(email.text).toContain('Current price: $30.00');
    expect(email.text).toContain('Bid $32.50 or more: https://rebound.example/product/lamp-a1');
    const push = renderPush(msg('outbid', SAMPLES.outbid!.payload, 'push'), CTX);
    expect(push).toEqual({
      title: "You've been outbid",
      body: 'Desk Lamp: now $30.00. Bid $32.50 or more to lead again.',
      url: 'https://rebound.example/product/lamp-a1',
      tag: `outbid-${AUCTION}`,
    });
    expect(renderSms(msg('outbid', SAMPLES.outbid!.payload, 'sms'), CTX).body).toBe(
      'Rebound: Outbid on Desk Lamp. Now $30.00. Bid $32.50+: https://rebound.example/product/lamp-a1',
    );
  });

  it('bid confirmation: a leader below the reserve reads "Highest bid, reserve not met", never that they lead', () => {
    const payload = { ...SAMPLES.bid_confirmation!.payload, isHighest: true, standing: 'reserve_not_met' };
    const email = renderEmail(msg('bid_confirmation', payload), CTX);
    expect(email.text).toContain('Status: Highest bid, reserve not met');
    expect(email.text).not.toContain('Highest bidder');
    expect(email.text).not.toContain("You've got the highest bid!");
    const push = renderPush(msg('bid_confirmation', payload, 'push'), CTX);
    expect(push.title).toBe('Your bid is in');
    expect(push.body).toContain('Highest bid, reserve not met');
    // A notice queued before the standing was written still reads as before.
    const older = renderEmail(msg('bid_confirmation', SAMPLES.bid_confirmation!.payload), CTX);
    expect(older.text).toContain('Status: Highest bidder');
  });

  it("auction won: the all-in total and the deadline on the shop's clock (UTC-7 in winter too)", () => {
    const winter = renderEmail(msg('auction_won', SAMPLES.auction_won!.payload), CTX);
    expect(winter.text).toContain('Total to pay (price, buyer’s premium and taxes): $123.45');
    // 23:00Z on 27 November 2026 is 4:00 p.m. in Vancouver: British Columbia no longer falls back.
    expect(winter.text).toContain('Pay by: Fri, Nov 27, 4:00 p.m. PT');
    const summer = renderEmail(
      msg('auction_won', { ...SAMPLES.auction_won!.payload, payBy: '2026-07-03T04:30:00.000Z' }),
      CTX,
    );
    expect(summer.text).toContain('Pay by: Thu, Jul 2, 9:30 p.m. PT');
    expect(renderSms(msg('auction_won', SAMPLES.auction_won!.payload, 'sms'), CTX).body).toBe(
      'Rebound: You won Desk Lamp for $123.45! Pay by Fri, Nov 27, 4:00 p.m. PT: https://rebound.example/account?tab=orders',
    );
  });

  it('auction won: the lot’s sale terms, when the payload has them', () => {
    const finalSale = { ...SAMPLES.auction_won!.payload, saleTerms: 'final_sale', nonReturnableKind: null };
    expect(renderEmail(msg('auction_won', finalSale), CTX).text).toContain(
      'Sale terms: Final sale: no returns.',
    );
    expect(renderSms(msg('auction_won', finalSale, 'sms'), CTX).body).toBe(
      'Rebound: You won Desk Lamp for $123.45! Final sale: no returns. Pay by Fri, Nov 27, 4:00 p.m. PT: https://rebound.example/account?tab=orders',
    );
    const asIs = { ...SAMPLES.auction_won!.payload, saleTerms: 'as_is' };
    expect(renderPush(msg('auction_won', asIs, 'push'), CTX).body).toContain(
      'As is: sold as found, no returns.',
    );
    // A row written before the terms were carried says none.
    expect(renderEmail(msg('auction_won', SAMPLES.auction_won!.payload), CTX).text).not.toContain(
      'Sale terms',
    );
  });

  it('receipt: names the seller’s GST/HST and PST registration numbers (config, else the demo ones)', () => {
    const text = renderEmail(msg('payment_receipt', SAMPLES.payment_receipt!.payload), {
      ...CTX,
      taxRegistration: { gstNumber: '987654321 RT0001', pstNumber: 'PST-8765-4321' },
    }).text;
    expect(text).toContain('GST/HST registration no.: 987654321 RT0001');
    expect(text).toContain('PST registration no.: PST-8765-4321');
    const fees = renderEmail(
      msg('payment_receipt', { ...SAMPLES.payment_receipt!.payload, storageFeesOnly: true }),
      CTX,
    ).text;
    expect(fees).toContain('GST/HST registration no.: 123456789 RT0001');
    expect(fees).toContain('PST registration no.: PST-1234-5678');
  });

  it('pickup: the short code set large, when and where', () => {
    const email = renderEmail(msg('pickup_confirmed', SAMPLES.pickup_confirmed!.payload), CTX);
    expect(email.subject).toBe('Pickup booked for Friday, November 27, 2026');
    expect(email.text).toContain('Show this code at the pickup desk: ABC-234');
    expect(email.html).toMatch(/font-size:36px[^>]*>ABC-234</);
    expect(email.text).toContain('When: Friday, November 27, 2026, 10:00 – 10:30 a.m. PT');
    const moved = renderEmail(
      msg('pickup_confirmed', { ...SAMPLES.pickup_confirmed!.payload, moved: true }),
      CTX,
    );
    expect(moved.subject).toBe('Pickup moved to Friday, November 27, 2026');
    const hour = renderEmail(
      msg('pickup_reminder', { ...SAMPLES.pickup_reminder!.payload, which: 'hour_before' }),
      CTX,
    );
    expect(hour.subject).toBe('Reminder: pickup in about an hour (10:00 – 10:30 a.m. PT)');
  });

  it("pickup: a QR code of the appointment's own code as a hosted image (no data: URL, no attachment); none for a code that does not match", () => {
    const email = renderEmail(msg('pickup_confirmed', SAMPLES.pickup_confirmed!.payload), CTX);
    const src = `https://rebound.example${pickupQrImagePath(CTX.secret, 'ABC234')}`;
    expect(src).toMatch(/^https:\/\/rebound\.example\/api\/pickup\/qr\/ABC234-[\w-]{22}\.png$/);
    expect(email.html).toContain(`<img src="${src}"`);
    expect(email.html).not.toContain('data:');
    expect(email.html).not.toContain('cid:');
    expect(email.qrImages).toEqual([]);
    expect(email.html).toContain('alt="QR code for pickup code ABC-234"');
    const other = renderEmail(
      msg('pickup_confirmed', { ...SAMPLES.pickup_confirmed!.payload, qrPayload: 'REBOUND-PICKUP:ZZZ999' }),
      CTX,
    );
    expect(other.qrImages).toEqual([]);
    expect(other.html).not.toContain('<img');
    expect(renderEmail(msg('outbid', SAMPLES.outbid!.payload), CTX).qrImages).toEqual([]);
  });

  it('ending: says how long is left when written, not only the mark', () => {
    const base = SAMPLES.auction_ending!.payload;
    expect(renderEmail(msg('auction_ending', base), CTX).subject).toBe('Ending in 5 minutes: Desk Lamp');
    const late = renderEmail(msg('auction_ending', { ...base, mark: '1h', minutesLeft: 30 }), CTX);
    expect(late.subject).toBe('Ending in 30 minutes: Desk Lamp');
    expect(renderEmail(msg('auction_ending', { ...base, mark: '1h', minutesLeft: 60 }), CTX).subject).toBe(
      'Ending in 1 hour: Desk Lamp',
    );
    expect(renderEmail(msg('auction_ending', { ...base, minutesLeft: 'x' }), CTX).subject).toBe(
      'Ending in 5 minutes: Desk Lamp',
    );
  });

  it("ending, several of a shopper's lots at once: one message, the first lot's button, the others listed", () => {
    const grouped = {
      ...SAMPLES.auction_ending!.payload,
      message: '13 lots you follow end within 5 minutes: Desk Lamp ($30.00), Lot 1 ($10.00) and 11 more.',
      moreCount: 12,
      moreLots: [lot(1), lot(2)],
    };
    const email = renderEmail(msg('auction_ending', grouped), CTX);
    expect(email.subject).toBe('Ending in 5 minutes: Desk Lamp and 12 more lots');
    expect(email.text).toContain('Go to the lot ending first');
    expect(email.text).toContain('https://rebound.example/product/lamp-a1');
    expect(email.text.indexOf('Also ending')).toBeGreaterThan(
      email.text.indexOf('Go to the lot ending first'),
    );
    expect(email.text).toContain(
      '- Lot 2 · $20.00 · Ends Fri, Nov 27, 4:00 p.m. PT\n  https://rebound.example/product/lot-2',
    );
    expect(email.text).toContain('And 10 more in your watchlist and bids.');
    expect(email.html).toContain('https://rebound.example/product/lot-1');
    expect(renderSms(msg('auction_ending', grouped, 'sms'), CTX).body).toMatch(
      /^Rebound: Desk Lamp and 12 more lots you follow end soon\. Desk Lamp ends in 5 minutes \(4:00 p\.m\. PT\)\. https:\/\/rebound\.example\/product\/lamp-a1$/,
    );
    const push = renderPush(msg('auction_ending', grouped, 'push'), CTX);
    expect(push.body).toBe(grouped.message);
    expect(push.url).toBe('https://rebound.example/product/lamp-a1');
    // One other lot, all listed: "lot", and no "more" line.
    const two = renderEmail(msg('auction_ending', { ...grouped, moreCount: 1, moreLots: [lot(1)] }), CTX);
    expect(two.subject).toBe('Ending in 5 minutes: Desk Lamp and 1 more lot');
    expect(two.text).not.toContain('more in your watchlist');
    // A single lot reads as before.
    expect(renderEmail(msg('auction_ending', SAMPLES.auction_ending!.payload), CTX).text).not.toContain(
      'Also ending',
    );
  });

  it('the digest lists saved-search matches first, then the new lots, with prices and end times', () => {
    const email = renderEmail(msg('new_drops_digest', SAMPLES.new_drops_digest!.payload), CTX);
    expect(email.subject).toBe('New drops for Tuesday, November 24, 2026: 14 new lots went live');
    const text = email.text;
    expect(text.indexOf('Matches for your saved search “Lamps”')).toBeLessThan(text.indexOf('All new lots'));
    expect(text).toContain(
      '- Lot 2 · $20.00 · Ends Fri, Nov 27, 4:00 p.m. PT\n  https://rebound.example/product/lot-2',
    );
    expect(text).toContain('Showing 2 of 14.');
  });

  it('the test email is a sample bid confirmation, from a dollar amount', () => {
    const email = renderEmail(msg('test_email', SAMPLES.test_email!.payload), CTX);
    expect(email.subject).toBe('Test email: Your bid on Desk Lamp is in');
    expect(email.text).toContain('Your maximum bid: $25.00');
    expect(email.text).toContain('Status: Highest bidder');
  });

  it('reads a dollar amount to the cent exactly: 1.005 dollars is $1.01 (Math.round(1.005 * 100) is 100)', () => {
    const email = renderEmail(
      msg('test_email', { productTitle: 'Desk Lamp', bidAmount: 1.005, isHighest: true }),
      CTX,
    );
    expect(email.text).toContain('Your maximum bid: $1.01');
  });

  it('the account emails and sign-in texts keep their exact words', () => {
    const confirm = renderEmail(msg('auth_confirm_email', SAMPLES.auth_confirm_email!.payload), CTX);
    expect(confirm.subject).toBe('Confirm your Rebound account');
    expect(confirm.text).toBe(
      'Welcome to Rebound!\n\nConfirm your email address: https://rebound.example/api/auth/verify-email?token=abc\n\nThe link works for 24 hours. If you did not create an account, ignore this email.',
    );
    const reset = renderEmail(msg('auth_reset_password', SAMPLES.auth_reset_password!.payload), CTX);
    expect(reset.subject).toBe('Reset your Rebound password');
    expect(reset.text).toBe(
      `Someone asked to reset the password of your Rebound account.\n\nChoose a new password: ${SAMPLES.auth_reset_password!.payload.url}\n\nThe link works for one hour. If it was not you, ignore this email: your password stays as it is.`,
    );
    expect(renderSms(msg('auth_phone_code', { code: '482913', known: true }, 'sms'), CTX).body).toBe(
      'Your Rebound sign-in code is 482913. It expires in 5 minutes. Never share it.',
    );
    expect(renderSms(msg('auth_phone_code', SAMPLES.auth_phone_code!.payload, 'sms'), CTX).body).toBe(
      'Someone asked to sign in to Rebound with this number, but no account uses it. Sign up at https://rebound.example/auth',
    );
  });

  it('an unknown template or missing fields: the generic message and link, never a throw', () => {
    const email = renderEmail(
      msg('no_such_template', { message: 'Hello <b>there</b>', targetUrl: '/shop' }),
      CTX,
    );
    expect(email.subject).toBe('Hello <b>there</b>');
    expect(email.html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(email.text).toContain(`${CTX.publicUrl}/shop`);
    for (const template of Object.keys(TEMPLATES)) {
      const bare = renderEmail(msg(template, {}), CTX);
      expect(bare.subject.length, template).toBeGreaterThan(0);
      expect(bare.text).not.toMatch(/undefined|null|NaN/);
    }
    expect(renderPush({ ...msg('outbid', {}, 'push'), payload: null as never }, CTX).url).toBe(
      `${CTX.publicUrl}/account?tab=bids&filter=losing`,
    );
  });

  it('never throws, whatever the payload holds', () => {
    const names = [...Object.keys(TEMPLATES), 'unknown'];
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.dictionary(
          fc.constantFrom(
            'message',
            'targetUrl',
            'productTitle',
            'lots',
            'lines',
            'totalCents',
            'payBy',
            'endsAt',
            'shortCode',
            'savedSearchMatches',
            'url',
            'kind',
            'bidAmount',
            'currentPriceCents',
            'mark',
            'date',
            'count',
          ),
          fc.anything(),
        ),
        (template, payload) => {
          for (const channel of ['email', 'sms', 'push'] as const) {
            const m = msg(template, payload, channel);
            renderEmail(m, CTX);
            renderSms(m, CTX);
            renderPush(m, CTX);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a subject never carries a line break into the headers', () => {
    const email = renderEmail(msg('marketing', { subject: 'Hi\r\nBcc: all@example.com', text: 'x' }), CTX);
    expect(email.subject).toBe('Hi Bcc: all@example.com');
  });
});

describe('the seller in the footer', () => {
  it('is the one the site shows (apps/web/src/lib/company.ts)', () => {
    const web = readFileSync(new URL('../../../../web/src/lib/company.ts', import.meta.url), 'utf8');
    expect(web).toContain(`legalName: '${SELLER.legalName}'`);
    expect(web).toContain(`supportEmail: '${SELLER.supportEmail}'`);
    expect(web).toContain(`privacyEmail: '${SELLER.privacyEmail}'`);
    for (const part of [
      "street: '8035 North Fraser Way, Unit 110'",
      "city: 'Burnaby'",
      "postalCode: 'V5J 5M8'",
    ]) {
      expect(web).toContain(part);
    }
    expect(SELLER.address).toBe('8035 North Fraser Way, Unit 110, Burnaby, BC V5J 5M8, Canada');
  });
});

describe("the launch list's open notice", () => {
  it('carries a one-click unsubscribe signed for the signup, not an account', () => {
    const signupId = '6f1c1a52-8a55-4c1e-9f43-3f0c2b6f7a10';
    const email = renderEmail({ ...msg('launch_open', { kind: 'launch', signupId }), userId: null }, CTX);
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(email.headers['List-Unsubscribe']!.match(/token=([^>]+)/)![1]!);
    expect(token.startsWith(`${signupId}.launch.`)).toBe(true);
    expect(email.text).toContain('Unsubscribe from the Rebound launch list');
  });
});
