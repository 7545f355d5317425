import { formatCents } from '@rebound/core/money';
import { z } from 'zod';
import { id, text, when } from './define';
import { sameSiteUrl, shortDateTime, str } from './format';
import type { Lot, RenderContext } from './types';

/** One lot as a digest payload carries it (digest.ts lotView). */
export const LOT = z.object({
  auctionId: id,
  title: text,
  priceCents: z.number().nullish(),
  url: text,
  endsAt: when,
});

/** A lot as rendering reads it (checked by LOT). */
export type LotSeen = z.output<typeof LOT>;

/** Lots of a digest, checked by LOT ([{title, priceCents, url, endsAt}]), bounded. */
export function lotsOf(
  value: readonly LotSeen[] | null | undefined,
  ctx: RenderContext,
  limit: number,
): Lot[] {
  return (value ?? []).slice(0, limit).flatMap((lot): Lot[] => {
    const title = str(lot.title, 200);
    const url = sameSiteUrl(ctx, lot.url);
    if (!title || !url) return [];
    const cents =
      typeof lot.priceCents === 'number' && Number.isFinite(lot.priceCents) ? lot.priceCents : null;
    const ends = shortDateTime(lot.endsAt);
    return [
      { title, url, price: cents !== null ? formatCents(cents) : null, ends: ends ? `Ends ${ends}` : null },
    ];
  });
}
