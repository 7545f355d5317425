import { describe, expect, it } from 'vitest';
import {
  medianCents,
  SOLD_BEFORE_DAYS,
  SOLD_BEFORE_LIMIT,
  SOLD_BEFORE_ORDER_STATUSES,
  soldBefore,
  soldBeforeSince,
} from './item-lots';

const NOW = new Date('2026-11-29T12:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe('medianCents', () => {
  it('is null for no prices', () => {
    expect(medianCents([])).toBeNull();
  });
  it('is the middle price of an odd count, whatever the order', () => {
    expect(medianCents([3000, 1000, 2000])).toBe(2000);
    expect(medianCents([4200])).toBe(4200);
  });
  it('is the mean of the two middle prices of an even count', () => {
    expect(medianCents([1000, 4000, 2000, 3000])).toBe(2500);
  });
  it('rounds a half cent up', () => {
    expect(medianCents([1000, 1001])).toBe(1001);
    expect(medianCents([1999, 2000, 2000, 5])).toBe(2000);
    expect(medianCents([1, 2])).toBe(2);
  });
  it('does not reorder the caller’s array', () => {
    const prices = [3, 1, 2];
    medianCents(prices);
    expect(prices).toEqual([3, 1, 2]);
  });
});

describe('soldBefore', () => {
  it('keeps the sales of the last 180 days, newest first, with their median', () => {
    const out = soldBefore(
      [
        { endedAt: daysAgo(10), priceCents: 3000 },
        { endedAt: daysAgo(1), priceCents: 1000 },
        { endedAt: daysAgo(SOLD_BEFORE_DAYS + 1), priceCents: 9000 },
        { endedAt: daysAgo(5), priceCents: 2000 },
      ],
      NOW,
    );
    expect(out.sales.map((s) => s.priceCents)).toEqual([1000, 2000, 3000]);
    expect(out.medianCents).toBe(2000);
  });
  it('counts a sale ended exactly 180 days ago out, and one a moment later in', () => {
    const edge = soldBeforeSince(NOW);
    expect(edge.getTime()).toBe(daysAgo(180).getTime());
    const out = soldBefore(
      [
        { endedAt: edge, priceCents: 100 },
        { endedAt: new Date(edge.getTime() + 1), priceCents: 200 },
      ],
      NOW,
    );
    expect(out.sales.map((s) => s.priceCents)).toEqual([200]);
  });
  it('leaves out a lot that ends after now', () => {
    const out = soldBefore([{ endedAt: new Date(NOW.getTime() + 1000), priceCents: 100 }], NOW);
    expect(out).toEqual({ sales: [], medianCents: null });
  });
  it('lists at most 10, the newest, and the median is of those listed', () => {
    // 12 sales: the two oldest are the dearest and fall off the list.
    const sales = Array.from({ length: 12 }, (_, i) => ({
      endedAt: daysAgo(i + 1),
      priceCents: i >= 10 ? 99_900 : 1000 + i * 100,
    }));
    const out = soldBefore(sales, NOW);
    expect(out.sales).toHaveLength(SOLD_BEFORE_LIMIT);
    expect(out.sales[0]!.priceCents).toBe(1000);
    expect(out.sales.some((s) => s.priceCents === 99_900)).toBe(false);
    // 1000..1900: the middle two are 1400 and 1500.
    expect(out.medianCents).toBe(1450);
  });
  it('counts paid orders and those past payment, not pending, cancelled or refunded ones', () => {
    expect([...SOLD_BEFORE_ORDER_STATUSES].sort()).toEqual(
      ['completed', 'paid', 'pickup_scheduled', 'ready_for_pickup'].sort(),
    );
  });
});
