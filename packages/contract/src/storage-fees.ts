// Storage fees settled before the visit, and the account's one ledger (docs/product.md "Pickup" and
// "Account ledger"; docs/decisions/059-storage-fees-and-ledger.md). Paths live here, not in routes.ts,
// so the shop and product pages' bundles do not grow. The rule is core's (storage-fee-charges.ts).
import { z } from 'zod';
import { Cents, Instant, Uuid } from './common';

export const STORAGE_FEE_API = {
  /** GET: the signed-in shopper's storage fees owed (by order), counted to each booked visit. */
  mine: '/api/me/storage-fees',
  /** POST {orderIds}: a hosted checkout for what those orders owe in storage. */
  checkout: '/api/checkout/storage-fees',
  /** GET (staff): what an order owes at the desk now. */
  deskPattern: '/api/admin/storage-fees/orders/:orderId',
  desk: (orderId: string) => `/api/admin/storage-fees/orders/${orderId}`,
  /** POST (staff) {method}: the fee was paid at the desk (cash or card terminal). */
  recordPattern: '/api/admin/storage-fees/orders/:orderId/record',
  record: (orderId: string) => `/api/admin/storage-fees/orders/${orderId}/record`,
  /** GET: the account's ledger. */
  ledger: '/api/account/ledger',
} as const;

export const STORAGE_FEE_TEXT = {
  nothingOwed: 'No storage fees owed.',
  handoverRefused: (amount: string) =>
    `Storage fees of ${amount} are owed on this order. Collect ${amount} storage and record it as paid before the hand-over.`,
  recorded: 'Storage fee recorded as paid.',
} as const;

/** One order's storage fee, counted through `throughDate` (the booked visit day, or today). */
export const StorageFeeLine = z.object({
  orderId: Uuid,
  title: z.string(),
  /** The fee from the start day through throughDate. */
  dueCents: Cents,
  /** Paid in all (the ledger's paid charges): paidOnlineCents + paidAtDeskCents. */
  paidCents: Cents,
  paidOnlineCents: Cents,
  paidAtDeskCents: Cents,
  owedCents: Cents,
  days: z.number().int(),
  /** First charged day and the day counted through (YYYY-MM-DD, shop time). */
  fromDate: z.string(),
  throughDate: z.string(),
  /** The booked visit, when there is one. */
  visitStartsAt: Instant.nullable(),
});
export type StorageFeeLine = z.infer<typeof StorageFeeLine>;

export const MyStorageFeesResponse = z.object({
  serverTime: Instant,
  /** Orders still stored with a fee counted (owed or paid). */
  lines: z.array(StorageFeeLine),
  owedCents: Cents,
});
export type MyStorageFeesResponse = z.infer<typeof MyStorageFeesResponse>;

export const FeeCheckoutRequest = z.object({ orderIds: z.array(Uuid).min(1).max(100) });
export type FeeCheckoutRequest = z.infer<typeof FeeCheckoutRequest>;

export const FeeCheckoutResponse = z.object({
  url: z.string(),
  sessionId: z.string(),
  provider: z.enum(['stripe', 'test']),
  totalCents: Cents,
});
export type FeeCheckoutResponse = z.infer<typeof FeeCheckoutResponse>;

/**
 * An order's storage fee at the desk, in the ledger's figures (core storageFeeFigures): what accrued
 * (counted to now, or to the hand-over once handed over), what was paid online and at the desk, and
 * what is still owed.
 */
export const DeskFeeResponse = z.object({
  orderId: Uuid,
  owedCents: Cents,
  /** Paid in all: paidOnlineCents + paidAtDeskCents. */
  paidCents: Cents,
  paidOnlineCents: Cents,
  paidAtDeskCents: Cents,
  dueCents: Cents,
  days: z.number().int(),
});
export type DeskFeeResponse = z.infer<typeof DeskFeeResponse>;

export const RecordFeeRequest = z.object({
  method: z.enum(['cash', 'card_terminal'], { message: 'Choose cash or card terminal.' }),
});
export type RecordFeeRequest = z.infer<typeof RecordFeeRequest>;

export const LedgerKind = z.enum(['payment', 'refund', 'storage_fee_charged', 'storage_fee_paid', 'strike']);
export type LedgerKind = z.infer<typeof LedgerKind>;

export const LedgerEntry = z.object({
  id: z.string(),
  kind: LedgerKind,
  at: Instant,
  /** Money moved, in cents (always positive); null for a strike. */
  amountCents: Cents.nullable(),
  /** What it means for the shopper, in words ('You paid …', 'Refunded to your card …'). */
  description: z.string(),
  /** Storage fees still owed after this entry (the running balance of the fee account). */
  storageOwedAfterCents: Cents,
  /** A strike removed by staff no longer counts. */
  removed: z.boolean(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerResponse = z.object({
  serverTime: Instant,
  /** Oldest first. */
  entries: z.array(LedgerEntry),
  /** Storage fees accrued and not yet charged or paid (by today or the booked visit). */
  storageOwedNowCents: Cents,
});
export type LedgerResponse = z.infer<typeof LedgerResponse>;
