import { formatCents } from '@rebound/core/money';
import { z } from 'zod';
import { id, text, when } from './define';
import { sameSiteUrl, shortDateTime, str } from './format';
import type { Lot, RenderContext } from './types';

/** One lot as a digest payload carries it (digest.ts lotView). */
export const LOT = z.looseObject({
  auctionId: id,
  title: text,
  priceCents: z.number().nullish(),
  url: text,
  endsAt: when,
});

/** Lots of a digest, from untrusted data: [{title, priceCents, url, endsAt}], bounded. */
export function lotsOf(value: unknown, ctx: RenderContext, limit: number): Lot[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, limit).flatMap((item): Lot[] => {
    if (typeof item !== 'object' || item === null) return [];
    const lot = item as Record<string, unknown>;
    const title = str(lot, 'title', 200);
    const url = sameSiteUrl(ctx, lot.url);
    if (!title || !url) return [];
    const cents =
      typeof lot.priceCents === 'number' && Number.isFinite(lot.priceCents) ? lot.priceCents : null;
    const ends = shortDateTime(lot, 'endsAt');
    return [
      { title, url, price: cents !== null ? formatCents(cents) : null, ends: ends ? `Ends ${ends}` : null },
    ];
  });
}
