// The returns module's job 'returns.expire' (docs/decisions/055-returns.md): expiry, and refunds the
// provider confirmed late marked on their return.
import type { Published } from '../../realtime/hub';
import { refundsByKeys } from '../refunds';
import { markRefunded } from './desk';
import * as repo from './repository';
import { changed, closeOpen, type ReturnsDeps } from './shared';

export interface ReturnsRun {
  expired: number;
  settled: number;
}

/**
 * The job 'returns.expire': open returns past their expiry close (a booked place is freed, the
 * shopper told); received returns whose refund the provider confirmed after the request that made
 * it stopped (resolveReservedRefunds finished it) are marked refunded. Safe on several servers.
 */
export async function runReturnJobs(deps: ReturnsDeps): Promise<ReturnsRun> {
  const run: ReturnsRun = { expired: 0, settled: 0 };
  const events: Published[] = [];
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    for (const ret of await repo.claimExpired(tx, now, 100)) {
      const locationId = await closeOpen(tx, now, ret, 'expired', {
        label: 'Expired: nothing was brought back in time',
      });
      events.push(...changed(ret.userId, now, locationId));
      run.expired += 1;
    }
  });
  for (const r of await refundedButNotMarked(deps, 100)) {
    const more = await markRefunded(deps, r.id, { id: r.refundId, amountCents: r.amountCents }, null);
    if (more.length > 0) run.settled += 1;
    events.push(...more);
  }
  await deps.publish(events);
  return run;
}

/**
 * Received returns whose refund (the key `return:<id>`) the provider confirmed but that were not
 * marked refunded (the server stopped in between; resolveReservedRefunds may have confirmed it). A
 * refund is only asked for once the return's amount is fixed, so only those returns are looked at.
 */
async function refundedButNotMarked(deps: Pick<ReturnsDeps, 'db'>, limit: number) {
  const ids = await repo.receivedWithFixedAmount(deps.db);
  const byKey = await refundsByKeys(
    deps.db,
    ids.map((id) => `return:${id}`),
  );
  const out: { id: string; refundId: string; amountCents: number }[] = [];
  for (const id of ids) {
    const refund = byKey.get(`return:${id}`);
    if (refund?.confirmed) out.push({ id, refundId: refund.id, amountCents: refund.amountCents });
    if (out.length === limit) break;
  }
  return out;
}
