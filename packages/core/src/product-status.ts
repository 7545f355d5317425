// Product statuses and their transitions (docs/product.md "Auctions and orders", "Returns";
// docs/decisions/085-statuses-with-one-owner.md). The one writer of products.status is
// apps/server/src/modules/admin-catalogue/product-status.ts; it refuses a move this table does not list.
//
//   draft -> auctioned (scheduled on an auction or a drop) -> sold (a winner) or unsold (none)
//
// Beside the main line:
// - auctioned -> draft / to_relist: staff cancel its auction (to_relist once someone had bid).
// - unsold / to_relist -> auctioned: relisted or scheduled again.
// - sold -> to_relist: the winner's order was cancelled unpaid, or a return of it was refunded.
// - to_relist -> sold: a second-chance offer was accepted.
// - every status but withdrawn -> withdrawn: staff take it off the store (withdrawn is final).

export const PRODUCT_STATUSES = ['draft', 'auctioned', 'sold', 'unsold', 'to_relist', 'withdrawn'] as const;

export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The status a new product is created in (admin-catalogue, the manifest import). */
export const INITIAL_PRODUCT_STATUS: ProductStatus = 'draft';

export const PRODUCT_TRANSITIONS: Readonly<Record<ProductStatus, readonly ProductStatus[]>> = Object.freeze({
  draft: Object.freeze(['auctioned', 'withdrawn'] as const),
  auctioned: Object.freeze(['sold', 'unsold', 'draft', 'to_relist', 'withdrawn'] as const),
  sold: Object.freeze(['to_relist', 'withdrawn'] as const),
  unsold: Object.freeze(['auctioned', 'withdrawn'] as const),
  to_relist: Object.freeze(['auctioned', 'sold', 'withdrawn'] as const),
  withdrawn: Object.freeze([] as const),
});

export function isProductStatus(value: unknown): value is ProductStatus {
  return typeof value === 'string' && (PRODUCT_STATUSES as readonly string[]).includes(value);
}

/** Whether a product status change is allowed. Staying in the same status is not a transition. */
export function canProductTransition(from: ProductStatus, to: ProductStatus): boolean {
  return PRODUCT_TRANSITIONS[from].includes(to);
}

/** The statuses from which `to` may be reached (the guard of a status UPDATE). */
export function productSourcesOf(to: ProductStatus): ProductStatus[] {
  return PRODUCT_STATUSES.filter((from) => canProductTransition(from, to));
}

/** A product may be put on an auction (alone or in a drop) from these statuses. */
export const SCHEDULABLE_PRODUCT_STATUSES: readonly ProductStatus[] = Object.freeze([
  'draft',
  'unsold',
  'to_relist',
] as const);

/**
 * Every move the server makes on a product's status, by the flow that makes it: the writer is called
 * with one of these, so the unit tests can check each against PRODUCT_TRANSITIONS.
 */
export const PRODUCT_MOVES = Object.freeze({
  /** admin-auctions: an auction or a drop's lot is scheduled for it. */
  schedule: { from: SCHEDULABLE_PRODUCT_STATUSES, to: 'auctioned' },
  /** admin-auctions: staff cancel its auction nobody had bid on. */
  cancelWithoutBids: { from: ['auctioned'], to: 'draft' },
  /** admin-auctions: staff cancel its auction after bids. */
  cancelAfterBids: { from: ['auctioned'], to: 'to_relist' },
  /** auctions: its auction closed with a winner. */
  won: { from: ['auctioned'], to: 'sold' },
  /** auctions: its auction closed without a winner. */
  notWon: { from: ['auctioned'], to: 'unsold' },
  /** orders: the winner's order was cancelled at the payment deadline. */
  orderUnpaid: { from: ['sold'], to: 'to_relist' },
  /** returns: a return of it was refunded; it goes back to be graded and relisted. */
  returnRefunded: { from: ['sold'], to: 'to_relist' },
  /** offers: a second-chance offer for it was accepted. */
  offerAccepted: { from: ['to_relist'], to: 'sold' },
  /** admin-catalogue: staff withdraw it (from whatever it is, but withdrawn). */
  withdraw: { from: ['draft', 'auctioned', 'sold', 'unsold', 'to_relist'], to: 'withdrawn' },
} as const satisfies Record<string, { from: readonly ProductStatus[]; to: ProductStatus }>);

export type ProductMove = (typeof PRODUCT_MOVES)[keyof typeof PRODUCT_MOVES];
