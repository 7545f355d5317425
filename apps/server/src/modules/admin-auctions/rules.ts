// What admin-auctions decides about one auction from what it read: whether it may be relisted or
// offered to another bidder, who may get that offer, and the settings as an audit entry shows them.
import type { AuctionSettingsInput } from '@rebound/contract/admin-auctions';
import { type ProductStatus, SCHEDULABLE_PRODUCT_STATUSES } from '@rebound/core/product-status';
import { secondChanceCandidates } from '@rebound/core/scheduling';
import type { Database } from '../../db/client';
import type * as repo from './repository';

export type Db = Database['db'];
export type Settings = Required<Omit<AuctionSettingsInput, 'reservePriceCents'>> & {
  reservePriceCents: number | null;
};

/** The settings as an audit entry shows them. */
export function snapshot(a: repo.AuctionRow) {
  return {
    status: a.status,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    startingBidCents: a.startingBidCents,
    incrementMode: a.incrementMode,
    bidIncrementCents: a.bidIncrementCents,
    reservePriceCents: a.reservePriceCents,
    softCloseSeconds: a.softCloseSeconds,
    locationId: a.locationId,
  };
}

/** Why an ended or cancelled auction may be relisted (or null): unsold, cancelled, or unpaid. */
export function relistable(
  a: repo.AuctionRow,
  productStatus: ProductStatus,
  orders: { status: string }[],
  offers: { status: string }[],
) {
  if (!SCHEDULABLE_PRODUCT_STATUSES.includes(productStatus)) return false;
  if (offers.some((o) => o.status === 'open')) return false;
  if (a.status === 'cancelled') return true;
  if (a.status !== 'ended') return false;
  // Unsold (no winner), or every order of it cancelled (not paid).
  return orders.every((o) => o.status === 'cancelled');
}

/** Who may get a second-chance offer: an ended auction whose only orders were cancelled, no open offer. */
export function offerable(
  a: repo.AuctionRow,
  productStatus: ProductStatus,
  orders: { status: string }[],
  offers: { status: string }[],
) {
  return (
    a.status === 'ended' &&
    a.winnerUserId !== null &&
    productStatus === 'to_relist' &&
    orders.length > 0 &&
    orders.every((o) => o.status === 'cancelled') &&
    !offers.some((o) => o.status === 'open')
  );
}

type MaxRow = Awaited<ReturnType<typeof repo.maxBidsOf>>[number];

export function candidatesOf(
  a: repo.AuctionRow,
  maxes: MaxRow[],
  orders: { userId: string }[],
  offers: { userId: string }[],
) {
  const excluded = [
    ...(a.winnerUserId ? [a.winnerUserId] : []),
    ...orders.map((o) => o.userId),
    ...offers.map((o) => o.userId),
    ...maxes.filter((m) => !m.active).map((m) => m.userId),
  ];
  return secondChanceCandidates(
    maxes.map((m) => ({ ...m, amountCents: m.maxAmountCents, setAtMs: m.setAt.getTime() })),
    excluded,
  );
}
