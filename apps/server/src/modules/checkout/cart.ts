// The cart (docs/product.md "Prices, premium and taxes"): the browser keeps only order ids; every line is
// rebuilt here from the shopper's own pending orders, and anything else is dropped with a note. The quote and
// the checkout both go through buildCart, so what is quoted is exactly what checkout accepts.
import type {
  CartItem,
  CartQuoteResponse,
  DroppedCartItem,
  PayAllQuoteResponse,
  PriceBreakdown,
} from '@rebound/contract/orders';
import { priceLines, resolveTaxConfig, type TaxConfig } from '@rebound/core/pricing';
import { PAYMENT_WINDOW_HOURS } from '@rebound/core/time';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../lib/ids';
import * as repo from './repository';

export const DROP_MESSAGES: Readonly<Record<DroppedCartItem['reason'], string>> = Object.freeze({
  not_found: 'This item is not one of your orders, so it was removed from your cart.',
  paid: 'This order has already been paid, so it was removed from your cart.',
  cancelled: `This order was cancelled (unpaid after ${PAYMENT_WINDOW_HOURS} hours), so it was removed from your cart.`,
  not_payable: 'This order can no longer be paid, so it was removed from your cart.',
});

export interface Cart {
  items: CartItem[];
  dropped: DroppedCartItem[];
  location: { id: string; name: string } | null;
  rates: TaxConfig;
  totals: PriceBreakdown;
}

const drop = (orderId: string, reason: DroppedCartItem['reason']): DroppedCartItem => ({
  orderId,
  reason,
  message: DROP_MESSAGES[reason],
});

/** The shopper's cart from the browser's ids: their own pending orders, priced at their location. */
export async function buildCart(db: DbOrTx, userId: string, orderIds: readonly string[]): Promise<Cart> {
  const unique = [...new Set(orderIds)];
  const wellFormed = unique.filter(isUuid).map((id) => id.toLowerCase());
  // One after another: checkout passes its transaction, whose connection runs one query at a time.
  const location = await repo.userLocation(db, userId);
  const rows = await repo.ordersForCart(db, [...new Set(wellFormed)]);
  const byId = new Map(rows.map((r) => [r.order.id, r]));

  const items: CartItem[] = [];
  const dropped: DroppedCartItem[] = [];
  const seen = new Set<string>();
  for (const given of unique) {
    const id = isUuid(given) ? given.toLowerCase() : null;
    const row = id ? byId.get(id) : undefined;
    // Someone else's order answers exactly like a made-up id: its existence is not revealed.
    if (!id || !row || row.order.userId !== userId) {
      dropped.push(drop(given, 'not_found'));
      continue;
    }
    if (seen.has(id)) continue;
    seen.add(id);
    const o = row.order;
    if (o.status === 'pending') {
      items.push({
        id: `order-${o.id}`,
        orderId: o.id,
        auctionId: o.auctionId,
        productTitle: row.title,
        productSlug: row.slug,
        productImage: row.imageUrl
          ? {
              url: row.imageUrl,
              alt: row.imageAlt || row.title,
              width: row.imageWidth,
              height: row.imageHeight,
            }
          : null,
        finalAmountCents: o.finalAmountCents,
        wonDate: row.auctionEndedAt.toISOString(),
        paymentDueAt: o.paymentDueAt.toISOString(),
      });
    } else if (o.status === 'cancelled') {
      dropped.push(drop(given, 'cancelled'));
    } else if (o.status === 'refunded') {
      dropped.push(drop(given, 'not_payable'));
    } else {
      dropped.push(drop(given, 'paid'));
    }
  }

  const rates = resolveTaxConfig(location);
  return {
    items,
    dropped,
    location: location ? { id: location.id, name: location.name } : null,
    rates,
    totals: priceLines(
      items.map((i) => i.finalAmountCents),
      rates,
    ),
  };
}

/** POST /api/cart/quote. */
export async function quote(
  db: DbOrTx,
  userId: string,
  orderIds: readonly string[],
): Promise<CartQuoteResponse> {
  const cart = await buildCart(db, userId, orderIds);
  return { ...cart, canCheckout: cart.items.length > 0 && cart.location !== null };
}

/**
 * GET /api/checkout/pay-all: the orders 'Pay all' would take now (the same pick as the checkout's,
 * repository payableOrderIdsOf) priced by buildCart, so the total shown is the one charged.
 */
export async function payAllQuote(db: DbOrTx, userId: string, now: Date): Promise<PayAllQuoteResponse> {
  const ids = await repo.payableOrderIdsOf(db, userId, now);
  const cart = await buildCart(db, userId, ids);
  return {
    orderIds: cart.items.map((i) => i.orderId),
    totals: cart.totals,
    canCheckout: cart.items.length > 0 && cart.location !== null,
  };
}
