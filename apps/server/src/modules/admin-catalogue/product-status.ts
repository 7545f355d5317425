// The one writer of products.status (docs/decisions/085-statuses-with-one-owner.md). admin-catalogue
// owns products: it creates them, edits them, withdraws them and holds their photos; every other
// module that moves a product (scheduling, closing, an unpaid order, an accepted offer, a refunded
// return) calls transitionProducts through this module's door. Each call names one of core's
// PRODUCT_MOVES; a move PRODUCT_TRANSITIONS does not list is refused before any SQL, and the UPDATE's
// WHERE admits only the move's sources, so a product in any other status is left as it is.
import { canProductTransition, type ProductStatus, productSourcesOf } from '@rebound/core/product-status';
import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

/** Columns a transition may set beside the status (the desk notes of a return, featured). */
export type ProductTransitionSet = Pick<Partial<typeof products.$inferInsert>, 'deskNotes' | 'isFeatured'>;

/** A move core does not allow was asked for: a bug in the caller, never staff's or a shopper's doing. */
export class ProductTransitionRefused extends Error {
  constructor(from: readonly ProductStatus[], to: ProductStatus) {
    super(`product status ${from.join('|')} -> ${to} is not an allowed transition`);
    this.name = 'ProductTransitionRefused';
  }
}

export interface ProductTransition {
  /** The statuses the caller expects the products in (a PRODUCT_MOVES entry's `from`). */
  from: readonly ProductStatus[];
  to: ProductStatus;
  at: Date;
  set?: ProductTransitionSet;
}

/** The sources the guard admits; throws when an expected one may not reach `to`. */
function sourcesOf(t: ProductTransition): ProductStatus[] {
  const refused = t.from.filter((from) => !canProductTransition(from, t.to));
  if (refused.length > 0) throw new ProductTransitionRefused(refused, t.to);
  const allowed = productSourcesOf(t.to);
  return t.from.filter((from) => allowed.includes(from));
}

/**
 * Moves the products that are in one of the move's sources to `to`, inside the caller's transaction;
 * returns those it moved (id and new status).
 */
export async function transitionProducts(
  tx: DbOrTx,
  productIds: readonly string[],
  t: ProductTransition,
): Promise<{ id: string; status: ProductStatus }[]> {
  const sources = sourcesOf(t);
  if (productIds.length === 0 || sources.length === 0) return [];
  return tx
    .update(products)
    .set({ ...t.set, status: t.to, updatedAt: t.at })
    .where(and(inArray(products.id, [...productIds]), inArray(products.status, sources)))
    .returning({ id: products.id, status: products.status });
}

/** transitionProducts for one product: true when it moved. */
export async function transitionProduct(
  tx: DbOrTx,
  productId: string,
  t: ProductTransition,
): Promise<boolean> {
  return (await transitionProducts(tx, [productId], t)).length === 1;
}
