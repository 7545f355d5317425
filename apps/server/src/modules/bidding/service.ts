import {
  BID_HISTORY_PAGE,
  type BidHistoryResponse,
  MY_BIDS_ENDED_LIMIT,
  type MyBidGroup,
  type MyBidsResponse,
  type PlaceBidResponse,
} from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import { summaryStanding } from '@rebound/core/auction-summary';
import {
  type BidsFilter,
  checkMaxBidRequest,
  inBidsFilter,
  maxBidProblemParams,
} from '@rebound/core/bidding';
import {
  type BidderLimitFacts,
  type BidLimitProblem,
  bidLimitProblemParams,
  checkBidLimit,
} from '@rebound/core/bidding-limits';
import { parseDollarsToCents } from '@rebound/core/money';
import { isSuspendedByStrikes } from '@rebound/core/orders';
import { formatShopDateTime } from '@rebound/core/shop-clock';
import type { LotFacts } from '@rebound/core/signals';
import { toCard } from '../../db/cards';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SessionUser } from '../../lib/auth-context';
import { KeyedBatcher, type Settled } from '../../lib/batcher';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { IDEMPOTENCY_TTL_MS, requestHash } from '../../lib/idempotency';
import { isUuid } from '../../lib/ids';
import type { Publisher } from '../../lib/publish';
import { currentRequestId } from '../../lib/request-context';
import type { Published } from '../../realtime/hub';
import { type Contact, loadContacts, noticeRows } from '../notifications';
import { assertBidWithinSpendingLimit, lockSpendingOf } from '../spending';
import { cancellationTimes } from './cancel-repository';
import { decideBid } from './decide';
import { bidEvents } from './events';
import { bidNotices } from './notices';
import * as repo from './repository';
import { liveState, placementTerms } from './state';

/**
 * Group commit per auction: bids on one auction that wait on this server go together into ONE
 * transaction (runBidBatch), up to BID_BATCH_MAX, decided one after the other in arrival order by
 * the pure rule. While a batch is in its transaction, new bids queue for the next one; a bid that
 * finds its auction idle starts a batch of one at once. The auction's row lock still serialises
 * the batches of several servers. Decision 038.
 */
export const BID_BATCH_MAX = 64;

/**
 * One batch in its transaction per auction per server. Letting the next batch start (and wait on
 * the row lock) once the previous one has sent its write (2) was measured: smaller batches, more
 * transactions, no better rate or latency (decision 038).
 */
export const BID_BATCHES_IN_FLIGHT = 1;

/** The endpoint an Idempotency-Key of a bid belongs to. */
const BID_ENDPOINT = `POST ${API.auctionBidsPattern}`;

export async function auctionState(db: DbOrTx, clock: Clock, auctionId: string, user: SessionUser | null) {
  if (!isUuid(auctionId)) throw new AppError('not_found');
  const found = await repo.auctionWithLeaderAndMyMax(db, auctionId, user?.id ?? null);
  if (!found) throw new AppError('not_found');
  const { auction: a, leaderHandle, myMax } = found;
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
  const cancelled = await cancellationTimes(db, auctionId);
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
      kind: r.isLeaderRow ? 'automatic' : 'beaten_maximum',
    })),
    cancelledByStore: cancelled.map((at) => at.toISOString()),
  };
}

/** Why the account may not place this maximum (core bidding-limits.ts), or null. */
function limitProblem(
  facts: BidderLimitFacts | null,
  amountCents: number,
  now: Date,
): BidLimitProblem | null {
  return facts ? checkBidLimit(facts, amountCents, now.getTime()) : null;
}

/** Refuses a maximum above the account's bidding limit, with the catalogue's words. */
function assertWithinBidLimit(facts: BidderLimitFacts | null, amountCents: number, now: Date): void {
  const problem = limitProblem(facts, amountCents, now);
  if (problem)
    throw new AppError(problem.code, { params: bidLimitProblemParams(problem, formatShopDateTime) });
}

/**
 * Refuses, with the catalogue's words, a maximum of `amountCents` above the account's bidding limit
 * (core bidding-limits.ts), read in the caller's transaction: a bid group made or changed checks its
 * lots' maximums so, before any is placed (a placement refused later would leave its lot waiting).
 */
export async function assertBidLimitOf(tx: DbOrTx, userId: string, amountCents: number, now: Date) {
  assertWithinBidLimit(await repo.bidderLimitFacts(tx, userId), amountCents, now);
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
  /** What this bid announced: already published, after its batch committed (for tests and logs). */
  events: Published[];
}

/** A bid checked and waiting for its batch. */
interface PendingBid {
  db: Db;
  clock: Clock;
  publish: Publisher;
  userId: string;
  sessionToken: string | null;
  amountCents: number;
  idempotencyKey: string | null;
  fingerprint: string | null;
  /** The bid's request (its log id): its notices' outbox rows carry it, whichever request's turn ran the batch. */
  requestId: string | null;
}

const bidBatcher = new KeyedBatcher<PendingBid, PlaceBidResult>(runBidBatch, BID_BATCH_MAX, {
  maxInFlight: BID_BATCHES_IN_FLIGHT,
  // A batch is one transaction on one database (tests run several apps in one process).
  sameBatch: (a, b) => a.db === b.db && a.clock === b.clock && a.publish === b.publish,
});

/** One finished batch: its database, how many bids and how long it took, commit and publish included. */
export interface BidBatchTiming {
  db: Db;
  size: number;
  seconds: number;
}
const batchListeners = new Set<(t: BidBatchTiming) => void>();

/** Calls `listener` after every bid batch (the /metrics histogram); returns the unsubscribe. */
export function onBidBatch(listener: (t: BidBatchTiming) => void): () => void {
  batchListeners.add(listener);
  return () => batchListeners.delete(listener);
}

/** A committed batch of bids on one auction, for what must follow it at once. */
export interface BidsCommitted {
  db: Db;
  clock: Clock;
  publish: Publisher;
  auctionId: string;
}
const committedListeners = new Set<(c: BidsCommitted) => Promise<void>>();

/**
 * Calls `listener` after every batch that accepted a bid, once it has committed and published, before
 * its bids are answered (the bid groups' re-plan, decision 095); returns the unsubscribe.
 */
export function onBidsCommitted(listener: (c: BidsCommitted) => Promise<void>): () => void {
  committedListeners.add(listener);
  return () => committedListeners.delete(listener);
}

/** Why a maximum placed inside a transaction was refused (the catalogue's code, and its words' values when it has them). */
export type PlacedInTransaction =
  | { ok: true; events: Published[] }
  | { ok: false; code: string; params?: Record<string, string> };

/**
 * Places one maximum as an ordinary bid inside the caller's transaction: the auction row locked
 * (bid_lock_and_read, as a batch does), the account checked, the same decision (decide.ts), notices
 * (notices.ts) and write as a batch's. The bid groups place their maximums this way while their
 * group row is locked, so a group's state and its bid commit together (decision 095). The events
 * are for the caller to publish after its commit. A refusal writes nothing.
 */
export async function placeMaxInTransaction(
  tx: DbOrTx,
  clock: Clock,
  userId: string,
  auctionId: string,
  amountCents: number,
): Promise<PlacedInTransaction> {
  const ctx = await repo.lockForBid(tx, {
    auctionId,
    userId,
    idempotencyKey: null,
    keyFrom: new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS),
  });
  if (!ctx) return { ok: false, code: 'auction_not_live' };
  if ((await repo.accountStatus(tx, userId)) !== 'active') return { ok: false, code: 'account_suspended' };
  const limit = limitProblem(await repo.bidderLimitFacts(tx, userId), amountCents, clock.now());
  if (limit) return { ok: false, code: limit.code, params: bidLimitProblemParams(limit, formatShopDateTime) };
  const now = clock.now();
  let decision: ReturnType<typeof decideBid>;
  try {
    decision = decideBid(ctx, userId, amountCents, now);
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code };
    throw err;
  }
  const notices = bidNotices(decision, { userId, amountCents }, ctx.product);
  const contacts: Contact[] = [...ctx.people];
  const unknown = notices.map((n) => n.userId).filter((id) => !contacts.some((c) => c.id === id));
  if (unknown.length > 0) contacts.push(...(await loadContacts(tx, [...new Set(unknown)])));
  const rows = noticeRows(now, notices, contacts);
  const u = decision.updated;
  await repo.writeBidInTransaction(tx, {
    auctionId,
    now,
    maxes: [{ userId, amountCents, setAt: now, seq: decision.maxSeq }],
    placements: [
      {
        userId,
        maxCents: amountCents,
        ...placementTerms(ctx.auction),
        leaderAfter: u.leaderUserId,
        seq: u.seq,
        at: now,
      },
    ],
    history: decision.outcome.historyRows.map((h) => ({
      userId: h.userId,
      amountCents: h.amountCents,
      isLeaderRow: h.kind === 'leading',
      seq: u.seq,
      at: now,
    })),
    inApp: rows.inApp.map((row) => ({ row, at: now })),
    outgoing: rows.outgoing.map((row) => ({ row: { ...row, requestId: currentRequestId() }, at: now })),
    keys: [],
    state: u,
  });
  return { ok: true, events: bidEvents(ctx.auction, decision, userId, now) };
}

/** Batches run, bids in them and the largest batch, since this process started (for the bench and tests). */
export function bidBatchStats() {
  return bidBatcher.stats();
}

/**
 * A batch's transaction. If it fails as a whole (a DB error, e.g. an Idempotency-Key stored at the
 * same moment by a bid on another auction), nothing was written and its bids are tried again one
 * per transaction, in order, so one offender does not fail the others. When the connection broke
 * while committing (BatchOutcomeUnknown) they are not tried again: every bid gets the error.
 */
async function runBidBatch(
  auctionId: string,
  items: PendingBid[],
  handOff: () => void,
): Promise<Settled<PlaceBidResult>[]> {
  const started = performance.now();
  const answers = await decideBatch(auctionId, items, handOff);
  // After the commit, before any bid is answered: the batch's events in one call, in seq order.
  await items[0]!.publish(answers.flatMap((a) => (a.ok ? a.value.events : [])));
  // Then, still before the bids are answered, what follows a committed bid (the bid groups of the
  // auction re-planned at once, modules/bid-groups, decision 095). A failure there is not the bid's:
  // the groups' job catches up from the stored facts.
  if (committedListeners.size > 0 && answers.some((a) => a.ok)) {
    const { db, clock, publish } = items[0]!;
    for (const listener of committedListeners) {
      await listener({ db, clock, publish, auctionId }).catch(() => {});
    }
  }
  if (batchListeners.size > 0) {
    const timing = { db: items[0]!.db, size: items.length, seconds: (performance.now() - started) / 1000 };
    for (const listener of batchListeners) listener(timing);
  }
  return answers;
}

async function decideBatch(
  auctionId: string,
  items: PendingBid[],
  handOff: () => void,
): Promise<Settled<PlaceBidResult>[]> {
  try {
    return await bidBatch(auctionId, items, handOff);
  } catch (err) {
    if (items.length === 1 || err instanceof repo.BatchOutcomeUnknown) throw err;
    const answers: Settled<PlaceBidResult>[] = [];
    for (const item of items) {
      try {
        answers.push((await bidBatch(auctionId, [item]))[0]!);
      } catch (e) {
        answers.push({ ok: false, error: e });
      }
    }
    return answers;
  }
}

const userKey = (userId: string, key: string) => `${userId}\u0000${key}`;

/** One transaction for `items`: locks the auction once, decides each bid in order, writes all accepted ones. */
function bidBatch(
  auctionId: string,
  items: PendingBid[],
  handOff: () => void = () => {},
): Promise<Settled<PlaceBidResult>[]> {
  const { db, clock } = items[0]!;
  return repo.bidBatchTransaction(
    db,
    {
      auctionId,
      keyFrom: new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS),
      bidders: items.map((b) => ({
        userId: b.userId,
        idempotencyKey: b.idempotencyKey,
        sessionToken: b.sessionToken,
      })),
    },
    async (ctx, reads, tx) => {
      const answers: Settled<PlaceBidResult>[] = [];
      const write: repo.BatchWrite | null = ctx
        ? {
            auctionId,
            now: new Date(0),
            maxes: [],
            placements: [],
            history: [],
            inApp: [],
            outgoing: [],
            keys: [],
            state: ctx.auction,
          }
        : null;
      // The state each bid is decided on: what the lock found, then what the previous accepted bid left.
      let auction = ctx?.auction;
      let maxes = ctx?.maxes ?? [];
      const people: repo.BidContact[] = [...(ctx?.people ?? [])];
      for (const r of reads)
        if (r.person && !people.some((p) => p.id === r.person!.id)) people.push(r.person);
      const contacts: Contact[] = [...people];
      // Stored answers by (user, key): the database's, then those of this batch's accepted bids.
      const stored = new Map<string, { response: unknown; requestHash: string }>();
      for (const [i, r] of reads.entries()) {
        const key = items[i]!.idempotencyKey;
        if (key && r.stored) stored.set(userKey(items[i]!.userId, key), r.stored);
      }
      const maxesWritten = new Map<string, repo.BatchWrite['maxes'][number]>();
      let accepted = 0;
      const limited = items.filter((_, i) => reads[i]!.hasSpendingLimit).map((b) => b.userId);
      if (ctx && limited.length > 0) await lockSpendingOf(tx(), limited);

      for (const [i, item] of items.entries()) {
        const access = reads[i]!;
        try {
          // Read under the lock: a session served from the cache (auth plugin) may have ended since,
          // or the account been suspended; neither may bid.
          if (!access.sessionAlive) throw new AppError('not_authenticated');
          if (access.status !== 'active') throw new SuspendedWhileSignedIn();
          if (!ctx || !auction || !write) throw new AppError('auction_not_live');
          // A double-click's twin (in an earlier transaction or earlier in this batch) gets its answer.
          const previous = item.idempotencyKey
            ? stored.get(userKey(item.userId, item.idempotencyKey))
            : undefined;
          if (previous) {
            if (previous.requestHash !== item.fingerprint) throw new AppError('idempotency_conflict');
            answers.push({ ok: true, value: { body: previous.response as PlaceBidResponse, events: [] } });
            continue;
          }
          // The account's bidding limit (core bidding-limits.ts), read under the lock with its status.
          assertWithinBidLimit(access.limits, item.amountCents, clock.now());
          // A shopper with a spending limit: 'At most' with this maximum in place of theirs on the lot,
          // under their spending lock (taken above), so their bids on other lots are checked in turn
          // (docs/product.md "What you could owe").
          if (access.hasSpendingLimit)
            await assertBidWithinSpendingLimit(tx(), item.userId, auctionId, item.amountCents);
          // Time is read after the lock, bid by bid: the order bids are decided in is the order of their times.
          const now = clock.now();
          const decision = decideBid({ auction, maxes, people }, item.userId, item.amountCents, now);
          const notices = bidNotices(
            decision,
            { userId: item.userId, amountCents: item.amountCents },
            ctx.product,
          );
          // The bidder and the leader are the only people a bid can notify; their contacts came with the
          // reads (the fallback read never runs, it only keeps a future notice from going missing).
          const unknown = notices.map((n) => n.userId).filter((id) => !contacts.some((c) => c.id === id));
          if (unknown.length > 0) contacts.push(...(await loadContacts(tx(), [...new Set(unknown)])));
          const rows = noticeRows(now, notices, contacts);

          const u = decision.updated;
          const events = bidEvents(auction, decision, item.userId, now);
          write.now = now;
          write.state = u;
          maxesWritten.set(item.userId, {
            userId: item.userId,
            amountCents: item.amountCents,
            setAt: now,
            seq: decision.maxSeq,
          });
          write.placements.push({
            userId: item.userId,
            maxCents: item.amountCents,
            ...placementTerms(auction),
            leaderAfter: u.leaderUserId,
            seq: u.seq,
            at: now,
          });
          for (const h of decision.outcome.historyRows) {
            write.history.push({
              userId: h.userId,
              amountCents: h.amountCents,
              isLeaderRow: h.kind === 'leading',
              seq: u.seq,
              at: now,
            });
          }
          for (const row of rows.inApp) write.inApp.push({ row, at: now });
          for (const row of rows.outgoing)
            write.outgoing.push({ row: { ...row, requestId: item.requestId }, at: now });
          if (item.idempotencyKey && item.fingerprint) {
            write.keys.push({
              userId: item.userId,
              key: item.idempotencyKey,
              requestHash: item.fingerprint,
              response: decision.body,
              at: now,
            });
            stored.set(userKey(item.userId, item.idempotencyKey), {
              requestHash: item.fingerprint,
              response: decision.body,
            });
          }
          auction = u;
          maxes = decision.outcome.state.maxBids.map((m) => ({
            userId: m.userId,
            amountCents: m.amountCents,
            setAt: new Date(m.setAt),
            seq: m.seq,
          }));
          accepted++;
          answers.push({ ok: true, value: { body: decision.body, events } });
        } catch (err) {
          // This bid alone is refused; the state stays what the previous accepted bid left.
          answers.push({ ok: false, error: err });
        }
      }
      if (write) write.maxes = [...maxesWritten.values()];
      return { value: answers, write: accepted > 0 ? write : null };
    },
    handOff,
  );
}

/**
 * Places a maximum bid. It joins its auction's next batch (runBidBatch): one transaction locks the
 * auction row, decides each bid of the batch in arrival order on the state the previous one left
 * (decide.ts), and writes the maximums, the public history rows, the auction's new state, the
 * notices (notices.ts) and the idempotent answers. The batch's events (events.ts) go to `publish`
 * once it has committed, before its bids are answered.
 */
export async function placeBid(
  db: Db,
  clock: Clock,
  user: SessionUser,
  auctionId: string,
  amountInput: string | number,
  idempotencyKey: string | null,
  publish: Publisher,
): Promise<PlaceBidResult> {
  // core's checkMaxBidRequest, which the web's bid form asks too before it offers to confirm.
  const amount = parseDollarsToCents(amountInput);
  const problem = checkMaxBidRequest({ bidder: user, amountCents: amount });
  if (problem?.code === 'account_suspended') return refuseSuspended(db, user.id);
  if (problem) throw new AppError(problem.code, { params: maxBidProblemParams(problem) });
  const amountCents = amount as number;
  if (!isUuid(auctionId)) throw new AppError('auction_not_live');
  const fingerprint = idempotencyKey ? requestHash(BID_ENDPOINT, [auctionId, amountCents]) : null;
  try {
    return await bidBatcher.submit(auctionId, {
      db,
      clock,
      publish,
      userId: user.id,
      sessionToken: user.sessionToken ?? null,
      amountCents,
      idempotencyKey,
      fingerprint,
      requestId: currentRequestId(),
    });
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

/**
 * The lots ending at or after `since` with every maximum placed on them, as core's signals read them
 * (signals.ts LotFacts): for the staff's Signals page, read when staff ask, never on the bid path.
 * An ended lot below its reserve did not sell: nobody won it.
 */
export async function bidFactsSince(db: DbOrTx, clock: Clock, since: Date): Promise<LotFacts[]> {
  const now = clock.now().getTime();
  const rows = await repo.placementLots(db, since);
  return rows.map((r) => {
    const ended = r.status === 'ended' || r.status === 'cancelled' || r.endTime.getTime() <= now;
    const sold = r.status !== 'cancelled' && (!ended || r.reserveMet);
    const leader = sold ? r.leaderUserId : null;
    return {
      auctionId: r.auctionId,
      title: r.title,
      ended,
      leaderUserId: leader,
      leaderMaxCents: leader ? r.leaderMaxCents : null,
      bids: r.placements,
    };
  });
}
