// Walk-ins at the pickup desk (docs/decisions/080-pickup-missed-walk-ins.md): a paid order in no
// booked visit (never booked, its visit missed, or its window over) is found by the shopper's name or
// email, its order number, or the code of the visit it missed, and handed over like any other
// (desk-service.ts deskComplete needs no appointment; the storage fee owed is settled first, 059).
import type { DeskWalkIn } from '@rebound/contract/pickup';
import { productSku } from '@rebound/core/catalog';
import { orderStorageFeeCents } from '@rebound/core/pickup';
import type { DbOrTx } from '../../db/client';
import * as deskRepo from './desk-repository';

type WalkInRow = Awaited<ReturnType<typeof deskRepo.deskWalkIns>>[number];

function toWalkIn(r: WalkInRow, now: Date): DeskWalkIn {
  const o = r.order;
  return {
    orderId: o.id,
    orderNumber: o.id.slice(0, 8),
    productTitle: r.title,
    sku: productSku(r),
    deskNotes: r.deskNotes,
    shopperName: `${r.firstName} ${r.lastName}`.trim() || r.email,
    shopperEmail: r.email,
    orderStatus: o.status,
    readyAt: o.readyAt?.toISOString() ?? null,
    completedAt: o.completedAt?.toISOString() ?? null,
    storageFeeCents: orderStorageFeeCents(
      { status: o.status, auctionEnd: r.auctionEndedAt, completedAt: o.completedAt },
      now,
    ),
    locationName: r.locationName,
    missedCode: r.missedCode,
  };
}

/** The walk-ins matching a desk search: `q` (name, email, order number) and/or a missed visit's code. */
export async function findWalkIns(
  db: DbOrTx,
  search: { q?: string | undefined; code?: string | null | undefined },
  now: Date,
): Promise<DeskWalkIn[]> {
  const rows = await deskRepo.deskWalkIns(db, search);
  return rows.map((r) => toWalkIn(r, now));
}
