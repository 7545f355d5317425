// What a shopper could owe ('Winning now', 'At most') and their own spending limit
// (docs/product.md "What you could owe"). Pure: the server reads the facts and the rates.
//
// Every lot is priced by itself with the cart's own function (pricing.ts priceLines of that one
// price), so 'Winning now' is, to the cent, what the cart would charge for those lots won at those
// prices (the cart's total is the sum of its orders' own figures, pricing.ts priceOrders). The rates
// are the ones the cart would use for the lot (the server passes the shopper's chosen location's,
// as the cart does; defaults when none is chosen).

import type { GroupLotState } from './bid-groups';
import { formatCents, parseDollarsToCents } from './money';
import { priceLines, type TaxConfig } from './pricing';

/** The highest spending limit a shopper may set, all-in: $10,000,000.00 (fits its bigint column with room). */
export const MAX_SPENDING_LIMIT_CENTS = 1_000_000_000;
/** The lowest: $1.00. */
export const MIN_SPENDING_LIMIT_CENTS = 100;

/** The all-in cost of one lot won at `cents`: the cart's own pricing of that one order. */
export function lotTotalCents(cents: number, tax: TaxConfig): number {
  return priceLines([cents], tax).totalCents;
}

/** One of the shopper's lots as it stands now. */
export interface LeadFacts {
  readonly auctionId: string;
  readonly status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  readonly leaderUserId: string | null;
  readonly reserveMet: boolean;
  readonly currentPriceCents: number;
}

/** Winning now: a live lot the shopper leads with its reserve met (a lead below the reserve wins nothing). */
export function isWinningNow(lot: LeadFacts, userId: string): boolean {
  return lot.status === 'live' && lot.leaderUserId === userId && lot.reserveMet;
}

export interface WinningNow {
  readonly lots: { auctionId: string; priceCents: number; totalCents: number }[];
  readonly totalCents: number;
}

/** The lots the shopper is winning now at their current prices, each all-in, and their sum. */
export function winningNow(
  userId: string,
  lots: readonly (LeadFacts & { readonly tax: TaxConfig })[],
): WinningNow {
  const won = lots
    .filter((l) => isWinningNow(l, userId))
    .map((l) => ({
      auctionId: l.auctionId,
      priceCents: l.currentPriceCents,
      totalCents: lotTotalCents(l.currentPriceCents, l.tax),
    }));
  return { lots: won, totalCents: won.reduce((sum, l) => sum + l.totalCents, 0) };
}

/** A maximum of the shopper's on a lot, with the rates it would be charged at. */
export interface Maximum {
  readonly auctionId: string;
  readonly maxCents: number;
  readonly tax: TaxConfig;
}

/** The lot states in which a group's maximum may still win (core bid-groups.ts). */
export const OPEN_GROUP_LOT_STATES: readonly GroupLotState[] = ['waiting', 'live', 'outbid'];

export interface GroupMaximums {
  readonly winAtMost: number;
  readonly wins: number;
  readonly lots: readonly (Maximum & { readonly state: GroupLotState })[];
}

export interface Maximums {
  /** Ordinary maximums on scheduled and live lots (not a group's). */
  readonly ordinary: readonly Maximum[];
  /** The shopper's active groups. */
  readonly groups: readonly GroupMaximums[];
}

export interface AtMost {
  readonly totalCents: number;
  /** How many lots that figure counts. */
  readonly lots: number;
}

/**
 * At most: the all-in total if every maximum of the shopper's won at its maximum. An ordinary
 * maximum counts whole; a group counts only its (winAtMost - wins) largest all-in maximums among
 * its lots that may still win (waiting, live, outbid): it never wins more than it asked for.
 */
export function atMost(maximums: Maximums): AtMost {
  let totalCents = 0;
  let lots = 0;
  for (const m of maximums.ordinary) {
    totalCents += lotTotalCents(m.maxCents, m.tax);
    lots++;
  }
  for (const g of maximums.groups) {
    const room = Math.max(0, g.winAtMost - g.wins);
    const largest = g.lots
      .filter((l) => OPEN_GROUP_LOT_STATES.includes(l.state))
      .map((l) => lotTotalCents(l.maxCents, l.tax))
      .sort((a, b) => b - a)
      .slice(0, room);
    for (const t of largest) totalCents += t;
    lots += largest.length;
  }
  return { totalCents, lots };
}

/**
 * The maximums as they would be with `next` placed as an ordinary maximum: it replaces the
 * shopper's maximum on that lot, and the lot leaves any group's count (the ordinary maximum counts it
 * whole from then on, which never makes the figure smaller than counting it in the group).
 */
export function withMaximum(maximums: Maximums, next: Maximum): Maximums {
  return {
    ordinary: [...maximums.ordinary.filter((m) => m.auctionId !== next.auctionId), next],
    groups: maximums.groups.map((g) => ({
      ...g,
      lots: g.lots.filter((l) => l.auctionId !== next.auctionId),
    })),
  };
}

/** Over the limit: the limit and the figure it would reach. */
export interface SpendingLimitExceeded {
  readonly limitCents: number;
  readonly atMostCents: number;
}

/** Null when 'At most' is within the limit (or there is none); otherwise what to say. */
export function checkSpendingLimit(
  limitCents: number | null,
  atMostCents: number,
): SpendingLimitExceeded | null {
  if (limitCents === null || atMostCents <= limitCents) return null;
  return { limitCents, atMostCents };
}

/** The catalogue's parameters for spending_limit_exceeded. */
export function spendingLimitParams(e: SpendingLimitExceeded): { figure: string; limit: string } {
  return { figure: formatCents(e.atMostCents), limit: formatCents(e.limitCents) };
}

export type SpendingLimitProblem = 'invalid' | 'too_low' | 'too_high';

/**
 * A typed spending limit (dollars, as a bid amount is typed) to cents, or null to remove it (null or
 * blank text). A problem when it is not an amount or is outside MIN..MAX_SPENDING_LIMIT_CENTS.
 */
export function parseSpendingLimit(
  input: string | number | null,
): { ok: true; cents: number | null } | { ok: false; problem: SpendingLimitProblem } {
  if (input === null || (typeof input === 'string' && input.trim() === '')) return { ok: true, cents: null };
  const cents = parseDollarsToCents(input);
  if (cents === null) return { ok: false, problem: 'invalid' };
  if (cents < MIN_SPENDING_LIMIT_CENTS) return { ok: false, problem: 'too_low' };
  if (cents > MAX_SPENDING_LIMIT_CENTS) return { ok: false, problem: 'too_high' };
  return { ok: true, cents };
}
