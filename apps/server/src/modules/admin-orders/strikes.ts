// Strike removal in the back-office (docs/decisions/014): from an order's page or a person's page
// (People), one rule, one audit entry, one notice.
import type { AdminStrike, RemoveStrikeResponse } from '@rebound/contract/admin-orders';
import { userRoom } from '@rebound/contract/rooms';
import { STRIKE_REMOVED_NOTICE } from '@rebound/core/notices';
import { isSuspendedByStrikes, MAX_ACTIVE_STRIKES } from '@rebound/core/orders';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Publisher } from '../../lib/publish';
import type { Published } from '../../realtime/hub';
import { enqueueNotices, notificationsChanged } from '../notifications';
import { recordAudit } from '../staff';
import * as repo from './repository';

/** What removing a strike needs. */
export interface StrikeDeps {
  db: Db;
  clock: Clock;
  /** Realtime events, called after each commit (lib/publish.ts). */
  publish: Publisher;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type StrikeRow = Awaited<ReturnType<typeof repo.strikesOf>>[number];

export function strikeView(
  s: StrikeRow['strike'],
  removedBy: string | null,
  orderId: string | null,
): AdminStrike {
  return {
    id: s.id,
    orderId: s.orderId,
    thisOrder: orderId !== null && s.orderId === orderId,
    reason: s.reason,
    createdAt: s.createdAt.toISOString(),
    removedAt: iso(s.removedAt),
    removedReason: s.removedReason,
    removedBy,
  };
}

/**
 * POST /api/admin/orders/:id/strikes/:strikeId/remove: the strike no longer counts; the shopper's
 * strike count is recomputed. Decision 014: only staff lift a strikes suspension, and they do it by
 * removing a strike. Below the threshold again, a suspension the strikes caused is lifted; one a
 * staff member set by hand (People's suspend, in the audit log) stays until People restores it.
 */
export async function removeStrike(
  deps: StrikeDeps,
  staff: SessionUser,
  orderId: string,
  strikeId: string,
  reason: string,
): Promise<RemoveStrikeResponse> {
  const { answer, events } = await deps.db.transaction(async (tx) => {
    const order = await repo.orderRow(tx, orderId);
    if (!order) throw new AppError('order_not_found');
    return removeStrikeIn(tx, deps, staff, order.order.userId, strikeId, reason);
  });
  await deps.publish(events);
  return answer;
}

/**
 * The one way a strike is removed, from an order's page or a person's page (People): the same
 * rule for lifting a strikes suspension (decision 014), the same audit entry, the same notice.
 */
export async function removeUserStrike(
  deps: StrikeDeps,
  staff: SessionUser,
  userId: string,
  strikeId: string,
  reason: string,
): Promise<RemoveStrikeResponse> {
  const { answer, events } = await deps.db.transaction((tx) =>
    removeStrikeIn(tx, deps, staff, userId, strikeId, reason),
  );
  await deps.publish(events);
  return answer;
}

async function removeStrikeIn(
  tx: Tx,
  deps: Pick<StrikeDeps, 'db' | 'clock'>,
  staff: SessionUser,
  userId: string,
  strikeId: string,
  reason: string,
): Promise<{ answer: RemoveStrikeResponse; events: Published[] }> {
  {
    const now = deps.clock.now();
    const user = await repo.lockUser(tx, userId);
    const strike = await repo.strikeOf(tx, userId, strikeId);
    if (!user || !strike || strike.removedAt) throw new AppError('strike_not_found');
    const removed = await repo.removeStrike(tx, strikeId, staff.id, reason, now);
    if (!removed) throw new AppError('strike_not_found');
    const active = await repo.activeStrikeCount(tx, userId);

    let suspension: RemoveStrikeResponse['suspension'] = 'not_suspended';
    let status = user.status;
    if (user.status === 'suspended') {
      if (isSuspendedByStrikes(active)) suspension = 'still_suspended';
      else if ((await repo.lastManualSuspension(tx, userId)) === 'user.suspend') suspension = 'kept_by_staff';
      else {
        suspension = 'lifted';
        status = 'active';
      }
    }
    await repo.setUser(tx, userId, { strikes: active, status }, now);
    const messages: Record<RemoveStrikeResponse['suspension'], string> = {
      not_suspended: `Strike removed. ${user.email} has ${active} active ${active === 1 ? 'strike' : 'strikes'}.`,
      lifted: `Strike removed. ${user.email} is below ${MAX_ACTIVE_STRIKES} strikes again and can bid.`,
      still_suspended: `Strike removed. ${user.email} still has ${active} active strikes, so bidding stays suspended.`,
      kept_by_staff: `Strike removed. The account stays suspended: a staff member suspended it by hand (restore it in People).`,
    };
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'strike.remove',
      entityType: 'user',
      entityId: userId,
      before: { strikeId, activeStrikes: user.strikes, status: user.status },
      after: { strikeId, activeStrikes: active, status, suspension, orderId: strike.orderId },
      reason,
    });
    const events: Published[] = [];
    if (suspension === 'lifted') {
      await enqueueNotices(tx, now, [
        {
          userId,
          kind: 'auction_won',
          template: 'generic',
          message: STRIKE_REMOVED_NOTICE,
          targetUrl: '/account?tab=orders',
          data: {},
        },
      ]);
      events.push(...notificationsChanged([userId], now));
      // Their open pages drop the suspension banner (the session is asked again).
      events.push({
        room: userRoom(userId),
        event: { type: 'AccountChangedV1', serverTime: now.toISOString() },
      });
    }
    events.push({
      room: userRoom(userId),
      event: { type: 'OrdersChangedV1', serverTime: now.toISOString() },
    });
    return {
      answer: {
        strike: strikeView(removed, staff.email, strike.orderId),
        activeStrikes: active,
        userStatus: status,
        suspension,
        message: messages[suspension],
      },
      events,
    };
  }
}
