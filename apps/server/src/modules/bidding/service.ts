import {
  type AuctionLiveState,
  BID_SUCCESS_LEADING,
  BID_SUCCESS_SET,
  type BidHistoryResponse,
  MY_BIDS_ENDED_LIMIT,
  type MyBidGroup,
  type MyBidPosition,
  type MyBidsResponse,
  type PlaceBidResponse,
} from '@rebound/contract/bidding';
import type { ServerEvent } from '@rebound/contract/realtime';
import {
  type AuctionBidState,
  type BidsFilter,
  inBidsFilter,
  minimumNextBid,
  placeMaxBid,
  standing,
  standingOf,
} from '@rebound/core/bidding';
import type { IncrementRule } from '@rebound/core/increments';
import { formatCents, parseDollarsToCents } from '@rebound/core/money';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { KeyedGate } from '../../lib/keyed-gate';
import { toCard } from '../catalog/service';
import { type Contact, loadContacts, type Notice, noticeRows } from '../notifications/enqueue';
import * as repo from './repository';

export const HISTORY_LIMIT = 200;

/**
 * Bids on one auction from this server enter their transaction in arrival order, two at a time: one
 * holds the row lock and the next already waits on it, so the lock passes on without a gap. The
 * others wait here instead of each parking a pool connection on the lock (which also kept every
 * other request waiting for a connection) and instead of racing for the lock when it is released
 * (which served later, higher bids first and refused earlier ones as too low). The row lock still
 * does the serialising, across servers too; this only orders and bounds this server's share.
 */
const BIDS_IN_FLIGHT_PER_AUCTION = 2;
const bidGate = new KeyedGate(BIDS_IN_FLIGHT_PER_AUCTION);

export function incrementRule(a: repo.AuctionRow): IncrementRule {
  return a.incrementMode === 'table' ? { mode: 'table' } : { mode: 'fixed', cents: a.bidIncrementCents };
}

/** The engine's view of an auction, from its row and its maximum bids. */
export function toBidState(
  a: repo.AuctionRow,
  maxes: { userId: string; amountCents: number; setAt: Date; seq: number }[],
): AuctionBidState {
  return {
    startingBidCents: a.startingBidCents,
    increment: incrementRule(a),
    reserveCents: a.reservePriceCents,
    softCloseSeconds: a.softCloseSeconds,
    startTime: a.startTime.getTime(),
    endTime: a.endTime.getTime(),
    cancelled: a.status === 'cancelled' || a.status === 'ended',
    maxBids: maxes.map((m) => ({
      userId: m.userId,
      amountCents: m.amountCents,
      setAt: m.setAt.getTime(),
      seq: m.seq,
    })),
    priceCents: a.leaderUserId ? a.currentPriceCents : null,
    leaderUserId: a.leaderUserId,
    bidCount: a.bidCount,
    nextSeq: maxes.reduce((m, b) => Math.max(m, b.seq), 0) + 1,
  };
}

/** The public state of an auction. `leaderHandle` is public (it is on the history's first row). */
export function liveState(a: repo.AuctionRow, leaderHandle: string | null): AuctionLiveState {
  const hasLeader = a.leaderUserId !== null;
  const increment = incrementRule(a);
  // minimumNextBid only needs the price and increment; no maximums are read.
  const minimum = minimumNextBid({
    startingBidCents: a.startingBidCents,
    increment,
    reserveCents: a.reservePriceCents,
    softCloseSeconds: a.softCloseSeconds,
    startTime: a.startTime.getTime(),
    endTime: a.endTime.getTime(),
    maxBids: [],
    priceCents: hasLeader ? a.currentPriceCents : null,
    leaderUserId: a.leaderUserId,
    bidCount: a.bidCount,
    nextSeq: 1,
  });
  return {
    auctionId: a.id,
    status: a.status,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    startingBidCents: a.startingBidCents,
    currentPriceCents: a.currentPriceCents,
    bidCount: a.bidCount,
    hasReserve: a.reservePriceCents !== null,
    reserveMet: a.reservePriceCents === null || a.reserveMet,
    minimumNextBidCents: minimum,
    leaderHandle: hasLeader ? leaderHandle : null,
    seq: a.seq,
  };
}

function myPosition(a: repo.AuctionRow, userId: string, myMax: number | null, now: Date): MyBidPosition {
  if (myMax === null) return { maxBidCents: null, standing: 'none' };
  const state = toBidState(a, [{ userId, amountCents: myMax, setAt: new Date(0), seq: 0 }]);
  return { maxBidCents: myMax, standing: standing(state, userId, now.getTime()) };
}

export async function auctionState(db: DbOrTx, clock: Clock, auctionId: string, user: SessionUser | null) {
  if (!isUuid(auctionId)) throw new AppError('not_found');
  const a = await repo.getAuction(db, auctionId);
  if (!a) throw new AppError('not_found');
  const [leaderHandle, myMax] = await Promise.all([
    repo.handleOf(db, a.leaderUserId),
    user ? repo.myMaxBid(db, a.id, user.id) : Promise.resolve(null),
  ]);
  const now = clock.now();
  return {
    serverTime: now.toISOString(),
    auction: liveState(a, leaderHandle),
    me: user ? myPosition(a, user.id, myMax, now) : null,
  };
}

export async function bidHistory(db: DbOrTx, clock: Clock, auctionId: string): Promise<BidHistoryResponse> {
  if (!isUuid(auctionId)) throw new AppError('not_found');
  const a = await repo.getAuction(db, auctionId);
  if (!a) throw new AppError('not_found');
  const rows = await repo.publicHistory(db, auctionId, HISTORY_LIMIT);
  return {
    serverTime: clock.now().toISOString(),
    auctionId,
    seq: a.seq,
    rows: rows.map((r, i) => ({
      id: r.id,
      handle: r.handle,
      amountCents: r.amountCents,
      createdAt: r.createdAt.toISOString(),
      isHighest: i === 0,
    })),
  };
}

export interface PlaceBidResult {
  body: PlaceBidResponse;
  events: { room: string; event: ServerEvent }[];
}

/**
 * Places a maximum bid. One transaction locks the auction row, runs the pure rule on the state it
 * finds, and writes the maximum, the public history rows, the auction's new state and the outbox
 * messages. Events are returned for the caller to publish after commit.
 */
export async function placeBid(
  db: Db,
  clock: Clock,
  user: SessionUser,
  auctionId: string,
  amountInput: string | number,
  idempotencyKey: string | null,
): Promise<PlaceBidResult> {
  if (user.role === 'staff') throw new AppError('staff_cannot_bid');
  if (user.status !== 'active') throw new AppError('account_suspended');
  const amountCents = parseDollarsToCents(amountInput);
  if (amountCents === null || amountCents <= 0) throw new AppError('invalid_bid_amount');
  if (!isUuid(auctionId)) throw new AppError('auction_not_live');

  return bidGate.run(auctionId, () =>
    db.transaction(async (tx) => {
      const ctx = await repo.lockForBid(tx, { auctionId, userId: user.id, idempotencyKey });
      if (!ctx) throw new AppError('auction_not_live');
      const { auction: a, product } = ctx;
      // Read under the auction lock: a double-click's twin waits for the first and then sees its answer.
      if (ctx.stored) return { body: ctx.stored as PlaceBidResponse, events: [] };
      // Time is read after the lock: the order bids are serialised in is the order of their times.
      const now = clock.now();
      if (a.status !== 'live' && a.status !== 'scheduled') throw new AppError('auction_not_live');

      const before = toBidState(a, ctx.maxes);
      const result = placeMaxBid(before, { userId: user.id, amountCents, at: now.getTime() });
      if (!result.ok) {
        const r = result.rejection;
        switch (r.code) {
          case 'not_live':
            throw new AppError('auction_not_live');
          case 'invalid_amount':
            throw new AppError('invalid_bid_amount');
          case 'not_higher_than_own':
            throw new AppError('bid_not_higher_than_own', {
              params: { amount: formatCents(r.currentMaxCents) },
            });
          case 'below_minimum':
            throw new AppError('bid_too_low', { params: { amount: formatCents(r.minimumCents) } });
        }
      }
      const o = result.outcome;
      const mine = o.state.maxBids.find((m) => m.userId === user.id)!;
      const nextSeq = a.seq + 1;
      const endTime = new Date(o.state.endTime);
      const updated: repo.AuctionRow = {
        ...a,
        // A bid that arrives after the start but before the opening job ran opens the auction.
        status: 'live',
        currentPriceCents: o.state.priceCents ?? a.startingBidCents,
        leaderUserId: o.state.leaderUserId,
        reserveMet: o.reserveMet,
        bidCount: o.state.bidCount,
        endTime,
        seq: nextSeq,
        updatedAt: now,
      };
      // The leader is now the bidder or stays who it was (a maximum only ever beats or loses to the leader).
      const leaderHandle = ctx.people.find((p) => p.id === updated.leaderUserId)?.handle ?? null;
      const state = liveState(updated, leaderHandle);
      const body: PlaceBidResponse = {
        serverTime: now.toISOString(),
        message: o.isLeader ? BID_SUCCESS_LEADING : BID_SUCCESS_SET,
        isLeader: o.isLeader,
        auction: state,
        me: { maxBidCents: amountCents, standing: o.isLeader ? 'winning' : 'outbid' },
      };

      const target = `/product/${product.slug}`;
      const notices: Notice[] = [
        {
          userId: user.id,
          kind: 'bid_confirmation',
          template: 'bid_confirmation',
          message: `Your maximum bid of ${formatCents(amountCents)} on ${product.title} is in. ${
            o.isLeader ? "You've got the highest bid!" : 'Another bidder is still ahead.'
          }`,
          targetUrl: target,
          data: { productTitle: product.title, bidAmountCents: amountCents, isHighest: o.isLeader },
        },
        ...o.outbidUserIds
          .filter((id) => id !== user.id)
          .map((id) => ({
            userId: id,
            kind: 'outbid_alerts' as const,
            template: 'outbid',
            message: `You've been outbid on ${product.title}. The price is now ${formatCents(updated.currentPriceCents)}.`,
            targetUrl: target,
            data: { productTitle: product.title, currentPriceCents: updated.currentPriceCents },
          })),
      ];
      // The bidder and the leader are the only people a bid can notify; their contacts came with the
      // context (the fallback read never runs, it only keeps a future notice from going missing).
      const contacts: Contact[] = ctx.people;
      const unknown = notices.map((n) => n.userId).filter((id) => !contacts.some((c) => c.id === id));
      if (unknown.length > 0) contacts.push(...(await loadContacts(tx, [...new Set(unknown)])));

      await repo.writeAcceptedBid(tx, {
        auctionId: a.id,
        userId: user.id,
        amountCents,
        maxSeq: mine.seq,
        now,
        history: o.historyRows.map((h) => ({
          userId: h.userId,
          amountCents: h.amountCents,
          isLeaderRow: h.kind === 'leading',
        })),
        state: {
          currentPriceCents: updated.currentPriceCents,
          leaderUserId: updated.leaderUserId,
          reserveMet: updated.reserveMet,
          bidCount: updated.bidCount,
          endTime,
          seq: nextSeq,
        },
        idempotency: idempotencyKey ? { key: idempotencyKey, response: body } : null,
        notices: noticeRows(now, notices, contacts),
      });

      const serverTime = now.toISOString();
      const auctionRoom = `auction:${a.id}`;
      const events: PlaceBidResult['events'] = [
        { room: auctionRoom, event: { type: 'BidPlacedV1', serverTime, auction: state } },
      ];
      if (o.extendedEndTime !== null) {
        events.push({
          room: auctionRoom,
          event: {
            type: 'AuctionExtendedV1',
            serverTime,
            auctionId: a.id,
            seq: nextSeq,
            endTime: endTime.toISOString(),
            previousEndTime: a.endTime.toISOString(),
          },
        });
      }
      for (const id of o.outbidUserIds) {
        events.push({
          room: `user:${id}`,
          event: {
            type: 'OutbidV1',
            serverTime,
            auctionId: a.id,
            seq: nextSeq,
            currentPriceCents: updated.currentPriceCents,
          },
        });
      }
      const touched = new Set([
        user.id,
        ...(o.previousLeaderUserId ? [o.previousLeaderUserId] : []),
        ...o.outbidUserIds,
      ]);
      for (const id of touched) {
        events.push({
          room: `user:${id}`,
          event: { type: 'StandingChangedV1', serverTime, auctionId: a.id, seq: nextSeq },
        });
      }
      return { body, events };
    }),
  );
}

type MyBidRow = Awaited<ReturnType<typeof repo.myBidAuctions>>['open'][number];

function toMyBidGroup(r: MyBidRow, userId: string, now: Date): MyBidGroup {
  const cancelled = r.status === 'cancelled';
  return {
    auction: toCard(r),
    maxBidCents: r.maxBidCents,
    maxSetAt: r.maxSetAt.toISOString(),
    standing: standingOf({
      hasMax: true,
      leads: r.leaderUserId === userId,
      // Closed by the job, cancelled by staff, or past its end on the clock before the job ran.
      over: cancelled || r.status === 'ended' || now.getTime() >= r.endTime.getTime(),
      cancelled,
      reserveMet: r.reservePriceCents === null || r.reserveMet,
    }),
  };
}

/**
 * The account's My Bids tab: the auctions the shopper holds a maximum on, with their standing. Running
 * ones first (ending soonest); under 'all' the most recently ended follow, up to MY_BIDS_ENDED_LIMIT.
 */
export async function myBids(
  db: DbOrTx,
  clock: Clock,
  user: SessionUser,
  filter: BidsFilter,
): Promise<MyBidsResponse> {
  const now = clock.now();
  const { open, ended, endedCount } = await repo.myBidAuctions(db, user.id, now, MY_BIDS_ENDED_LIMIT);
  const running = open.map((r) => toMyBidGroup(r, user.id, now));
  const over = ended.map((r) => toMyBidGroup(r, user.id, now));
  const count = (f: BidsFilter) => running.filter((g) => inBidsFilter(g.standing, f)).length;
  const groups = [...running, ...(filter === 'all' ? over : [])].filter((g) =>
    inBidsFilter(g.standing, filter),
  );
  return {
    serverTime: now.toISOString(),
    filter,
    counts: { all: running.length + endedCount, winning: count('winning'), losing: count('losing') },
    groups,
    endedNotShown: filter === 'all' ? endedCount - over.length : 0,
  };
}
