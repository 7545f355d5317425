import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GroupLotState } from './bid-groups';
import { DEFAULT_TAX_CONFIG, priceLines, resolveTaxConfig, type TaxConfig } from './pricing';
import {
  atMost,
  checkSpendingLimit,
  isWinningNow,
  type LeadFacts,
  lotTotalCents,
  MAX_SPENDING_LIMIT_CENTS,
  type Maximums,
  MIN_SPENDING_LIMIT_CENTS,
  parseSpendingLimit,
  spendingLimitParams,
  winningNow,
  withMaximum,
} from './spending';

const BC = DEFAULT_TAX_CONFIG;
const lead = (over: Partial<LeadFacts & { tax: TaxConfig }> = {}): LeadFacts & { tax: TaxConfig } => ({
  auctionId: 'A',
  status: 'live',
  leaderUserId: 'me',
  reserveMet: true,
  currentPriceCents: 10_000,
  tax: BC,
  ...over,
});

const arbTax = fc
  .record({
    buyersPremiumBp: fc.integer({ min: 0, max: 3_000 }),
    pstBp: fc.integer({ min: 0, max: 1_500 }),
    gstBp: fc.integer({ min: 0, max: 1_500 }),
    applyTaxesOnPremium: fc.boolean(),
  })
  .map((t): TaxConfig => resolveTaxConfig(t));
const arbCents = fc.integer({ min: 1, max: 10_000_000 });

describe('winningNow', () => {
  it('counts a live lot the shopper leads with the reserve met, all-in at its price', () => {
    // $100 + 15 % premium = $115; PST 7 % and GST 5 % of $115 = $8.05 + $5.75: $128.80.
    expect(winningNow('me', [lead()])).toEqual({
      lots: [{ auctionId: 'A', priceCents: 10_000, totalCents: 12_880 }],
      totalCents: 12_880,
    });
  });

  it('leaves out a lead below the reserve, a lot someone else leads, and lots not live', () => {
    expect(isWinningNow(lead({ reserveMet: false }), 'me')).toBe(false);
    expect(isWinningNow(lead({ leaderUserId: 'other' }), 'me')).toBe(false);
    expect(isWinningNow(lead({ leaderUserId: null }), 'me')).toBe(false);
    for (const status of ['scheduled', 'ended', 'cancelled'] as const)
      expect(isWinningNow(lead({ status }), 'me')).toBe(false);
    expect(winningNow('me', [lead({ reserveMet: false }), lead({ auctionId: 'B' })]).lots).toHaveLength(1);
  });

  it('prices each lot at its own rates', () => {
    const noTaxOnPremium = resolveTaxConfig({ applyTaxesOnPremium: false });
    const r = winningNow('me', [lead(), lead({ auctionId: 'B', tax: noTaxOnPremium })]);
    // B: $100 + $15 premium + PST $7 + GST $5 = $127.00.
    expect(r.lots.map((l) => l.totalCents)).toEqual([12_880, 12_700]);
    expect(r.totalCents).toBe(25_580);
  });

  it("equals the cart's total to the cent for those lots won at those prices (property)", () => {
    fc.assert(
      fc.property(
        arbTax,
        fc.array(fc.record({ price: arbCents, mine: fc.boolean(), reserveMet: fc.boolean() }), {
          maxLength: 30,
        }),
        (tax, rows) => {
          const lots = rows.map((r, i) =>
            lead({
              auctionId: `L${i}`,
              currentPriceCents: r.price,
              leaderUserId: r.mine ? 'me' : 'other',
              reserveMet: r.reserveMet,
              tax,
            }),
          );
          const won = lots.filter((l) => l.leaderUserId === 'me' && l.reserveMet);
          // The cart of those lots' orders, as apps/server/src/modules/checkout/cart.ts prices it.
          const cart = priceLines(
            won.map((l) => l.currentPriceCents),
            tax,
          );
          expect(winningNow('me', lots).totalCents).toBe(cart.totalCents);
        },
      ),
    );
  });
});

describe('atMost', () => {
  it('counts every ordinary maximum whole, at its maximum', () => {
    const r = atMost({
      ordinary: [
        { auctionId: 'A', maxCents: 10_000, tax: BC },
        { auctionId: 'B', maxCents: 20_000, tax: BC },
      ],
      groups: [],
    });
    expect(r).toEqual({ totalCents: 12_880 + 25_760, lots: 2 });
  });

  it("counts a group's (win at most - wins) largest all-in maximums among the lots that may still win", () => {
    const group = (wins: number, states: GroupLotState[]) => ({
      winAtMost: 2,
      wins,
      lots: [30_000, 10_000, 20_000, 40_000].map((maxCents, i) => ({
        auctionId: `G${i}`,
        maxCents,
        tax: BC,
        state: states[i] ?? 'waiting',
      })),
    });
    expect(atMost({ ordinary: [], groups: [group(0, [])] })).toEqual({
      totalCents: lotTotalCents(40_000, BC) + lotTotalCents(30_000, BC),
      lots: 2,
    });
    // One won already: one more at most; the $400 lot lost, so the $300 one is the largest left.
    expect(atMost({ ordinary: [], groups: [group(1, ['outbid', 'live', 'won', 'lost'])] })).toEqual({
      totalCents: lotTotalCents(30_000, BC),
      lots: 1,
    });
    // At its number: nothing more.
    expect(atMost({ ordinary: [], groups: [group(2, [])] })).toEqual({ totalCents: 0, lots: 0 });
    // Skipped and dropped lots never count.
    expect(
      atMost({ ordinary: [], groups: [group(0, ['skipped', 'dropped', 'dropped', 'waiting'])] }),
    ).toEqual({ totalCents: lotTotalCents(40_000, BC), lots: 1 });
  });

  it('chooses the largest all-in, not the largest price, when rates differ', () => {
    const cheapRates = resolveTaxConfig({ buyersPremiumBp: 0, pstBp: 0, gstBp: 0 });
    const r = atMost({
      ordinary: [],
      groups: [
        {
          winAtMost: 1,
          wins: 0,
          lots: [
            { auctionId: 'X', maxCents: 11_000, tax: cheapRates, state: 'live' },
            { auctionId: 'Y', maxCents: 10_000, tax: BC, state: 'waiting' },
          ],
        },
      ],
    });
    expect(r.totalCents).toBe(12_880);
  });

  it('is never below Winning now when the lots won lead under their maximums (property)', () => {
    fc.assert(
      fc.property(arbTax, fc.array(fc.tuple(arbCents, arbCents), { maxLength: 20 }), (tax, pairs) => {
        const lots = pairs.map(([a, b], i) => ({ i, price: Math.min(a, b), max: Math.max(a, b) }));
        const now = winningNow(
          'me',
          lots.map((l) => lead({ auctionId: `L${l.i}`, currentPriceCents: l.price, tax })),
        );
        const most = atMost({
          ordinary: lots.map((l) => ({ auctionId: `L${l.i}`, maxCents: l.max, tax })),
          groups: [],
        });
        expect(most.totalCents).toBeGreaterThanOrEqual(now.totalCents);
      }),
    );
  });

  it('a group never counts more than an ordinary maximum on each of its lots would (property)', () => {
    fc.assert(
      fc.property(
        arbTax,
        fc.array(arbCents, { minLength: 2, maxLength: 20 }),
        fc.integer({ min: 1, max: 19 }),
        (tax, maxes, n) => {
          const winAtMost = Math.min(n, maxes.length - 1);
          const lots = maxes.map((maxCents, i) => ({ auctionId: `G${i}`, maxCents, tax }));
          const grouped = atMost({
            ordinary: [],
            groups: [{ winAtMost, wins: 0, lots: lots.map((l) => ({ ...l, state: 'waiting' as const })) }],
          });
          const each = atMost({ ordinary: lots, groups: [] });
          expect(grouped.lots).toBe(winAtMost);
          expect(grouped.totalCents).toBeLessThanOrEqual(each.totalCents);
        },
      ),
    );
  });
});

describe('withMaximum', () => {
  const base: Maximums = {
    ordinary: [{ auctionId: 'A', maxCents: 10_000, tax: BC }],
    groups: [
      {
        winAtMost: 1,
        wins: 0,
        lots: [
          { auctionId: 'G1', maxCents: 50_000, tax: BC, state: 'live' },
          { auctionId: 'G2', maxCents: 20_000, tax: BC, state: 'waiting' },
        ],
      },
    ],
  };

  it("replaces the shopper's maximum on that lot", () => {
    const r = atMost(withMaximum(base, { auctionId: 'A', maxCents: 15_000, tax: BC }));
    expect(r).toEqual({ totalCents: lotTotalCents(15_000, BC) + lotTotalCents(50_000, BC), lots: 2 });
  });

  it('adds a maximum on a new lot', () => {
    expect(atMost(withMaximum(base, { auctionId: 'B', maxCents: 100, tax: BC })).lots).toBe(3);
  });

  it("takes the lot out of a group's count and counts it whole", () => {
    const r = atMost(withMaximum(base, { auctionId: 'G1', maxCents: 60_000, tax: BC }));
    expect(r.totalCents).toBe(
      lotTotalCents(10_000, BC) + lotTotalCents(60_000, BC) + lotTotalCents(20_000, BC),
    );
  });
});

describe('checkSpendingLimit', () => {
  it('passes with no limit, at the limit and below it; refuses above it, naming both', () => {
    expect(checkSpendingLimit(null, 10 ** 12)).toBeNull();
    expect(checkSpendingLimit(50_000, 50_000)).toBeNull();
    expect(checkSpendingLimit(50_000, 49_999)).toBeNull();
    const over = checkSpendingLimit(50_000, 50_001);
    expect(over).toEqual({ limitCents: 50_000, atMostCents: 50_001 });
    expect(spendingLimitParams(over!)).toEqual({ figure: '$500.01', limit: '$500.00' });
  });
});

describe('parseSpendingLimit', () => {
  it('reads dollars as a bid amount is read; null or blank removes the limit', () => {
    expect(parseSpendingLimit('1,250.50')).toEqual({ ok: true, cents: 125_050 });
    expect(parseSpendingLimit('$500')).toEqual({ ok: true, cents: 50_000 });
    expect(parseSpendingLimit(null)).toEqual({ ok: true, cents: null });
    expect(parseSpendingLimit('  ')).toEqual({ ok: true, cents: null });
  });

  it('refuses what is not an amount, and amounts outside the bounds', () => {
    expect(parseSpendingLimit('lots')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseSpendingLimit('-5')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseSpendingLimit('1.234')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseSpendingLimit('0.99')).toEqual({ ok: false, problem: 'too_low' });
    expect(parseSpendingLimit('1')).toEqual({ ok: true, cents: MIN_SPENDING_LIMIT_CENTS });
    expect(parseSpendingLimit('10000000')).toEqual({ ok: true, cents: MAX_SPENDING_LIMIT_CENTS });
    expect(parseSpendingLimit('10000000.01')).toEqual({ ok: false, problem: 'too_high' });
  });
});
