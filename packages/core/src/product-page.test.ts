import { describe, expect, it } from 'vitest';
import {
  auctionWasPublic,
  lotEnding,
  lotEndingText,
  type PageAuctionFacts,
  pageLots,
  productPageReachable,
} from './product-page';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

function auction(fields: Partial<PageAuctionFacts> & Pick<PageAuctionFacts, 'status'>): PageAuctionFacts {
  return {
    id: fields.id ?? 'a1',
    startTime: at(-48),
    endTime: at(-24),
    cancelledAt: null,
    hasWinner: false,
    currentPriceCents: 4_100,
    ...fields,
  };
}

describe('auctionWasPublic', () => {
  it('is true once an auction opened: live from its start, or ended', () => {
    expect(auctionWasPublic(auction({ status: 'ended' }), NOW)).toBe(true);
    expect(auctionWasPublic(auction({ status: 'live', startTime: at(-1), endTime: at(1) }), NOW)).toBe(true);
  });

  it('is false for a scheduled auction, or one whose start is still ahead', () => {
    expect(auctionWasPublic(auction({ status: 'scheduled', startTime: at(1), endTime: at(2) }), NOW)).toBe(
      false,
    );
    expect(auctionWasPublic(auction({ status: 'live', startTime: at(1), endTime: at(2) }), NOW)).toBe(false);
  });

  it('counts a cancelled auction only when it was cancelled after its start', () => {
    const live = auction({ status: 'cancelled', startTime: at(-5), endTime: at(5), cancelledAt: at(-1) });
    const early = auction({ status: 'cancelled', startTime: at(-5), endTime: at(5), cancelledAt: at(-6) });
    expect(auctionWasPublic(live, NOW)).toBe(true);
    expect(auctionWasPublic(early, NOW)).toBe(false);
    expect(auctionWasPublic({ ...live, cancelledAt: null }, NOW)).toBe(false);
  });
});

describe('productPageReachable', () => {
  const ended = auction({ status: 'ended', hasWinner: true });
  it('answers for products on auction, sold or unsold, as before', () => {
    for (const status of ['auctioned', 'sold', 'unsold'] as const)
      expect(productPageReachable(status, [], NOW), status).toBe(true);
  });

  it('keeps answering for a product back to relist or back to draft once an auction of it was public', () => {
    expect(productPageReachable('to_relist', [ended], NOW)).toBe(true);
    const cancelledLive = auction({
      status: 'cancelled',
      startTime: at(-5),
      endTime: at(5),
      cancelledAt: at(-1),
    });
    expect(productPageReachable('draft', [cancelledLive], NOW)).toBe(true);
  });

  it('stays a 404 for a product never public, and for one staff withdrew', () => {
    expect(productPageReachable('draft', [], NOW)).toBe(false);
    const cancelledEarly = auction({
      status: 'cancelled',
      startTime: at(5),
      endTime: at(9),
      cancelledAt: at(-1),
    });
    expect(productPageReachable('draft', [cancelledEarly], NOW)).toBe(false);
    expect(productPageReachable('to_relist', [auction({ status: 'scheduled', startTime: at(1) })], NOW)).toBe(
      false,
    );
    expect(productPageReachable('withdrawn', [ended], NOW)).toBe(false);
  });
});

describe('lotEnding', () => {
  it('says sold at the final price, without a sale, or cancelled, and nothing while not over', () => {
    expect(lotEnding(auction({ status: 'ended', hasWinner: true }))).toEqual({
      outcome: 'sold',
      at: at(-24),
      priceCents: 4_100,
    });
    expect(lotEnding(auction({ status: 'ended' }))).toEqual({
      outcome: 'unsold',
      at: at(-24),
      priceCents: null,
    });
    expect(lotEnding(auction({ status: 'cancelled', cancelledAt: at(-30) }))).toEqual({
      outcome: 'cancelled',
      at: at(-30),
      priceCents: null,
    });
    expect(lotEnding(auction({ status: 'live', startTime: at(-1), endTime: at(1) }))).toBeNull();
    expect(lotEnding(auction({ status: 'scheduled', startTime: at(1), endTime: at(2) }))).toBeNull();
  });
});

describe('pageLots', () => {
  const first = auction({
    id: 'first',
    status: 'ended',
    hasWinner: true,
    startTime: at(-100),
    endTime: at(-90),
  });
  const second = auction({ id: 'second', status: 'ended', startTime: at(-50), endTime: at(-40) });
  const cancelledEarly = auction({
    id: 'early',
    status: 'cancelled',
    startTime: at(-20),
    endTime: at(-10),
    cancelledAt: at(-30),
  });
  const relist = auction({ id: 'relist', status: 'scheduled', startTime: at(2), endTime: at(20) });

  it("gives an ended lot's ending and no earlier one", () => {
    expect(pageLots([second, first], 'second', NOW)).toEqual({
      ending: { outcome: 'unsold', at: at(-40), priceCents: null },
      earlierEnding: null,
    });
  });

  it('gives a relisted lot the ending of the latest public auction before it', () => {
    expect(pageLots([relist, cancelledEarly, second, first], 'relist', NOW)).toEqual({
      ending: null,
      earlierEnding: { outcome: 'unsold', at: at(-40), priceCents: null },
    });
    const live = { ...relist, status: 'live' as const, startTime: at(-1) };
    expect(pageLots([live, first], 'relist', NOW).earlierEnding?.outcome).toBe('sold');
  });

  it('says nothing of a first auction still to come, or of no auction', () => {
    expect(pageLots([relist], 'relist', NOW)).toEqual({ ending: null, earlierEnding: null });
    expect(pageLots([], null, NOW)).toEqual({ ending: null, earlierEnding: null });
  });
});

describe('lotEndingText', () => {
  it('reads as the page says it, on the shop clock', () => {
    const day = new Date('2026-11-22T20:00:00.000Z');
    expect(lotEndingText({ outcome: 'sold', at: day, priceCents: 123_456 })).toBe(
      'Ended Nov 22, 2026 — sold for $1,234.56',
    );
    expect(lotEndingText({ outcome: 'unsold', at: day.toISOString(), priceCents: null })).toBe(
      'Ended Nov 22, 2026 without a sale',
    );
    expect(lotEndingText({ outcome: 'cancelled', at: day, priceCents: null })).toBe('Cancelled Nov 22, 2026');
  });
});
