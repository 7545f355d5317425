import {
  BID_HISTORY_PAGE,
  type BidHistoryResponse,
  MAX_BID_CENTS,
  MY_BIDS_ENDED_LIMIT,
  type MyBidGroup,
  type MyBidsResponse,
  type PlaceBidResponse,
} from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import { summaryStanding } from '@rebound/core/auction-summary';
import { type BidsFilter, inBidsFilter } from '@rebound/core/bidding';
import { formatCents, parseDollarsToCents } from '@rebound/core/money';
import { isSuspendedByStrikes } from '@rebound/core/orders';
import { toCard } from '../../db/cards';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { IDEMPOTENCY_TTL_MS, isUniqueViolation, requestHash } from '../../lib/idempotency';
import { isUuid } from '../../lib/ids';
import { KeyedGate } from '../../lib/keyed-gate';
import type { Published } from '../../realtime/hub';
import { type Contact, loadContacts, noticeRows } from '../notifications/enqueue';
import { decideBid } from './decide';
import { bidEvents } from './events';
import { bidNotices } from './notices';
import * as repo from './repository';
import { liveState } from './state';

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

/** The endpoint an Idempotency-Key of a bid belongs to. */
const BID_ENDPOINT = `POST ${API.auctionBidsPattern}`;

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
    me: user
      ? { maxBidCents: myMax, standing: summaryStanding(a, user.id, myMax !== null, now.getTime()) }
      : null,
  };
}

/** A page's position in the history's order: amount, leader row first, newest first, then id. */
type HistoryKey = [amountCents: number, isLeaderRow: boolean, seq: number, id: string];

function encodeCursor(k: HistoryKey): string {
  return Buffer.from(JSON.stringify(k)).toString('base64url');
}

function decodeCursor(cursor: string): HistoryKey {
  try {
    const k = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(k) &&
      k.length === 4 &&
      Number.isSafeInteger(k[0]) &&
      typeof k[1] === 'boolean' &&
      Number.isSafeInteger(k[2]) &&
      typeof k[3] === 'string' &&
      isUuid(k[3])
    ) {
      return k as HistoryKey;
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('invalid_cursor');
}

/** The public history, a page at a time (highest first); `total` counts every row. */
export async function bidHistory(
  db: DbOrTx,
  clock: Clock,
  auctionId: string,
  page: { cursor?: string | undefined; limit?: number } = {},
): Promise<BidHistoryResponse> {
  if (!isUuid(auctionId)) throw new AppError('not_found');
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const limit = page.limit ?? BID_HISTORY_PAGE;
  const a = await repo.getAuction(db, auctionId);
  if (!a) throw new AppError('not_found');
  const rows = await repo.publicHistoryPage(db, auctionId, after, limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    serverTime: clock.now().toISOString(),
    auctionId,
    seq: a.seq,
    total: a.bidCount,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor([last.amountCents, last.isLeaderRow, last.seq, last.id])
        : null,
    rows: shown.map((r, i) => ({
      id: r.id,
      handle: r.handle,
      amountCents: r.amountCents,
      createdAt: r.createdAt.toISOString(),
      isHighest: after === null && i === 0,
    })),
  };
}

/** The account was suspended after its session was read (found under the auction lock). */
class SuspendedWhileSignedIn extends Error {}

/** Three unpaid orders' strikes suspend bidding, with their own message; any other suspension is generic. */
async function refuseSuspended(db: DbOrTx, userId: string): Promise<never> {
  const strikes = await repo.activeStrikeCount(db, userId);
  throw new AppError(isSuspendedByStrikes(strikes) ? 'bidding_suspended_strikes' : 'account_suspended');
}

export interface PlaceBidResult {
  body: PlaceBidResponse;
  events: Published[];
}

/**
 * Places a maximum bid. One transaction locks the auction row, decides on the state it finds
 * (decide.ts), and writes the maximum, the public history rows, the auction's new state, the notices
 * (notices.ts) and the idempotent answer. Events (events.ts) are returned for the caller to publish
 * after commit.
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
  if (user.status !== 'active') return refuseSuspended(db, user.id);
  const amountCents = parseDollarsToCents(amountInput);
  if (amountCents === null || amountCents <= 0) throw new AppError('invalid_bid_amount');
  if (amountCents > MAX_BID_CENTS) {
    throw new AppError('bid_too_high', { params: { amount: formatCents(MAX_BID_CENTS) } });
  }
  if (!isUuid(auctionId)) throw new AppError('auction_not_live');
  const fingerprint = idempotencyKey ? requestHash(BID_ENDPOINT, [auctionId, amountCents]) : null;

  try {
    return await bidGate.run(auctionId, () =>
      repo.bidTransaction(
        db,
        {
          auctionId,
          userId: user.id,
          idempotencyKey,
          keyFrom: new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS),
          sessionToken: user.sessionToken ?? null,
        },
        async (ctx, access, tx) => {
          // Read under the lock: a session served from the cache (auth plugin) may have ended since,
          // or the account been suspended; neither may bid.
          if (!access.sessionAlive) throw new AppError('not_authenticated');
          if (access.status !== 'active') throw new SuspendedWhileSignedIn();
          if (!ctx) throw new AppError('auction_not_live');
          // Read under the auction lock: a double-click's twin waits for the first and then sees its answer.
          if (ctx.stored) {
            if (ctx.stored.requestHash !== fingerprint) throw new AppError('idempotency_conflict');
            return { value: { body: ctx.stored.response as PlaceBidResponse, events: [] }, write: null };
          }
          // Time is read after the lock: the order bids are serialised in is the order of their times.
          const now = clock.now();
          const decision = decideBid(ctx, user.id, amountCents, now);
          const notices = bidNotices(decision, { userId: user.id, amountCents }, ctx.product);
          // The bidder and the leader are the only people a bid can notify; their contacts came with the
          // context (the fallback read never runs, it only keeps a future notice from going missing).
          const contacts: Contact[] = [...ctx.people];
          const unknown = notices.map((n) => n.userId).filter((id) => !contacts.some((c) => c.id === id));
          if (unknown.length > 0) contacts.push(...(await loadContacts(tx(), [...new Set(unknown)])));

          const u = decision.updated;
          return {
            value: { body: decision.body, events: bidEvents(ctx.auction, decision, user.id, now) },
            write: {
              auctionId: u.id,
              userId: user.id,
              amountCents,
              maxSeq: decision.maxSeq,
              now,
              history: decision.outcome.historyRows.map((h) => ({
                userId: h.userId,
                amountCents: h.amountCents,
                isLeaderRow: h.kind === 'leading',
              })),
              state: {
                currentPriceCents: u.currentPriceCents,
                leaderUserId: u.leaderUserId,
                reserveMet: u.reserveMet,
                bidCount: u.bidCount,
                endTime: u.endTime,
                seq: u.seq,
              },
              idempotency:
                idempotencyKey && fingerprint
                  ? { key: idempotencyKey, requestHash: fingerprint, response: decision.body }
                  : null,
              notices: noticeRows(now, notices, contacts),
            },
          };
        },
      ),
    );
  } catch (err) {
    if (err instanceof SuspendedWhileSignedIn) return refuseSuspended(db, user.id);
    // The same key used at the same moment for a bid on another auction: that one stored it first.
    if (isUniqueViolation(err, 'idempotency_keys_user_id_scope_key_pk'))
      throw new AppError('idempotency_conflict');
    throw err;
  }
}

/** Deletes the Idempotency-Keys past their 24 hours (a job runs it; a key's next use also does). */
export function purgeExpiredIdempotencyKeys(db: DbOrTx, clock: Clock): Promise<number> {
  return repo.purgeIdempotencyKeys(db, new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS));
}

type MyBidRow = Awaited<ReturnType<typeof repo.myBidAuctions>>['open'][number] & {
  orderId?: string | null;
  orderStatus?: MyBidGroup['orderStatus'];
};

function toMyBidGroup(r: MyBidRow, userId: string, now: Date): MyBidGroup {
  return {
    auction: toCard(r),
    maxBidCents: r.maxBidCents,
    maxSetAt: r.maxSetAt.toISOString(),
    // The same rule as the product page's standing (core/auction-summary); a shopper who holds an
    // open order for it (a second-chance offer accepted after the winner did not pay) won it.
    standing:
      r.orderId && r.orderStatus !== 'cancelled' ? 'won' : summaryStanding(r, userId, true, now.getTime()),
    orderId: r.orderId ?? null,
    orderStatus: r.orderStatus ?? null,
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
