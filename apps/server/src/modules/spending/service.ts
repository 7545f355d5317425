// What you could owe (docs/product.md "What you could owe"): the shopper's 'Winning now' and 'At most'
// from core spending.ts, priced at the rates the cart uses (the shopper's chosen location's, defaults
// when none: apps/server/src/modules/checkout/cart.ts), and the spending-limit check.
import type { MySpendingResponse } from '@rebound/contract/spending';
import { resolveTaxConfig, type TaxConfig } from '@rebound/core/pricing';
import {
  atMost,
  checkSpendingLimit,
  type Maximums,
  spendingLimitParams,
  winningNow,
  withMaximum,
} from '@rebound/core/spending';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

/** The shopper's maximums for core's atMost: a lot in one of their open groups counts under the group. */
function maximumsOf(facts: repo.SpendingFacts, tax: TaxConfig): Maximums {
  const grouped = new Set(facts.groupLots.map((l) => l.auctionId));
  const groups = new Map<
    string,
    { winAtMost: number; wins: number; lots: Maximums['groups'][number]['lots'][number][] }
  >();
  for (const l of facts.groupLots) {
    let g = groups.get(l.groupId);
    if (!g) {
      g = { winAtMost: l.winAtMost, wins: l.wins, lots: [] };
      groups.set(l.groupId, g);
    }
    g.lots.push({ auctionId: l.auctionId, maxCents: l.maxCents, tax, state: l.state });
  }
  return {
    ordinary: facts.maximums
      .filter((m) => !grouped.has(m.auctionId))
      .map((m) => ({ auctionId: m.auctionId, maxCents: m.maxCents, tax })),
    groups: [...groups.values()],
  };
}

/** GET /api/me/spending. */
export async function mySpending(db: DbOrTx, clock: Clock, userId: string): Promise<MySpendingResponse> {
  const now = clock.now();
  const facts = await repo.spendingFacts(db, userId);
  const tax = resolveTaxConfig(facts.rates);
  const titles = new Map(facts.maximums.map((m) => [m.auctionId, m]));
  const won = winningNow(
    userId,
    facts.maximums.map((m) => ({ ...m, tax })),
  );
  return {
    serverTime: now.toISOString(),
    winningNow: {
      lots: won.lots.map((l) => ({
        ...l,
        title: titles.get(l.auctionId)!.title,
        slug: titles.get(l.auctionId)!.slug,
      })),
      totalCents: won.totalCents,
    },
    atMost: atMost(maximumsOf(facts, tax)),
    limitCents: facts.limitCents,
  };
}

function refuseAbove(limitCents: number | null, atMostCents: number): void {
  const over = checkSpendingLimit(limitCents, atMostCents);
  if (over) throw new AppError('spending_limit_exceeded', { params: spendingLimitParams(over) });
}

/**
 * Throws spending_limit_exceeded when the shopper's 'At most', as `tx` sees it (call it inside the
 * transaction that has just written a change, e.g. a bid group, after its last auction lock), is above
 * their spending limit. Holds the shopper's spending lock until `tx` ends (repository.ts lockSpending).
 */
export async function assertWithinSpendingLimit(tx: DbOrTx, userId: string): Promise<void> {
  await repo.lockSpending(tx, [userId]);
  const facts = await repo.spendingFacts(tx, userId);
  if (facts.limitCents === null) return;
  refuseAbove(facts.limitCents, atMost(maximumsOf(facts, resolveTaxConfig(facts.rates))).totalCents);
}

/**
 * Holds the spending locks of the bidders of a batch who have a limit, in one order, until `tx` ends:
 * called under the auction's lock before their bids are checked (assertBidWithinSpendingLimit).
 */
export const lockSpendingOf = (tx: DbOrTx, userIds: readonly string[]) => repo.lockSpending(tx, userIds);

/**
 * The check of an ordinary maximum bid, in the bid's transaction under the bidder's spending lock
 * (lockSpendingOf): 'At most' with `amountCents` replacing the shopper's maximum on that lot. One
 * query; only bidders with a limit pay for it (the batch's read under the lock says who has one).
 */
export async function assertBidWithinSpendingLimit(
  tx: DbOrTx,
  userId: string,
  auctionId: string,
  amountCents: number,
): Promise<void> {
  const facts = await repo.spendingFacts(tx, userId);
  if (facts.limitCents === null) return;
  const tax = resolveTaxConfig(facts.rates);
  refuseAbove(
    facts.limitCents,
    atMost(withMaximum(maximumsOf(facts, tax), { auctionId, maxCents: amountCents, tax })).totalCents,
  );
}
