// GET /api/account/ledger (docs/product.md "Account ledger"; docs/decisions/059-storage-fees-and-ledger.md):
// one list of what moved on the account, in date order, worded for the shopper, with the storage
// fees owed after each line (core account-ledger.ts) and what is owed in storage now.
import type { LedgerEntry, LedgerResponse } from '@rebound/contract/storage-fees';
import { type LedgerItem, ledgerInOrder, ledgerPaymentText } from '@rebound/core/account-ledger';
import { formatCents } from '@rebound/core/money';
import { formatDateKeyShort } from '@rebound/core/shop-clock';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { owedNowCents } from '../storage-fees';
import * as repo from './repository';

export interface LedgerDeps {
  db: Db;
  clock: Clock;
}

type Item = LedgerItem & { description: string; removed: boolean };

const METHOD_WORDS = {
  online: 'online',
  cash: 'at the desk (cash)',
  card_terminal: 'at the desk (card)',
} as const;

export async function accountLedger(deps: LedgerDeps, user: SessionUser): Promise<LedgerResponse> {
  const now = deps.clock.now();
  const [pays, backs, charges, strikes, owedNow] = await Promise.all([
    repo.paymentsOf(deps.db, user.id),
    repo.refundsOf(deps.db, user.id),
    repo.chargesOf(deps.db, user.id),
    repo.strikesOf(deps.db, user.id),
    owedNowCents(deps.db, user.id, now),
  ]);
  const items: Item[] = [];
  for (const p of pays) {
    // What paid storage fees is listed as those fees paid, below.
    const amount = p.totalCents - Number(p.feeCents);
    if (amount <= 0 || p.orderCount === 0) continue;
    items.push({
      id: `payment:${p.id}`,
      kind: 'payment',
      at: p.paidAt,
      amountCents: amount,
      description: ledgerPaymentText({
        amountCents: amount,
        orderCount: p.orderCount,
        applied: p.appliedCount > 0,
      }),
      removed: false,
    });
  }
  for (const r of backs) {
    items.push({
      id: `refund:${r.id}`,
      kind: 'refund',
      at: r.createdAt,
      amountCents: r.amountCents,
      description: `Refunded ${formatCents(r.amountCents)} to your card: ${r.reason}`,
      removed: false,
    });
  }
  for (const { charge: c, title } of charges) {
    const days = `${c.days} ${c.days === 1 ? 'day' : 'days'}`;
    items.push({
      id: `fee:${c.id}`,
      kind: 'storage_fee_charged',
      at: c.createdAt,
      amountCents: c.amountCents,
      description:
        c.status === 'pending'
          ? `Storage fee for ${title}: ${days} through ${formatDateKeyShort(c.throughDate)}, waiting for payment.`
          : `Storage fee for ${title}: ${days} through ${formatDateKeyShort(c.throughDate)}.`,
      removed: false,
    });
    if (c.status === 'paid' && c.paidAt) {
      items.push({
        id: `fee-paid:${c.id}`,
        kind: 'storage_fee_paid',
        at: c.paidAt,
        amountCents: c.amountCents,
        description: `You paid the storage fee for ${title} ${METHOD_WORDS[c.method ?? 'online']}.`,
        removed: false,
      });
    }
  }
  for (const s of strikes) {
    items.push({
      id: `strike:${s.id}`,
      kind: 'strike',
      at: s.createdAt,
      amountCents: null,
      description: s.removedAt ? `Strike (removed by staff): ${s.reason}` : `Strike: ${s.reason}`,
      removed: s.removedAt !== null,
    });
  }
  const entries: LedgerEntry[] = ledgerInOrder(items).map((i) => ({
    id: i.id,
    kind: i.kind,
    at: i.at.toISOString(),
    amountCents: i.amountCents,
    description: i.description,
    storageOwedAfterCents: i.storageOwedAfterCents,
    removed: i.removed,
  }));
  return { serverTime: now.toISOString(), entries, storageOwedNowCents: owedNow };
}
