// The job 'refunds.resolve-reserved' (docs/decisions/027, 084): refunds reserved but never answered
// by the provider are asked again with their own idempotency key once their lease has run out.
import { RefundRefusedError } from '../../adapters/payments/types';
import { recordAudit } from '../staff';
import * as repo from './repository';
import { confirmReserved, type RefundsDeps } from './service';

/**
 * How long a reserved refund may wait for its provider's answer before the job asks again. Far
 * longer than any provider call (Stripe's client gives up after 80 s), so a request still on its
 * way is never raced.
 */
export const REFUND_RESERVATION_LEASE_MS = 10 * 60_000;
const RESOLVE_BATCH = 50;

export interface ResolveRun {
  confirmed: number;
  failed: number;
  /** Still no answer: asked again on the next run. */
  unknown: number;
}

/**
 * A refund whose provider call got no answer (the server stopped between reserving the row and
 * confirming it, or the provider timed out) stays reserved, holding its amount, until someone
 * retries it with the same key. This asks the provider again with the row's own idempotency key, so
 * the provider refunds at most once: an answer confirms the row (order and payment marked, shopper
 * told, audited under the staff member who asked); a definite refusal drops the reservation (the
 * schema has no status column: a refused refund is no refund), recorded in the audit log as
 * 'refund.fail'; silence leaves it for the next run.
 */
export async function resolveReservedRefunds(
  deps: RefundsDeps,
  opts: { leaseMs?: number } = {},
): Promise<ResolveRun> {
  const run: ResolveRun = { confirmed: 0, failed: 0, unknown: 0 };
  const before = new Date(deps.clock.now().getTime() - (opts.leaseMs ?? REFUND_RESERVATION_LEASE_MS));
  const stale = await repo.staleReservedRefunds(deps.db, before, RESOLVE_BATCH);
  for (const r of stale) {
    // Every reservation names its staff member (the reservation sets it); one without cannot be audited.
    if (!r.providerPaymentId || !r.orderId || !r.createdBy) {
      run.unknown += 1;
      continue;
    }
    let providerRefundId: string;
    try {
      ({ providerRefundId } = await deps.provider.refund(
        r.providerPaymentId,
        r.amountCents,
        r.idempotencyKey,
      ));
    } catch (err) {
      if (err instanceof RefundRefusedError) {
        await deps.db.transaction(async (tx) => {
          const gone = await repo.dropUnconfirmedRefundReturning(tx, r.id);
          if (!gone || !r.createdBy || !r.orderId) return;
          await recordAudit(tx, {
            actorId: r.createdBy,
            action: 'refund.fail',
            entityType: 'order',
            entityId: r.orderId,
            before: { refundId: r.id, amountCents: r.amountCents, idempotencyKey: r.idempotencyKey },
            after: { refused: err.message, resolvedBy: 'refunds.resolve-reserved job' },
            reason: r.reason,
          });
        });
        run.failed += 1;
      } else {
        deps.log?.error({ err, refundId: r.id }, 'reserved refund still not answered by the provider');
        run.unknown += 1;
      }
      continue;
    }
    await confirmReserved(
      deps,
      r.createdBy,
      r.orderId,
      { id: r.id, paymentId: r.paymentId },
      providerRefundId,
      true,
    );
    run.confirmed += 1;
  }
  return run;
}
