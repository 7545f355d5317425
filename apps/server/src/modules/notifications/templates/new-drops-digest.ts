import { formatDateKeyLong } from '@rebound/core/shop-clock-formats';
import { isDateKey } from '@rebound/core/time';
import { z } from 'zod';
import { defineTemplate, id, text } from './define';
import { messageOf, num, str } from './format';
import { LOT, lotsOf } from './lots';
import type { Block } from './types';

const LOTS = 12;
const SEARCHES = 10;
const SEARCH_LOTS = 6;

/** 'new_drops_digest': the daily email (CASL: consent and one-click unsubscribe). */
export const newDropsDigest = defineTemplate({
  name: 'new_drops_digest',
  kind: 'new_drops',
  fields: {
    signupId: id,
    date: text,
    count: z.number().int().nonnegative().nullish(),
    lots: z.array(LOT).nullish(),
    savedSearchMatches: z
      .array(z.object({ searchName: text, count: z.number().nullish(), lots: z.array(LOT).nullish() }))
      .nullish(),
  },
  render: (p, ctx) => {
    const count = num(p.count);
    const lots = lotsOf(p.lots, ctx, LOTS);
    const searches = (p.savedSearchMatches ?? []).slice(0, SEARCHES).flatMap((search) => {
      const name = str(search.searchName, 80);
      const found = lotsOf(search.lots, ctx, SEARCH_LOTS);
      return name && found.length > 0 ? [{ name, lots: found }] : [];
    });
    const date = str(p.date, 10);
    const day = date && isDateKey(date) ? formatDateKeyLong(date) : null;
    const n = count ?? lots.length;
    const headline = `${n} new ${n === 1 ? 'lot' : 'lots'} went live`;
    const shop = `${ctx.publicUrl}/shop`;
    const blocks: Block[] = [{ type: 'p', text: messageOf(p) }];
    for (const s of searches) {
      blocks.push(
        { type: 'h2', text: `Matches for your saved search “${s.name}”` },
        { type: 'lots', lots: s.lots },
      );
    }
    if (lots.length > 0) {
      blocks.push(
        { type: 'h2', text: searches.length > 0 ? 'All new lots' : 'New today' },
        { type: 'lots', lots },
      );
    }
    blocks.push({ type: 'button', label: 'Shop all live auctions', url: shop });
    if (count !== null && count > lots.length && lots.length > 0) {
      blocks.push({ type: 'note', text: `Showing ${lots.length} of ${count}. See them all in the shop.` });
    }
    return {
      email: {
        subject: day ? `New drops for ${day}: ${headline}` : `New drops: ${headline}`,
        preheader: messageOf(p),
        heading: headline,
        blocks,
        reason:
          p.kind === 'drop_list'
            ? 'you asked for the Rebound new-drops email and confirmed this address'
            : 'you agreed to get marketing messages from Rebound and the new-drops email is on in your settings',
      },
      sms: `Rebound: ${messageOf(p)} ${shop}`,
      push: { title: 'New drops are live', body: messageOf(p), url: shop, tag: `digest-${date ?? 'latest'}` },
    };
  },
});
