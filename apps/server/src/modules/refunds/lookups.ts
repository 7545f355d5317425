// What other modules read about refunds, through the door (docs/decisions/084-refunds-module.md):
// the order page's list, the search's refunded figures, and a refund by its idempotency key (a desk
// mark's, a return's). Each takes the caller's transaction when it must read under the caller's lock.
import type { AdminRefund } from '@rebound/contract/admin-orders';
import type { DbOrTx } from '../../db/client';
import * as repo from './repository';
import { refundView } from './service';

/** Refunds of these payments (confirmed or reserved), oldest first, as the order page shows them. */
export async function refundsOfPayments(db: DbOrTx, paymentIds: string[]): Promise<AdminRefund[]> {
  const rows = await repo.refundsOfPayments(db, paymentIds);
  return rows.map((r) => refundView(r.refund, r.createdBy));
}

/**
 * What refunds (confirmed or reserved) took of each order; 0 for an order without any. With
 * `exceptKey`, the refund held by that key is left out (a desk mark's own).
 */
export async function refundedCentsByOrder(
  db: DbOrTx,
  orderIds: string[],
  opts: { exceptKey?: string } = {},
): Promise<Map<string, number>> {
  const sums = await repo.refundedByOrder(db, orderIds, opts.exceptKey);
  return new Map(orderIds.map((id) => [id, sums.get(id) ?? 0]));
}

/** A refund held by an idempotency key, reserved or confirmed (`confirmed`: the provider answered). */
export interface KeyedRefund {
  id: string;
  orderId: string | null;
  amountCents: number;
  confirmed: boolean;
}

/** The refunds held by these keys, by key; a key no refund holds is absent. */
export async function refundsByKeys(db: DbOrTx, keys: string[]): Promise<Map<string, KeyedRefund>> {
  const rows = await repo.refundsByKeys(db, keys);
  return new Map(
    rows.map((r) => [
      r.idempotencyKey,
      { id: r.id, orderId: r.orderId, amountCents: r.amountCents, confirmed: r.providerRefundId !== null },
    ]),
  );
}

/** The refund held by one key, or null. */
export async function refundByKey(db: DbOrTx, key: string): Promise<KeyedRefund | null> {
  return (await refundsByKeys(db, [key])).get(key) ?? null;
}
