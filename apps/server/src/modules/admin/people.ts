import type {
  ApproveBiddingBody,
  BidLimitBody,
  NotesBody,
  PeopleQuery,
  PeopleResponse,
  PersonDetail,
  RoleBody,
} from '@rebound/contract/admin-people';
import { userRoom } from '@rebound/contract/rooms';
import { MAX_BID_CENTS } from '@rebound/core/bidding';
import {
  MIN_BID_LIMIT_CENTS,
  NEW_ACCOUNT_BID_CAP_CENTS,
  newAccountUntil,
  underNewAccountRule,
} from '@rebound/core/bidding-limits';
import { formatCents, parseDollarsToCents } from '@rebound/core/money';
import { ACCOUNT_SUSPENDED_NOTICE } from '@rebound/core/notices';
import { isOrderStatus, orderStatusLabel } from '@rebound/core/orders';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import { endAllSessions } from '../auth';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { recordAudit } from '../staff';
import * as repo from './people-repository';

export interface PeopleDeps {
  db: Db;
  clock: Clock;
  /** After a suspension or a restore: the person's open pages ask who is signed in again. */
  publish?: Publisher;
}

export async function listPeople({ db }: PeopleDeps, query: PeopleQuery): Promise<PeopleResponse> {
  const { rows, total } = await repo.listPeople(db, query);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      handle: r.handle,
      firstName: r.firstName,
      lastName: r.lastName,
      phone: r.phone,
      role: r.role,
      status: r.status,
      strikes: r.strikes,
      joinedAt: r.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Whether a person with this id exists (a 404 before anything else is looked at). */
export async function personExists({ db }: PeopleDeps, id: string): Promise<boolean> {
  return (await repo.findPerson(db, id)) !== null;
}

export async function personDetail({ db, clock }: PeopleDeps, id: string): Promise<PersonDetail> {
  const now = clock.now();
  const person = await repo.findPerson(db, id);
  if (!person) throw new AppError('person_not_found');
  const [bids, orders, strikes] = [
    await repo.personBids(db, id),
    await repo.personOrders(db, id),
    await repo.personStrikes(db, id),
  ];
  return {
    person: {
      id: person.id,
      email: person.email,
      handle: person.handle,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      role: person.role,
      status: person.status,
      strikes: person.strikes,
      joinedAt: person.createdAt.toISOString(),
      staffNotes: person.staffNotes ?? '',
      emailVerified: person.emailVerified,
      marketingConsent: person.marketingConsent,
    },
    bidding: {
      limitCents: person.bidLimitCents,
      phoneConfirmed: person.phoneVerified,
      approvedAt: person.largeBidsApprovedAt?.toISOString() ?? null,
      underNewAccountRule:
        person.bidLimitCents === null &&
        underNewAccountRule(
          {
            limitCents: null,
            createdAt: person.createdAt.getTime(),
            phoneConfirmed: person.phoneVerified,
            approvedAt: person.largeBidsApprovedAt?.getTime() ?? null,
          },
          now.getTime(),
        ),
      newAccountCapCents: NEW_ACCOUNT_BID_CAP_CENTS,
      newAccountUntil: new Date(newAccountUntil(person.createdAt.getTime())).toISOString(),
    },
    bids: bids.rows.map((b) => ({
      id: b.id,
      auctionId: b.auctionId,
      productTitle: b.productTitle,
      amountCents: b.amountCents,
      at: b.createdAt.toISOString(),
      auctionStatus: b.auctionStatus,
      leading: b.auctionStatus === 'ended' ? b.winnerUserId === id : b.leaderUserId === id,
    })),
    bidCount: bids.total,
    orders: orders.map((o) => ({
      id: o.id,
      orderNumber: o.id.slice(0, 8),
      productTitle: o.productTitle,
      status: o.status,
      statusLabel: isOrderStatus(o.status) ? orderStatusLabel(o.status) : o.status,
      totalCents: o.totalCents ?? o.finalAmountCents,
      paymentDueAt: o.paymentDueAt.toISOString(),
      createdAt: o.createdAt.toISOString(),
    })),
    strikes: strikes.map((s) => ({
      id: s.id,
      kind: s.kind,
      reason: s.reason,
      orderId: s.orderId,
      createdAt: s.createdAt.toISOString(),
      removedAt: s.removedAt?.toISOString() ?? null,
      removedReason: s.removedReason,
      removedBy: s.removedByHandle,
    })),
  };
}

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockPerson>>>;
const snapshot = (p: Locked) => ({ role: p.role, status: p.status, strikes: p.strikes });

/**
 * The last active staff account can be neither suspended nor demoted. `activeStaff` was locked
 * (every active staff row, in id order) before the person's row, so two such changes at once are
 * decided one after the other and never deadlock (docs/decisions/022).
 */
function keepOneActiveStaff(activeStaff: string[], target: Locked) {
  if (target.role !== 'staff' || target.status !== 'active') return;
  if (activeStaff.filter((id) => id !== target.id).length === 0) throw new AppError('last_staff');
}

export async function setSuspended(
  { db, clock, publish }: PeopleDeps,
  actor: SessionUser,
  id: string,
  suspended: boolean,
  reason: string,
): Promise<void> {
  if (suspended && id === actor.id) throw new AppError('cannot_change_self');
  const now = clock.now();
  const changed = await db.transaction(async (tx) => {
    // Staff rows first (when the change may leave fewer active staff), then the person: one order.
    const activeStaff = suspended ? await repo.lockActiveStaff(tx) : [];
    const before = await repo.lockPerson(tx, id);
    if (!before) throw new AppError('person_not_found');
    const status = suspended ? 'suspended' : 'active';
    if (before.status === status) return false; // already so: nothing changes, nothing to record
    if (suspended) keepOneActiveStaff(activeStaff, before);
    await repo.updatePerson(tx, id, { status }, now);
    // A suspension signs them out everywhere, in the same transaction (restoring creates nothing:
    // they sign in again).
    const sessionsEnded = suspended ? await endAllSessions(tx, id) : 0;
    await recordAudit(tx, {
      actorId: actor.id,
      action: suspended ? 'user.suspend' : 'user.restore',
      entityType: 'user',
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(before), status, ...(suspended ? { sessionsEnded } : {}) },
      reason,
    });
    // The shopper is told what it means and where to ask (their open pages learn it below). Staff's
    // reason stays in the audit log: it is a note between staff.
    if (suspended && before.role === 'shopper') {
      await enqueueNotices(tx, now, [
        {
          userId: id,
          kind: 'auction_won',
          template: 'account_suspended',
          message: ACCOUNT_SUSPENDED_NOTICE,
          targetUrl: '/contact',
          data: {},
        },
      ]);
    }
    return true;
  });
  if (!changed || !publish) return;
  // After the commit: a page still open shows them signed out (its session query is asked again),
  // and the Mail menu shows the notice.
  await publish([
    { room: userRoom(id), event: { type: 'AccountChangedV1', serverTime: now.toISOString() } },
    ...(suspended ? notificationsChanged([id], now) : []),
  ]);
}

export async function setRole({ db, clock }: PeopleDeps, actor: SessionUser, id: string, body: RoleBody) {
  if (body.role !== 'staff' && id === actor.id) throw new AppError('cannot_change_self');
  await db.transaction(async (tx) => {
    const activeStaff = body.role !== 'staff' ? await repo.lockActiveStaff(tx) : [];
    const before = await repo.lockPerson(tx, id);
    if (!before) throw new AppError('person_not_found');
    if (before.role === body.role) return;
    if (body.role !== 'staff') keepOneActiveStaff(activeStaff, before);
    await repo.updatePerson(tx, id, { role: body.role }, clock.now());
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.role',
      entityType: 'user',
      entityId: id,
      before: snapshot(before),
      after: { ...snapshot(before), role: body.role },
      reason: body.reason,
    });
  });
}

export async function setNotes({ db, clock }: PeopleDeps, actor: SessionUser, id: string, body: NotesBody) {
  await db.transaction(async (tx) => {
    const before = await repo.lockPerson(tx, id);
    if (!before) throw new AppError('person_not_found');
    const notes = body.notes.trim();
    if ((before.staffNotes ?? '') === notes) return;
    await repo.updatePerson(tx, id, { staffNotes: notes || null }, clock.now());
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.notes',
      entityType: 'user',
      entityId: id,
      before: { staffNotes: before.staffNotes ?? '' },
      after: { staffNotes: notes },
    });
  });
}

/**
 * Sets (or with null removes) the highest maximum the account may place (core bidding-limits.ts):
 * a limit staff set replaces the new-account rule. Checked by the bids decided after it commits.
 */
export async function setBidLimit(
  { db, clock }: PeopleDeps,
  actor: SessionUser,
  id: string,
  body: BidLimitBody,
) {
  let cents: number | null = null;
  if (body.limit !== null && body.limit !== '') {
    cents = parseDollarsToCents(body.limit.replaceAll(',', '').replace(/^\$/, ''));
    if (cents === null || cents <= 0) throw new AppError('bid_limit_invalid');
    if (cents < MIN_BID_LIMIT_CENTS || cents > MAX_BID_CENTS)
      throw new AppError('bid_limit_out_of_range', { params: { amount: formatCents(MAX_BID_CENTS) } });
  }
  await db.transaction(async (tx) => {
    const before = await repo.lockPerson(tx, id);
    if (!before) throw new AppError('person_not_found');
    if (before.bidLimitCents === cents) return;
    await repo.updatePerson(tx, id, { bidLimitCents: cents }, clock.now());
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.bid_limit',
      entityType: 'user',
      entityId: id,
      before: { bidLimitCents: before.bidLimitCents },
      after: { bidLimitCents: cents },
      reason: body.reason ?? null,
    });
  });
}

/** Approves the account to bid above the new-account cap (once; audited). */
export async function approveBidding(
  { db, clock }: PeopleDeps,
  actor: SessionUser,
  id: string,
  body: ApproveBiddingBody,
) {
  await db.transaction(async (tx) => {
    const before = await repo.lockPerson(tx, id);
    if (!before) throw new AppError('person_not_found');
    if (before.largeBidsApprovedAt) throw new AppError('bid_limit_approval_not_needed');
    const now = clock.now();
    await repo.updatePerson(tx, id, { largeBidsApprovedAt: now }, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.approve_bidding',
      entityType: 'user',
      entityId: id,
      before: { largeBidsApprovedAt: null },
      after: { largeBidsApprovedAt: now },
      reason: body.reason ?? null,
    });
  });
}
