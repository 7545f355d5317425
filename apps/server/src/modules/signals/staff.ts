// The staff's Signals page (docs/product.md "Signals of unfair bidding"): the facts recorded over
// the window, read when staff ask (never on the bid path), judged by core signals.ts, named for a
// person (handle and email; never a network address, device id or card number). Marking an account
// reviewed quiets its signals until something new fires (core isQuiet).
import {
  SIGNALS_WINDOW_DAYS,
  type SignalAccount,
  type SignalPerson,
  type SignalReviewedResponse,
  type SignalsResponse,
} from '@rebound/contract/admin-signals';
import {
  type AccountFacts,
  accountSignals,
  canonicalEmail,
  type Identifier,
  isQuiet,
  type PaymentFacts,
} from '@rebound/core/signals';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { bidFactsSince } from '../bidding';
import { paymentFactsOf } from '../orders';
import { recordAudit } from '../staff';
import * as repo from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_PAYMENTS: PaymentFacts = { strikes: 0, cancelledUnpaid: 0, disputedRefunds: 0, latestAt: null };

/**
 * Every account with a signal over the lots that ended in the last SIGNALS_WINDOW_DAYS or have not
 * ended: the lots' bidders and every account linked to one of them.
 */
export async function listSignals(db: Db, clock: Clock): Promise<SignalsResponse> {
  const since = new Date(clock.now().getTime() - SIGNALS_WINDOW_DAYS * DAY_MS);
  const lots = await bidFactsSince(db, clock, since);
  const bidders = [...new Set(lots.flatMap((l) => l.bids.map((b) => b.userId)))];
  const sightings = await repo.linkedSightings(db, bidders);
  const ids = [...new Set([...bidders, ...sightings.map((s) => s.userId)])];
  const [people, payments, reviews] = await Promise.all([
    repo.accountsOf(db, ids),
    paymentFactsOf(db, ids),
    repo.reviewsOf(db, ids),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const reviewed = new Map(reviews.map((r) => [r.userId, r.reviewedAt]));
  // A person's phone and mailbox link accounts at any time: given the time they were read.
  const now = clock.now();
  const identifiers: Identifier[] = [
    ...sightings.map((s) => ({ userId: s.userId, kind: s.kind, value: s.valueHash, at: s.seenAt })),
    ...people.map((p) => ({ userId: p.id, kind: 'email' as const, value: canonicalEmail(p.email), at: now })),
    ...people.flatMap((p) =>
      p.phone ? [{ userId: p.id, kind: 'phone' as const, value: p.phone, at: now }] : [],
    ),
  ];
  const accounts: AccountFacts[] = ids.map((id) => ({
    userId: id,
    payments: payments.get(id) ?? NO_PAYMENTS,
    reviewedAt: reviewed.get(id) ?? null,
  }));
  const staff = new Set(people.filter((p) => p.role === 'staff').map((p) => p.id));
  const found = accountSignals({ accounts, identifiers, lots, staff });

  const person = (id: string): SignalPerson => {
    const p = byId.get(id);
    return p
      ? { id, handle: p.handle, email: p.email, role: p.role, status: p.status }
      : { id, handle: '(deleted)', email: '', role: 'shopper', status: 'active' };
  };
  const items: SignalAccount[] = found.map((a) => {
    const reviewedAt = reviewed.get(a.userId) ?? null;
    return {
      account: person(a.userId),
      strength: a.strength,
      quiet: a.quiet,
      reviewedAt: reviewedAt?.toISOString() ?? null,
      signals: a.signals.map((s) => ({
        kind: s.kind,
        strength: s.strength,
        latestAt: s.latestAt,
        quiet: isQuiet(s, reviewedAt),
        facts: s.evidence.facts,
        shared: s.evidence.shared,
        accounts: s.evidence.accounts.map(person),
        lots: s.evidence.lots.map((l) => ({
          auctionId: l.auctionId,
          title: l.title,
          bids: l.bids.map((b) => ({ ...b, handle: person(b.userId).handle })),
        })),
      })),
    };
  });
  return { since: since.toISOString(), windowDays: SIGNALS_WINDOW_DAYS, items };
}

/** Marks `userId`'s signals reviewed now, with an audit entry in the same transaction. */
export async function markSignalsReviewed(
  db: Db,
  clock: Clock,
  actor: SessionUser,
  userId: string,
): Promise<SignalReviewedResponse> {
  const at = clock.now();
  await db.transaction(async (tx) => {
    if (!(await repo.accountExists(tx, userId))) throw new AppError('person_not_found');
    const before = await repo.markReviewed(tx, { userId, staffId: actor.id, at });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.signals_reviewed',
      entityType: 'user',
      entityId: userId,
      before: { signalsReviewedAt: before },
      after: { signalsReviewedAt: at },
    });
  });
  return { userId, reviewedAt: at.toISOString() };
}
