import { userRoom } from '@rebound/contract/rooms';
// Storage fees settled before the visit (docs/product.md "Pickup"; docs/decisions/059-storage-fees-and-ledger.md).
// What an order owes is core's rule (storage-fee-charges.ts) counted to the booked visit for the
// shopper, to now at the desk, less the charges paid. Charges are written here: pending ones for an
// online checkout (checkout links them to its session and its one sync marks them paid), paid ones
// recorded by staff at the desk (audited). Every write locks the orders first, so two writes on one
// order queue and what is owed is never charged twice.
import {
  type DeskFeeResponse,
  type MyStorageFeesResponse,
  STORAGE_FEE_TEXT,
  type StorageFeeLine,
} from '@rebound/contract/storage-fees';
import { formatCents } from '@rebound/core/money';
import { storageFeeStartDateKey } from '@rebound/core/pickup';
import { type FeePayment, feeCountedUntil, storageFeeFigures } from '@rebound/core/storage-fee-charges';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import { recordAudit } from '../staff';
import * as repo from './repository';

export interface StorageFeeDeps {
  db: Db;
  clock: Clock;
}

/** Recording a fee paid at the desk also tells the shopper's open tabs, after the commit. */
export interface StorageFeeDeskDeps extends StorageFeeDeps {
  publish: Publisher;
}

type FeeOrderRow = Awaited<ReturnType<typeof repo.feeOrders>>[number];

// Every figure of a fee comes from core's storageFeeFigures over the ledger's paid charges
// (docs/decisions/077-one-figure-per-amount.md): the shopper's lines, the desk's answer, "owed now".
function lineOf(r: FeeOrderRow, paid: readonly FeePayment[], until: Date): StorageFeeLine {
  const owed = storageFeeFigures(
    { status: r.order.status, auctionEnd: r.auctionEndedAt, completedAt: r.order.completedAt },
    until,
    paid,
  );
  return {
    orderId: r.order.id,
    title: r.title,
    dueCents: owed.dueCents,
    paidCents: owed.paidCents,
    paidOnlineCents: owed.paidOnlineCents,
    paidAtDeskCents: owed.paidAtDeskCents,
    owedCents: owed.owedCents,
    days: owed.days,
    fromDate: storageFeeStartDateKey(r.auctionEndedAt),
    throughDate: owed.throughDateKey,
    visitStartsAt: r.visitStartsAt?.toISOString() ?? null,
  };
}

/** Lines for orders still in the warehouse, counted to their visit (or now). */
async function linesFor(
  db: DbOrTx,
  rows: FeeOrderRow[],
  now: Date,
  count: 'visit' | 'now',
): Promise<StorageFeeLine[]> {
  const paid = await repo.paidByOrder(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) =>
    lineOf(r, paid.get(r.order.id) ?? [], count === 'visit' ? feeCountedUntil(now, r.visitStartsAt) : now),
  );
}

/** GET /api/me/storage-fees: what the shopper's stored orders owe by their visit, and in total. */
export async function myStorageFees(deps: StorageFeeDeps, user: SessionUser): Promise<MyStorageFeesResponse> {
  const now = deps.clock.now();
  const rows = (await repo.feeOrders(deps.db, { userId: user.id })).filter(
    (r) => r.order.status !== 'completed',
  );
  const lines = (await linesFor(deps.db, rows, now, 'visit')).filter((l) => l.dueCents > 0);
  return {
    serverTime: now.toISOString(),
    lines,
    owedCents: lines.reduce((sum, l) => sum + l.owedCents, 0),
  };
}

/** What the shopper owes now on each stored order (the ledger's "owed now"). */
export async function owedNowCents(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const rows = (await repo.feeOrders(db, { userId })).filter((r) => r.order.status !== 'completed');
  const lines = await linesFor(db, rows, now, 'visit');
  return lines.reduce((sum, l) => sum + l.owedCents, 0);
}

export interface FeeChargeDraft {
  orderId: string;
  title: string;
  amountCents: number;
  days: number;
  throughDate: string;
}

/**
 * Inside checkout's transaction: the shopper's orders (locked) and what each owes by its visit.
 * Refuses orders that are not the shopper's, and a request on which nothing is owed.
 */
export async function draftOnlineCharges(
  tx: DbOrTx,
  userId: string,
  orderIds: readonly string[],
  now: Date,
): Promise<{ drafts: FeeChargeDraft[]; locationId: string }> {
  const ids = [...new Set(orderIds)];
  const rows = await repo.feeOrders(tx, { orderIds: ids }, true);
  if (rows.length !== ids.length || rows.some((r) => r.order.userId !== userId)) {
    throw new AppError('order_not_found');
  }
  const stored = rows.filter((r) =>
    ['paid', 'ready_for_pickup', 'pickup_scheduled'].includes(r.order.status),
  );
  const lines = await linesFor(tx, stored, now, 'visit');
  const drafts = lines
    .filter((l) => l.owedCents > 0)
    .map((l) => ({
      orderId: l.orderId,
      title: l.title,
      amountCents: l.owedCents,
      days: l.days,
      throughDate: l.throughDate,
    }));
  if (drafts.length === 0) throw new AppError('bad_request', { message: STORAGE_FEE_TEXT.nothingOwed });
  return { drafts, locationId: rows[0]!.order.locationId };
}

/** The drafts become pending charges of `checkoutSessionId`; older pending charges of those orders are void. */
export async function insertOnlineCharges(
  tx: DbOrTx,
  userId: string,
  checkoutSessionId: string,
  drafts: FeeChargeDraft[],
  now: Date,
): Promise<void> {
  await repo.voidPendingOfOrders(
    tx,
    drafts.map((d) => d.orderId),
    now,
  );
  await repo.insertCharges(
    tx,
    drafts.map((d) => ({
      orderId: d.orderId,
      userId,
      amountCents: d.amountCents,
      days: d.days,
      throughDate: d.throughDate,
      status: 'pending' as const,
      checkoutSessionId,
      createdAt: now,
    })),
  );
}

/**
 * Inside the payment sync's transaction: the session's charges, locked. `payable` is false when one
 * was voided meanwhile (the desk settled it, or a newer checkout replaced it): the payment is then
 * refunded, as for an order no longer pending.
 */
export async function lockSessionCharges(tx: DbOrTx, checkoutSessionId: string) {
  const charges = await repo.chargesOfSession(tx, checkoutSessionId, true);
  return {
    count: charges.length,
    payable: charges.every((c) => c.status === 'pending'),
    totalCents: charges.reduce((sum, c) => sum + c.amountCents, 0),
  };
}

/** The session's pending charges are paid online (the sync calls this once, under its lock). */
export async function markSessionChargesPaid(tx: DbOrTx, checkoutSessionId: string, now: Date) {
  return repo.markSessionPaid(tx, checkoutSessionId, now);
}

/** The session expired: its pending charges are void. */
export async function voidSessionCharges(tx: DbOrTx, checkoutSessionId: string, now: Date) {
  await repo.voidSession(tx, checkoutSessionId, now);
}

/** The session's charges with the item titles (the receipt and the test checkout page). */
export async function sessionChargeLines(db: DbOrTx, checkoutSessionId: string) {
  const charges = await repo.chargesOfSession(db, checkoutSessionId);
  if (charges.length === 0) return [];
  const rows = await repo.feeOrders(db, { orderIds: charges.map((c) => c.orderId) });
  const titles = new Map(rows.map((r) => [r.order.id, r.title]));
  return charges.map((c) => ({
    orderId: c.orderId,
    productTitle: titles.get(c.orderId) ?? 'item',
    days: c.days,
    title: `Storage: ${titles.get(c.orderId) ?? 'item'} (${c.days} ${c.days === 1 ? 'day' : 'days'})`,
    amountCents: c.amountCents,
  }));
}

/** What the order owes at the desk now (the hand-over is counted to now). */
async function deskOwed(db: DbOrTx, orderId: string, now: Date, lock = false) {
  const [row] = await repo.feeOrders(db, { orderIds: [orderId] }, lock);
  if (!row) throw new AppError('order_not_found');
  const [line] = await linesFor(db, [row], now, 'now');
  return { row, line: line! };
}

const deskAnswer = (line: StorageFeeLine): DeskFeeResponse => ({
  orderId: line.orderId,
  owedCents: line.owedCents,
  paidCents: line.paidCents,
  paidOnlineCents: line.paidOnlineCents,
  paidAtDeskCents: line.paidAtDeskCents,
  dueCents: line.dueCents,
  days: line.days,
});

/** GET /api/admin/storage-fees/orders/:orderId */
export async function deskFee(deps: StorageFeeDeps, orderId: string): Promise<DeskFeeResponse> {
  const { line } = await deskOwed(deps.db, orderId, deps.clock.now());
  return deskAnswer(line);
}

/**
 * The desk's hand-over guard, inside its transaction: an order with storage owed is not handed over
 * until it is paid (online, or recorded at the desk).
 */
export async function assertNoStorageOwed(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  const { line } = await deskOwed(tx, orderId, now);
  if (line.owedCents > 0) {
    throw new AppError('pickup_handover_not_allowed', {
      message: STORAGE_FEE_TEXT.handoverRefused(formatCents(line.owedCents)),
    });
  }
}

/**
 * POST /api/admin/storage-fees/orders/:orderId/record: staff took what is owed at the desk (cash or
 * card terminal). One paid charge for exactly what is owed now, audited; pending online charges of
 * the order are void (a late online payment of them is refunded by the sync). Nothing owed: refused.
 */
export async function recordDeskPayment(
  deps: StorageFeeDeskDeps,
  staff: SessionUser,
  orderId: string,
  method: 'cash' | 'card_terminal',
): Promise<DeskFeeResponse> {
  let userId = '';
  const answer = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const { row, line } = await deskOwed(tx, orderId, now, true);
    if (line.owedCents <= 0) throw new AppError('bad_request', { message: STORAGE_FEE_TEXT.nothingOwed });
    userId = row.order.userId;
    await repo.voidPendingOfOrders(tx, [orderId], now);
    const [charge] = await repo.insertCharges(tx, [
      {
        orderId,
        userId: row.order.userId,
        amountCents: line.owedCents,
        days: line.days,
        throughDate: line.throughDate,
        status: 'paid',
        method,
        paidAt: now,
        recordedBy: staff.id,
        createdAt: now,
      },
    ]);
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'storage_fee.record_paid',
      entityType: 'order',
      entityId: orderId,
      before: { owedCents: line.owedCents, paidCents: line.paidCents },
      after: { chargeId: charge!.id, amountCents: line.owedCents, method, throughDate: line.throughDate },
    });
    // The answer is the ledger read again, as every other view of the fee reads it.
    return deskAnswer((await deskOwed(tx, orderId, now)).line);
  });
  const now = deps.clock.now();
  await deps.publish([
    { room: userRoom(userId), event: { type: 'OrdersChangedV1', serverTime: now.toISOString() } },
  ]);
  return answer;
}

/** Who owns an order (to tell their open tabs). */
export async function ownerOf(deps: StorageFeeDeps, orderId: string): Promise<string | null> {
  const [row] = await repo.feeOrders(deps.db, { orderIds: [orderId] });
  return row?.order.userId ?? null;
}
