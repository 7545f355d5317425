// SQL of the outbox sender (sender.ts; docs/decisions/018-outbox-sender.md). A claim is one UPDATE
// over rows picked with FOR UPDATE SKIP LOCKED: its own short transaction, so no lock is held while a
// message is on its way. The claim's `attempts` (incremented by every claim) is its fence: a sender
// may only finish a row that still carries the attempt number it claimed.
import { CLAIMED_FIRST_TEMPLATE } from '@rebound/core/outbox';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';
import { currentRequestId } from '../../lib/request-context';
import { assertOutboxPayloads } from './payloads';

export type OutboxRecord = typeof outbox.$inferSelect;

/** Rows a sender may claim now: due pending ones, and claims whose lease ran out (a sender died). */
function claimable(now: Date) {
  return or(
    and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)),
    and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, now)),
  );
}

/** A literal, not a parameter: the planner matches it to the partial index `outbox_urgent_due_idx`. */
const CLAIMED_FIRST = sql`${outbox.template} = ${sql.raw(`'${CLAIMED_FIRST_TEMPLATE}'`)}`;

/**
 * Claims up to `limit` due rows: first the due outbid alerts (core `CLAIMED_FIRST_TEMPLATE`, through
 * their own partial index), up to half the claim, then any due rows, each oldest due first: status 'sending',
 * attempts + 1, locked until now + lease. Rows another sender holds are skipped, never waited for.
 * An outbid alert thus never waits behind a flood of reminders or receipts (decision 069).
 */
export async function claimDue(db: DbOrTx, now: Date, opts: { limit: number; leaseMs: number }) {
  const urgentDue = and(eq(outbox.status, 'pending'), CLAIMED_FIRST, lte(outbox.nextAttemptAt, now));
  // At most half a claim: during a storm of alerts the other messages still get the rest of every
  // claim (the sender is never far behind on them), and alerts still get at least half.
  const first = await claimWhere(db, now, urgentDue, Math.ceil(opts.limit / 2), opts.leaseMs);
  if (first.length >= opts.limit) return first;
  return [...first, ...(await claimWhere(db, now, claimable(now), opts.limit - first.length, opts.leaseMs))];
}

function claimWhere(db: DbOrTx, now: Date, where: SQL | undefined, limit: number, leaseMs: number) {
  const picked = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(where)
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(outbox.id, picked))
    .returning();
}

/**
 * Before a claim: among the due pending rows of `templates` that no other sender holds, every one that
 * a newer row to the same shopper (recipient), channel and lot (`payload.auctionId`) replaces is
 * recorded as coalesced into the newest (newest by creation, then the highest `currentPriceCents`,
 * then the id), in one statement (core `coalesceOutbid` states the rule; decision 066). A backlog
 * of a shopper's alerts on one lot thus shrinks to its latest however long it grew, so the claim
 * that follows sends what is news. The latest takes the earliest due time of the rows it replaces,
 * so it keeps the queue place of the oldest alert it stands for: a shopper outbid again and again
 * is not pushed back each time (the claim takes the earliest due first). Rows held by another
 * sender are left alone (it sends them). Returns how many were coalesced.
 */
export async function coalescePending(db: DbOrTx, now: Date, templates: readonly string[]): Promise<number> {
  if (templates.length === 0) return 0;
  const result = await db.execute(sql`
    with held as (
      select id, template, channel, recipient, payload->>'auctionId' as lot, created_at, next_attempt_at,
        case when jsonb_typeof(payload->'currentPriceCents') = 'number'
          then (payload->>'currentPriceCents')::numeric end as price
      from outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and template in (${sql.join(
          templates.map((t) => sql`${t}`),
          sql`, `,
        )})
        and coalesce(payload->>'auctionId', '') <> ''
      for update skip locked
    ), ranked as (
      select id, next_attempt_at,
        first_value(id) over (
          partition by template, channel, recipient, lot
          order by created_at desc, price desc nulls last, id desc) as latest,
        min(next_attempt_at) over (partition by template, channel, recipient, lot) as first_due
      from held
    ), kept_in_place as (
      update outbox o set next_attempt_at = r.first_due
      from ranked r
      where o.id = r.id and r.id = r.latest and r.first_due < r.next_attempt_at
      returning o.id
    ), replaced as (
      update outbox o set status = 'coalesced', coalesced_into = r.latest, locked_until = null
      from ranked r
      where o.id = r.id and r.id <> r.latest
      returning 1
    )
    select count(*)::int as n from replaced`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * Claims one given row whatever its due time (a 'Send test email' button): pending, or 'sending'
 * with its lease run out. Undefined when it is sent, dead, or another sender holds it.
 */
export async function claimOne(
  db: DbOrTx,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<OutboxRecord | undefined> {
  const picked = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.id, id),
        or(eq(outbox.status, 'pending'), and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, now))),
      ),
    )
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(outbox.id, picked))
    .returning();
  return row;
}

/**
 * How a claimed row ends: sent (`sentAt`; a skipped one has none and says why in `error`), back
 * to pending for another attempt at `retryAt`, dead (`deadAt`) with its last error, or coalesced
 * `into` a later message sent in its place (decision 066). `handedAt`: when the attempt handed the
 * message to its channel's adapter.
 */
export type OutboxMark =
  | {
      id: string;
      attempts: number;
      status: 'sent';
      sentAt: Date | null;
      error: string | null;
      handedAt?: Date | null;
    }
  | { id: string; attempts: number; status: 'pending'; retryAt: Date; error: string; handedAt?: Date | null }
  | { id: string; attempts: number; status: 'dead'; deadAt: Date; error: string; handedAt?: Date | null }
  | { id: string; attempts: number; status: 'coalesced'; into: string; error: null };

/**
 * Finishes many claimed rows in ONE statement (the sender group-commits its outcomes, decision
 * 043), each fenced on its claim (the attempt number it claimed): returns the ids that were still this claim's and are now
 * marked; a row whose lease ran out and another sender took is left alone.
 */
export async function markMany(db: DbOrTx, marks: readonly OutboxMark[]): Promise<Set<string>> {
  if (marks.length === 0) return new Set();
  const json = JSON.stringify(
    marks.map((m) => ({
      id: m.id,
      attempts: m.attempts,
      status: m.status,
      sent_at: m.status === 'sent' ? (m.sentAt?.toISOString() ?? null) : null,
      retry_at: m.status === 'pending' ? m.retryAt.toISOString() : null,
      dead_at: m.status === 'dead' ? m.deadAt.toISOString() : null,
      handed_at: m.status !== 'coalesced' ? (m.handedAt?.toISOString() ?? null) : null,
      coalesced_into: m.status === 'coalesced' ? m.into : null,
      error: m.error,
    })),
  );
  const result = (await db.execute(sql`
    update outbox o set
      status = v.status,
      sent_at = case when v.status = 'sent' then v.sent_at else o.sent_at end,
      next_attempt_at = coalesce(v.retry_at, o.next_attempt_at),
      dead_at = coalesce(v.dead_at, o.dead_at),
      handed_at = coalesce(v.handed_at, o.handed_at),
      coalesced_into = v.coalesced_into,
      locked_until = null,
      last_error = v.error
    from jsonb_to_recordset(${json}::jsonb) as v(
      id uuid, attempts integer, status text, sent_at timestamptz, retry_at timestamptz,
      dead_at timestamptz, handed_at timestamptz, coalesced_into uuid, error text)
    where o.id = v.id and o.status = 'sending' and o.attempts = v.attempts
    returning o.id`)) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((r) => r.id));
}

const markOne = async (db: DbOrTx, mark: OutboxMark) => (await markMany(db, [mark])).has(mark.id);

/** Marks a claimed row sent; false when the claim was lost (lease ran out and another sender took it). */
export function markSent(db: DbOrTx, id: string, attempts: number, now: Date): Promise<boolean> {
  return markOne(db, { id, attempts, status: 'sent', sentAt: now, error: null });
}

/**
 * Finishes a claimed row without sending it (its channel is off): status 'sent' with no `sent_at`,
 * and `reason` in last_error, so it is neither retried nor a dead letter. False when the claim was lost.
 */
export function markSkipped(db: DbOrTx, id: string, attempts: number, reason: string): Promise<boolean> {
  return markOne(db, { id, attempts, status: 'sent', sentAt: null, error: reason });
}

/** Puts a claimed row back for another attempt at `at`, keeping the error. */
export function markRetry(
  db: DbOrTx,
  id: string,
  attempts: number,
  at: Date,
  error: string,
): Promise<boolean> {
  return markOne(db, { id, attempts, status: 'pending', retryAt: at, error });
}

/** Gives up on a claimed row: a dead letter with its last error. */
export function markDead(
  db: DbOrTx,
  id: string,
  attempts: number,
  now: Date,
  error: string,
): Promise<boolean> {
  return markOne(db, { id, attempts, status: 'dead', deadAt: now, error });
}

export function findById(db: DbOrTx, id: string) {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.id, id))
    .then((r) => r[0]);
}

/** Counts by status and the oldest row's creation per status, in one query, for /metrics. */
export async function countByStatus(db: DbOrTx): Promise<{
  counts: Record<OutboxRecord['status'], number>;
  oldest: Partial<Record<OutboxRecord['status'], Date>>;
}> {
  const rows = await db
    .select({
      status: outbox.status,
      n: count(),
      oldest: sql<string | Date | null>`min(${outbox.createdAt})`,
    })
    .from(outbox)
    .groupBy(outbox.status);
  const counts = { pending: 0, sending: 0, sent: 0, dead: 0, coalesced: 0 };
  const oldest: Partial<Record<OutboxRecord['status'], Date>> = {};
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    if (r.oldest !== null) oldest[r.status] = new Date(r.oldest);
  }
  return { counts, oldest };
}

/** Messages sent since `since`, per channel (the operator page; skipped ones have no sent_at). */
export async function sentPerChannelSince(
  db: DbOrTx,
  since: Date,
): Promise<Record<OutboxRecord['channel'], number>> {
  const rows = await db
    .select({ channel: outbox.channel, n: count() })
    .from(outbox)
    .where(and(eq(outbox.status, 'sent'), sql`${outbox.sentAt} >= ${since.toISOString()}::timestamptz`))
    .groupBy(outbox.channel);
  const out = { email: 0, sms: 0, push: 0 };
  for (const r of rows) out[r.channel] = Number(r.n);
  return out;
}

/** Dead letters, newest first, with the error that ended them. */
export function listDead(db: DbOrTx, opts: { limit: number; before?: Date }) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      template: outbox.template,
      userId: outbox.userId,
      recipient: outbox.recipient,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      requestId: outbox.requestId,
      createdAt: outbox.createdAt,
      deadAt: outbox.deadAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'dead'),
        isNotNull(outbox.deadAt),
        opts.before ? sql`${outbox.deadAt} < ${opts.before.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(desc(outbox.deadAt), desc(outbox.id))
    .limit(opts.limit);
}

/** Whether any row is due now (drain loops and tests). */
export async function dueCount(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outbox).where(claimable(now));
  return Number(row?.n ?? 0);
}

export type NewOutboxRow = typeof outbox.$inferInsert;

/** Writes messages to send; a row whose dedupe_key is taken already is skipped. Returns the new ids. */
export async function insertMessages(db: DbOrTx, rows: NewOutboxRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  assertOutboxPayloads(rows);
  const requestId = currentRequestId();
  const out = await db
    .insert(outbox)
    .values(rows.map((r) => ({ ...r, requestId: r.requestId ?? requestId })))
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  return out.map((r) => r.id);
}

export function byIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as OutboxRecord[]);
  return db.select().from(outbox).where(inArray(outbox.id, ids));
}

// ── The back-office's dead letters (Messages section, decision 027) ─────────────────────────────

const isDead = and(eq(outbox.status, 'dead'), isNotNull(outbox.deadAt));

/** A page of dead letters, newest first, with the notice kind from the payload. */
export async function pageDead(db: DbOrTx, opts: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        template: outbox.template,
        kind: sql<string | null>`${outbox.payload}->>'kind'`,
        recipient: outbox.recipient,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        deadAt: outbox.deadAt,
      })
      .from(outbox)
      .where(isDead)
      .orderBy(desc(outbox.deadAt), desc(outbox.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(outbox).where(isDead),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function countDead(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outbox).where(isDead);
  return Number(row?.n ?? 0);
}

/** Locks one dead letter (undefined when it is not one: retried, discarded, or never dead). */
export async function lockDead(db: DbOrTx, id: string): Promise<OutboxRecord | undefined> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), isDead))
    .for('update');
  return row;
}

/** A dead letter queued again: pending, due now, attempts and error cleared. */
export async function requeueDead(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      deadAt: null,
      lockedUntil: null,
    })
    .where(and(eq(outbox.id, id), isDead))
    .returning({ id: outbox.id });
  return rows.length === 1;
}

export async function deleteDead(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(outbox)
    .where(and(eq(outbox.id, id), isDead))
    .returning({ id: outbox.id });
  return rows.length === 1;
}

/** The message queued under a dedupe key (a contact reply's delivery). */
export function byDedupeKey(db: DbOrTx, key: string) {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.dedupeKey, key))
    .then((r) => r[0]);
}
