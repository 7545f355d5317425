import type { BidderLimitFacts } from '@rebound/core/bidding-limits';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lte, not, or, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { cardQuery, notEndedAt } from '../../db/cards';
import type { Db, DbOrTx } from '../../db/client';
import { databaseCode } from '../../db/errors';
import { preparedOnce } from '../../db/prepared';
import * as schema from '../../db/schema';
import { auctions, bids, idempotencyKeys, maxBids, orders, userStrikes, users } from '../../db/schema';
import { hasPushSql, type NoticeWrites, noticeWritesJson, noticeWritesSql } from '../notifications';

export type AuctionRow = typeof auctions.$inferSelect;

export interface BidContact {
  id: string;
  handle: string;
  email: string;
  phone: string | null;
  settings: unknown;
  marketingConsent: boolean;
  /** Whether the user has a push subscription (push is queued only then). */
  hasPush: boolean;
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const auctionColumns = Object.entries(getTableColumns(auctions));

/** An auction row from its JSON form (`row_to_json`), through each column's own driver mapping. */
function auctionFromJson(json: Record<string, unknown>): AuctionRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of auctionColumns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as AuctionRow;
}

/**
 * One round trip: locks the auction row for the rest of the transaction (bids on one auction are
 * serialised here), then reads what a bid needs: the auction as the lock found it, its product's
 * title and slug, the maximums, a stored idempotent answer with its request's fingerprint (a key
 * older than `keyFrom` is forgotten first), and the contacts of the bidder and the
 * current leader (the only people a bid can notify). Null when there is no such auction.
 *
 * The read must come after the lock in a separate statement: under READ COMMITTED a statement's
 * subqueries see the snapshot taken before it waited for the lock, so reading the maximums in the
 * locking statement would miss the bid that held the lock before us. `bid_lock_and_read`
 * (migration 0002) runs both statements inside the database, saving the round trip between them
 * while the row is locked; it only reads, the rule stays in packages/core.
 */
export async function lockForBid(
  tx: DbOrTx,
  v: { auctionId: string; userId: string; idempotencyKey: string | null; keyFrom: Date },
) {
  const result = (await tx.execute(
    sql`select bid_lock_and_read(${v.auctionId}::uuid, ${v.userId}::uuid, ${v.idempotencyKey}::text, ${v.keyFrom.toISOString()}::timestamptz) as r`,
  )) as unknown as { rows: { r: unknown }[] };
  return parseLocked(result.rows[0]?.r ?? null);
}

function parseLocked(raw: unknown) {
  const found = parseJson<{
    auction: Record<string, unknown>;
    product: { title: string; slug: string };
    maxes: { userId: string; amountCents: number; setAt: string; seq: number }[];
    stored: { response: unknown; requestHash: string } | null;
    people: BidContact[];
  } | null>(raw);
  if (!found) return null;
  return {
    auction: auctionFromJson(found.auction),
    product: found.product,
    maxes: found.maxes.map((m) => ({
      userId: m.userId,
      amountCents: Number(m.amountCents),
      setAt: new Date(m.setAt),
      seq: Number(m.seq),
    })),
    stored: found.stored ?? null,
    people: found.people,
  };
}

/** Who is bidding, read under the auction lock: their account's status and whether the session still exists. */
export interface BidderAccess {
  status: 'active' | 'suspended' | null;
  /** False when the session the request came with is gone (signed out, suspended); true without one. */
  sessionAlive: boolean;
  /**
   * The account has a spending limit (read under the lock with the status, at no extra query): its
   * bids are checked against it in the batch, under the shopper's spending lock (service.ts, the
   * spending module).
   */
  hasSpendingLimit: boolean;
}

const LOCK_SQL = (auction: string, user: string, key: string, since: string) =>
  `select bid_lock_and_read(${auction}::uuid, ${user}::uuid, ${key}::text, ${since}::timestamptz) as r`;

export type LockedForBid = NonNullable<ReturnType<typeof parseLocked>>;

/** What one bidder of a batch is, read under the auction lock (BATCH_READ_SQL). */
export interface BatchBidderRead extends BidderAccess {
  /** The stored idempotent answer for the bidder's key, if any (expired keys were forgotten first). */
  stored: { response: unknown; requestHash: string } | null;
  /** The bidder's contact (the people a bid can notify are its bidder and the leader). */
  person: BidContact | null;
  /** What the bidding limits read (core bidding-limits.ts); null for an unknown account. */
  limits: BidderLimitFacts | null;
}

/** One bid of a batch as the batch transaction needs it before deciding. */
export interface BatchBidder {
  userId: string;
  idempotencyKey: string | null;
  /** The session token the request was signed in with (checked under the lock), if any. */
  sessionToken: string | null;
}

export interface BidBatchArgs {
  auctionId: string;
  /** Idempotency-Keys stored at or before this are forgotten first (their 24 hours are over). */
  keyFrom: Date;
  bidders: BatchBidder[];
}

/** What a batch of bids writes (its accepted ones), as the one JSON value of BATCH_WRITE_SQL. */
export interface BatchWrite {
  auctionId: string;
  /** The time of the batch's last accepted bid: the auction's updated_at. */
  now: Date;
  /** Each touched bidder's maximum as the batch leaves it (one row per bidder). */
  maxes: { userId: string; amountCents: number; setAt: Date; seq: number }[];
  /** The public history rows in order, each with its bid's auction seq and time. */
  history: { userId: string; amountCents: number; isLeaderRow: boolean; seq: number; at: Date }[];
  /**
   * Every accepted maximum, in order, as the signals read it (schema bidPlacements): the lowest
   * maximum and the increment when it was placed, and who led once it was decided.
   */
  placements: {
    userId: string;
    maxCents: number;
    minimumCents: number;
    stepCents: number;
    leaderAfter: string | null;
    seq: number;
    at: Date;
  }[];
  /** The notices (in-app and outbox), written by the notifications module's SQL (noticeWritesSql). */
  inApp: NoticeWrites['inApp'];
  outgoing: NoticeWrites['outgoing'];
  /** Stored with a plain insert: a key another transaction stored meanwhile fails the batch. */
  keys: { userId: string; key: string; requestHash: string; response: unknown; at: Date }[];
  /** The auction's state after the last accepted bid (seq advanced by one per accepted bid). */
  state: {
    currentPriceCents: number;
    leaderUserId: string | null;
    reserveMet: boolean;
    bidCount: number;
    endTime: Date;
    seq: number;
  };
}

function batchWritePayload(v: BatchWrite): string {
  return JSON.stringify({
    auctionId: v.auctionId,
    at: v.now.toISOString(),
    maxes: v.maxes.map((m) => ({
      user_id: m.userId,
      amount_cents: m.amountCents,
      set_at: m.setAt.toISOString(),
      seq: m.seq,
    })),
    history: v.history.map((h) => ({
      user_id: h.userId,
      amount_cents: h.amountCents,
      is_leader_row: h.isLeaderRow,
      seq: h.seq,
      at: h.at.toISOString(),
    })),
    placements: v.placements.map((b) => ({
      user_id: b.userId,
      max_cents: b.maxCents,
      minimum_cents: b.minimumCents,
      step_cents: b.stepCents,
      leader_after: b.leaderAfter,
      seq: b.seq,
      at: b.at.toISOString(),
    })),
    ...noticeWritesJson({ inApp: v.inApp, outgoing: v.outgoing }),
    keys: v.keys.map((k) => ({
      user_id: k.userId,
      key: k.key,
      request_hash: k.requestHash,
      response: k.response,
      at: k.at.toISOString(),
    })),
    state: {
      currentPriceCents: v.state.currentPriceCents,
      leaderUserId: v.state.leaderUserId,
      reserveMet: v.state.reserveMet,
      bidCount: v.state.bidCount,
      endTime: v.state.endTime.toISOString(),
      seq: v.state.seq,
    },
  });
}

/**
 * The batch's reads after the lock, each one statement taking one JSON value `{since, items}`:
 * forget the batch's expired Idempotency-Keys, then per bidder (in order) the account's status,
 * whether the session still exists, the stored answer for the key and the contact. Separate
 * statements after the locking one, so under READ COMMITTED they see what the previous lock
 * holder committed.
 */
const BATCH_FORGET_SQL = (p: string) => `with p as (select ${p}::json as j)
    delete from idempotency_keys k using p, json_to_recordset(p.j->'items') as i(user_id uuid, key text, token text)
    where i.key is not null and k.user_id = i.user_id and k.scope = 'bid' and k.key = i.key
      and k.created_at <= (p.j->>'since')::timestamptz`;

/** What core's checkBidLimit reads of an account (bidding-limits.ts), as JSON from its users row. */
const LIMIT_FACTS_JSON = (u: string) => `json_build_object('limitCents', ${u}.bid_limit_cents,
        'createdAt', ${u}.created_at, 'phoneConfirmed', ${u}.phone_number_verified,
        'approvedAt', ${u}.large_bids_approved_at)`;

const BATCH_READ_SQL = (p: string) => `select coalesce(json_agg(json_build_object(
      'status', u.status,
      'hasSpendingLimit', u.spending_limit_cents is not null,
      'limits', ${LIMIT_FACTS_JSON('u')},
      'sessionAlive', (i.token is null or exists (select 1 from sessions s where s.token = i.token)),
      'stored', (select json_build_object('response', k.response, 'requestHash', k.request_hash)
        from idempotency_keys k where k.user_id = i.user_id and k.scope = 'bid' and k.key = i.key),
      'person', case when u.id is null then null else json_build_object('id', u.id, 'handle', u.handle,
        'email', u.email, 'phone', u.phone_number, 'settings', u.notification_settings,
        'marketingConsent', u.marketing_consent,
        'hasPush', ${hasPushSql('u.id')}) end
    ) order by i.n), '[]'::json) as r
    from json_to_recordset((${p}::json)->'items') as i(n integer, user_id uuid, key text, token text)
    left join users u on u.id = i.user_id`;

/**
 * Writes a batch's accepted bids in one statement: each bidder's maximum, the public history rows,
 * the record of every maximum placed (bid_placements, for the signals of unfair bidding),
 * the notices (in-app and outbox, the notifications module's noticeWritesSql inside this statement:
 * docs/decisions/086), the idempotent answers and the auction's new state. Everything
 * travels as ONE JSON value, so the text is fixed and the PostgreSQL path can send it as a literal
 * together with its COMMIT. The benches' pgbench baseline runs it with a batch of one, as
 * bidBatchTransaction sends it (bench/lib.ts oneBidTransactionSql records the text). The value is read as jsonb, parsed once: as json, every `->`
 * on it parsed the whole text again (once per row inserted: ~5 KB per bid, 20 ms of a batch of 15).
 */
const BATCH_WRITE_SQL = (p: string) => `with
    p as (select ${p}::jsonb as j),
    m as (
      insert into max_bids (auction_id, user_id, max_amount_cents, set_at, seq)
      select (p.j->>'auctionId')::uuid, r.user_id, r.amount_cents, r.set_at, r.seq
      from p, jsonb_to_recordset(p.j->'maxes') as r(user_id uuid, amount_cents integer, set_at timestamptz, seq bigint)
      on conflict (auction_id, user_id) do update set max_amount_cents = excluded.max_amount_cents,
        set_at = excluded.set_at, seq = excluded.seq, updated_at = excluded.set_at
      returning 1),
    h as (
      insert into bids (auction_id, user_id, amount_cents, is_leader_row, seq, created_at)
      select (p.j->>'auctionId')::uuid, r.user_id, r.amount_cents, r.is_leader_row, r.seq, r.at
      from p, jsonb_to_recordset(p.j->'history') as r(user_id uuid, amount_cents integer, is_leader_row boolean, seq bigint, at timestamptz)
      returning 1),
    b as (
      insert into bid_placements (auction_id, user_id, max_cents, minimum_cents, step_cents, leader_after, seq, placed_at)
      select (p.j->>'auctionId')::uuid, r.user_id, r.max_cents, r.minimum_cents, r.step_cents, r.leader_after, r.seq, r.at
      from p, jsonb_to_recordset(p.j->'placements') as r(user_id uuid, max_cents integer, minimum_cents integer, step_cents integer, leader_after uuid, seq bigint, at timestamptz)
      returning 1),
    ${noticeWritesSql('p', 'p.j')},
    k as (
      insert into idempotency_keys (user_id, scope, key, request_hash, status_code, response, created_at)
      select r.user_id, 'bid', r.key, r.request_hash, 200, r.response, r.at
      from p, jsonb_to_recordset(p.j->'keys') as r(user_id uuid, key text, request_hash text, response jsonb, at timestamptz)
      returning 1)
    update auctions set status = 'live', current_price_cents = (p.j->'state'->>'currentPriceCents')::integer,
      leader_user_id = (p.j->'state'->>'leaderUserId')::uuid, reserve_met = (p.j->'state'->>'reserveMet')::boolean,
      bid_count = (p.j->'state'->>'bidCount')::integer, end_time = (p.j->'state'->>'endTime')::timestamptz,
      seq = (p.j->'state'->>'seq')::bigint, updated_at = (p.j->>'at')::timestamptz
    from p where auctions.id = (p.j->>'auctionId')::uuid`;

/** A statement template with its one JSON value bound as a parameter (the PGlite path). */
function withJson(template: (p: string) => string, json: string) {
  const [before, after] = template('\u0000').split('\u0000');
  return sql`${sql.raw(before!)}${json}${sql.raw(after!)}`;
}

/**
 * The write of a batch reached the database and no answer came back (the connection broke): it
 * may or may not have committed, so its bids must not be tried again.
 */
export class BatchOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('the connection failed while a batch of bids was committing', { cause });
  }
}

function parseReads(raw: unknown, expected: number): BatchBidderRead[] {
  const rows = parseJson<
    { status: unknown; sessionAlive: unknown; stored: BatchBidderRead['stored']; person: BidContact | null }[]
  >(raw ?? '[]');
  if (rows.length !== expected) throw new Error(`batch read ${rows.length} bidders, expected ${expected}`);
  return rows.map((r) => ({
    ...toAccess(r as Record<string, unknown>),
    stored: r.stored ?? null,
    person: r.person,
    limits: toLimitFacts((r as { limits?: unknown }).limits),
  }));
}

/**
 * One transaction for a batch of bids on one auction (group commit): locks the auction row once
 * and reads it with its maximums (bid_lock_and_read), forgets the batch's expired keys and reads
 * every bidder (BATCH_READ_SQL), lets `decide` choose for every bid in order, and writes what it
 * returns (BATCH_WRITE_SQL, all accepted bids in one statement) or nothing. `decide` throwing rolls
 * everything back.
 *
 * On PostgreSQL, two round trips on one pooled connection: `begin` + lock + reads as one simple
 * query (values as literals quoted by escapeLiteral: a simple query of several statements cannot
 * carry bound parameters), then the write with its `commit`. An error the database answers
 * means nothing was committed; a connection that fails after the write was sent throws
 * BatchOutcomeUnknown. On PGlite, a drizzle transaction with the same statements.
 */
export async function bidBatchTransaction<T>(
  db: Db,
  args: BidBatchArgs,
  decide: (
    ctx: LockedForBid | null,
    reads: BatchBidderRead[],
    tx: () => DbOrTx,
  ) => Promise<{ value: T; write: BatchWrite | null }>,
  /** Called once the write (or the bare commit) is about to be sent: the next batch may start. */
  handOff: () => void = () => {},
): Promise<T> {
  const first = args.bidders[0];
  if (!first) throw new Error('a batch needs at least one bid');
  const reads = JSON.stringify({
    since: args.keyFrom.toISOString(),
    items: args.bidders.map((b, n) => ({
      n,
      user_id: b.userId,
      key: b.idempotencyKey,
      token: b.sessionToken,
    })),
  });
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const ctx = await lockForBid(tx, {
        auctionId: args.auctionId,
        userId: first.userId,
        idempotencyKey: null,
        keyFrom: args.keyFrom,
      });
      await tx.execute(withJson(BATCH_FORGET_SQL, reads));
      const r = (await tx.execute(withJson(BATCH_READ_SQL, reads))) as unknown as { rows: { r: unknown }[] };
      const { value, write } = await decide(ctx, parseReads(r.rows[0]?.r, args.bidders.length), () => tx);
      handOff();
      if (write) await tx.execute(withJson(BATCH_WRITE_SQL, batchWritePayload(write)));
      return value;
    });
  }
  const conn = await client.connect();
  let broken: Error | undefined;
  let sent = false;
  try {
    const lit = (v: string | null) => (v === null ? 'null' : conn.escapeLiteral(v));
    const results = (await conn.query(
      `begin; ${LOCK_SQL(lit(args.auctionId), lit(first.userId), 'null', lit(args.keyFrom.toISOString()))}; ${BATCH_FORGET_SQL(lit(reads))}; ${BATCH_READ_SQL(lit(reads))}`,
    )) as unknown as pg.QueryResult[];
    const ctx = parseLocked(results[1]!.rows[0]?.r ?? null);
    const bidders = parseReads(results[3]!.rows[0]?.r, args.bidders.length);
    const { value, write } = await decide(
      ctx,
      bidders,
      () => drizzleNodePg(conn, { schema }) as unknown as Db,
    );
    sent = true;
    handOff();
    await conn.query(write ? `${BATCH_WRITE_SQL(lit(batchWritePayload(write)))}; commit` : 'commit');
    return value;
  } catch (err) {
    // An error inside a simple query skips its remaining statements (the commit too): roll back.
    await conn.query('rollback').catch((e: Error) => {
      broken = e;
    });
    // A SQLSTATE means the database answered: the statement failed and nothing committed.
    if (sent && databaseCode(err) === undefined) throw new BatchOutcomeUnknown(err);
    throw err;
  } finally {
    conn.release(broken);
  }
}

/**
 * Writes one decided bid inside the caller's transaction (the same statement as a batch's write):
 * a bid group's maximum, placed while its group row is locked (modules/bid-groups, decision 095).
 */
export async function writeBidInTransaction(tx: DbOrTx, write: BatchWrite): Promise<void> {
  await tx.execute(withJson(BATCH_WRITE_SQL, batchWritePayload(write)));
}

/** An account's limit facts from LIMIT_FACTS_JSON (times as epoch ms). */
function toLimitFacts(raw: unknown): BidderLimitFacts | null {
  const j = parseJson<Record<string, unknown> | null>(raw ?? null);
  if (!j || j.createdAt === null || j.createdAt === undefined) return null;
  const time = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).getTime());
  return {
    limitCents: j.limitCents === null || j.limitCents === undefined ? null : Number(j.limitCents),
    createdAt: time(j.createdAt)!,
    phoneConfirmed: j.phoneConfirmed === true || j.phoneConfirmed === 't',
    approvedAt: time(j.approvedAt),
  };
}

/** One account's limit facts, inside the caller's transaction (a bid group's placement). */
export async function bidderLimitFacts(tx: DbOrTx, userId: string): Promise<BidderLimitFacts | null> {
  const result = (await tx.execute(
    sql`select ${sql.raw(LIMIT_FACTS_JSON('u'))} as r from users u where u.id = ${userId}::uuid`,
  )) as unknown as { rows: { r: unknown }[] };
  return toLimitFacts(result.rows[0]?.r ?? null);
}

/** The account's status (null when unknown). */
export async function accountStatus(tx: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.status ?? null;
}

function toAccess(row: Record<string, unknown> | undefined): BidderAccess {
  const status = row?.status;
  return {
    status: status === 'active' || status === 'suspended' ? status : null,
    sessionAlive: row?.sessionAlive === true || row?.sessionAlive === 't',
    hasSpendingLimit: row?.hasSpendingLimit === true || row?.hasSpendingLimit === 't',
  };
}

export async function getAuction(db: DbOrTx, auctionId: string): Promise<AuctionRow | null> {
  const [row] = await db.select().from(auctions).where(eq(auctions.id, auctionId)).limit(1);
  return row ?? null;
}

function buildAuctionState(db: DbOrTx) {
  return db
    .select({
      auction: getTableColumns(auctions),
      leaderHandle: users.handle,
      myMax: sql<number | null>`(select ${maxBids.maxAmountCents} from ${maxBids}
        where ${maxBids.auctionId} = ${auctions.id} and ${maxBids.userId} = ${sql.placeholder('userId')}::uuid)`,
    })
    .from(auctions)
    .leftJoin(users, eq(users.id, auctions.leaderUserId))
    .where(eq(auctions.id, sql.placeholder('auctionId')))
    .limit(1)
    .prepare('bidding_auction_state');
}
const auctionStateStatement = preparedOnce(buildAuctionState);

/**
 * An auction with its leader's handle and `userId`'s max bid (null when none or no user), in one
 * prepared query: the auction state is the closing hour's most frequent read (decision 065).
 */
export async function auctionWithLeaderAndMyMax(
  db: DbOrTx,
  auctionId: string,
  userId: string | null,
): Promise<{ auction: AuctionRow; leaderHandle: string | null; myMax: number | null } | null> {
  const [row] = await auctionStateStatement(db).execute({ auctionId, userId });
  if (!row) return null;
  return {
    auction: row.auction,
    leaderHandle: row.auction.leaderUserId ? (row.leaderHandle ?? null) : null,
    myMax: userId && row.myMax !== null ? Number(row.myMax) : null,
  };
}

export async function myMaxBid(db: DbOrTx, auctionId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ amount: maxBids.maxAmountCents })
    .from(maxBids)
    .where(and(eq(maxBids.auctionId, auctionId), eq(maxBids.userId, userId)))
    .limit(1);
  return row?.amount ?? null;
}

export async function handleOf(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ handle: users.handle }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.handle ?? null;
}

/**
 * A page of the public history: highest amount first, the leader's row first at equal amounts, newest
 * first, then by id (a total order, so pages neither skip nor repeat rows). `after` is the last row of
 * the previous page.
 */
export function publicHistoryPage(
  db: DbOrTx,
  auctionId: string,
  after: [amountCents: number, isLeaderRow: boolean, seq: number, id: string] | null,
  limit: number,
) {
  const where = after
    ? and(
        eq(bids.auctionId, auctionId),
        sql`(${bids.amountCents}, ${bids.isLeaderRow}, ${bids.seq}, ${bids.id}) < (${after[0]}::integer, ${after[1]}::boolean, ${after[2]}::bigint, ${after[3]}::uuid)`,
      )
    : eq(bids.auctionId, auctionId);
  return db
    .select({
      id: bids.id,
      handle: users.handle,
      amountCents: bids.amountCents,
      createdAt: bids.createdAt,
      isLeaderRow: bids.isLeaderRow,
      seq: bids.seq,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(where)
    .orderBy(desc(bids.amountCents), desc(bids.isLeaderRow), desc(bids.seq), desc(bids.id))
    .limit(limit);
}

const myBidColumns = {
  maxBidCents: maxBids.maxAmountCents,
  maxSetAt: maxBids.setAt,
  leaderUserId: auctions.leaderUserId,
  reserveMet: auctions.reserveMet,
  reservePriceCents: auctions.reservePriceCents,
};

function withMyMax(userId: string) {
  return and(eq(maxBids.auctionId, auctions.id), eq(maxBids.userId, userId))!;
}

/** The shopper's own order for the auction (there is one only when they won it). */
function withMyOrder(userId: string) {
  return and(eq(orders.auctionId, auctions.id), eq(orders.userId, userId))!;
}

/** A won auction whose order is past 'pending' leaves My Bids (it is in Orders). */
const notPastPending = or(isNull(orders.status), eq(orders.status, 'pending'))!;

/**
 * The auctions `userId` holds a maximum on, as card rows with that maximum: every one not ended yet
 * (ending soonest first), and the `endedLimit` most recently ended, with how many ended ones there are.
 */
export async function myBidAuctions(db: DbOrTx, userId: string, now: Date, endedLimit: number) {
  const [open, ended, [endedCount]] = await Promise.all([
    cardQuery(db, myBidColumns)
      .innerJoin(maxBids, withMyMax(userId))
      .where(notEndedAt(now))
      .orderBy(asc(auctions.endTime), asc(auctions.id)),
    endedLimit > 0
      ? cardQuery(db, { ...myBidColumns, orderId: orders.id, orderStatus: orders.status })
          .innerJoin(maxBids, withMyMax(userId))
          .leftJoin(orders, withMyOrder(userId))
          .where(and(not(notEndedAt(now)), notPastPending))
          .orderBy(desc(auctions.endTime), asc(auctions.id))
          .limit(endedLimit)
      : Promise.resolve([]),
    db
      .select({ n: count() })
      .from(maxBids)
      .innerJoin(auctions, eq(auctions.id, maxBids.auctionId))
      .leftJoin(orders, withMyOrder(userId))
      .where(and(eq(maxBids.userId, userId), not(notEndedAt(now)), notPastPending)),
  ]);
  return { open, ended, endedCount: endedCount?.n ?? 0 };
}

/** Forgets Idempotency-Keys stored at or before `before`; returns how many. */
export async function purgeIdempotencyKeys(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** A user's active (not removed) strikes: why a suspended account cannot bid. */
export async function activeStrikeCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userStrikes)
    .where(and(eq(userStrikes.userId, userId), isNull(userStrikes.removedAt)));
  return Number(row?.n ?? 0);
}

/** A lot with its placements, as the signals read them (bidFactsSince). */
export interface PlacementLotRow {
  auctionId: string;
  title: string;
  status: string;
  endTime: Date;
  leaderUserId: string | null;
  reserveMet: boolean;
  leaderMaxCents: number | null;
  placements: {
    userId: string;
    maxCents: number;
    minimumCents: number;
    stepCents: number;
    leaderAfter: string | null;
    at: Date;
  }[];
}

/**
 * The lots ending at or after `since` (ended in the window, running or to come) that have a recorded
 * placement, each with its placements in order: two statements, read off the bid path.
 */
export async function placementLots(db: DbOrTx, since: Date): Promise<PlacementLotRow[]> {
  const lots = await db
    .select({
      auctionId: auctions.id,
      title: schema.products.title,
      status: auctions.status,
      endTime: auctions.endTime,
      leaderUserId: auctions.leaderUserId,
      reserveMet: auctions.reserveMet,
      leaderMaxCents: maxBids.maxAmountCents,
    })
    .from(auctions)
    .innerJoin(schema.products, eq(schema.products.id, auctions.productId))
    .leftJoin(maxBids, and(eq(maxBids.auctionId, auctions.id), eq(maxBids.userId, auctions.leaderUserId)))
    .where(
      and(
        sql`${auctions.endTime} >= ${since.toISOString()}::timestamptz`,
        sql`exists (select 1 from ${schema.bidPlacements} b where b.auction_id = ${auctions.id})`,
      ),
    );
  if (lots.length === 0) return [];
  const placed = await db
    .select()
    .from(schema.bidPlacements)
    .where(
      inArray(
        schema.bidPlacements.auctionId,
        lots.map((l) => l.auctionId),
      ),
    )
    .orderBy(
      asc(schema.bidPlacements.auctionId),
      asc(schema.bidPlacements.seq),
      asc(schema.bidPlacements.id),
    );
  const byLot = new Map<string, PlacementLotRow['placements']>();
  for (const p of placed) {
    const list = byLot.get(p.auctionId) ?? [];
    list.push({
      userId: p.userId,
      maxCents: p.maxCents,
      minimumCents: p.minimumCents,
      stepCents: p.stepCents,
      leaderAfter: p.leaderAfter,
      at: p.placedAt,
    });
    byLot.set(p.auctionId, list);
  }
  return lots.map((l) => ({ ...l, placements: byLot.get(l.auctionId) ?? [] }));
}
