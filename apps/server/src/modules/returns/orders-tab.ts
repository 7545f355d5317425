// The return part of the shopper's Orders tab (GET /api/me/orders' returnInfo; docs/decisions/055-returns.md).
import type { OrderReturnInfo } from '@rebound/contract/returns';
import { returnEligibility, returnLastDayKey } from '@rebound/core/returns';
import { formatDateKeyShort } from '@rebound/core/shop-clock';
import type { Db } from '../../db/client';
import * as repo from './repository';
import { loadOne, type ReturnsDeps, refusalMessage, toView } from './shared';

/** The return part of each of the shopper's orders (GET /api/me/orders' returnInfo). */
export async function returnInfoForOrders(
  deps: Pick<ReturnsDeps, 'db' | 'clock'>,
  orders: { id: string; status: string }[],
): Promise<Map<string, OrderReturnInfo>> {
  const out = new Map<string, OrderReturnInfo>();
  const completed = orders.filter((o) => o.status === 'completed' || o.status === 'refunded');
  if (completed.length === 0) return out;
  const rets = await repo.returnsOfOrders(
    deps.db,
    completed.map((o) => o.id),
  );
  const latest = new Map<string, repo.ReturnRow>();
  for (const r of rets) if (!latest.has(r.orderId)) latest.set(r.orderId, r);
  const now = deps.clock.now();
  for (const o of completed) {
    const current = latest.get(o.id) ?? null;
    const one = current ? await loadOne(deps.db as Db, current.id) : null;
    const row = one?.row ?? (await repo.orderForReturn(deps.db, o.id));
    if (!row) continue;
    const check = returnEligibility({
      orderStatus: row.order.status,
      handedOverAt: row.order.completedAt,
      saleTerms: row.saleTerms,
      nonReturnableKind: row.nonReturnableKind,
      hasReturn: current !== null && current.state !== 'withdrawn' && current.state !== 'expired',
      now,
    });
    const lastDayKey = row.order.completedAt ? returnLastDayKey(row.order.completedAt) : null;
    out.set(o.id, {
      canRequest: check.ok,
      refusal: check.ok ? null : check.reason,
      refusalMessage: check.ok ? null : refusalMessage(check.reason, check.lastDayKey),
      deadline: check.deadline?.toISOString() ?? null,
      lastDayLabel: lastDayKey ? formatDateKeyShort(lastDayKey) : null,
      current: one ? toView(one.loaded) : null,
    });
  }
  return out;
}
