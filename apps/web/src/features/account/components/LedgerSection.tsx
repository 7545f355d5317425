import type { LedgerEntry, LedgerKind } from '@rebound/contract/storage-fees';
import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useLedger } from '../ledger-api';

const KIND_LABEL: Record<LedgerKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  storage_fee_charged: 'Storage fee',
  storage_fee_paid: 'Storage paid',
  strike: 'Strike',
};

/**
 * The amount as the shopper reads it: what they paid is a plain amount labelled 'paid' (never a
 * minus sign), a refund is '+' and 'refunded', a fee charged is what they owe ('charged').
 */
function amountOf(e: LedgerEntry): { text: string; note: string | null } {
  if (e.amountCents === null) return { text: '—', note: null };
  const amount = formatCents(e.amountCents);
  switch (e.kind) {
    case 'refund':
      return { text: `+${amount}`, note: 'refunded' };
    case 'payment':
    case 'storage_fee_paid':
      return { text: amount, note: 'paid' };
    case 'storage_fee_charged':
      return { text: amount, note: 'charged' };
    default:
      return { text: amount, note: null };
  }
}

function LedgerAmount({ entry }: { entry: LedgerEntry }) {
  const { text, note } = amountOf(entry);
  return (
    <>
      {text}
      {note ? <span className="block text-xs font-normal text-ink-600">{note}</span> : null}
    </>
  );
}

/**
 * The account's one ledger (docs/product.md "Account ledger"): payments, refunds, storage fees charged
 * and paid, and strikes, newest first, in shop time, with the storage owed after each line.
 */
export function LedgerSection() {
  const ledger = useLedger();
  return (
    <section
      aria-labelledby="account-ledger"
      className="mt-10 border-t border-ink-200 pt-8 sm:mt-12"
      data-testid="account-ledger"
    >
      <h2 id="account-ledger" className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        Ledger
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Payments, refunds, storage fees and strikes on your account, newest first.
      </p>
      {ledger.isPending ? (
        <Skeleton className="mt-4 h-40 w-full rounded-card" />
      ) : ledger.isError ? (
        <div className="mt-4">
          <ErrorState
            title="Error loading your ledger"
            message={errorMessageOf(ledger.error)}
            onRetry={() => void ledger.refetch()}
          />
        </div>
      ) : (
        <>
          {ledger.data.storageOwedNowCents > 0 ? (
            <p
              data-testid="ledger-owed-now"
              className="mt-4 rounded-lg bg-gold-100 px-3 py-2 text-sm font-semibold text-ink-950 ring-1 ring-gold-800/20 ring-inset"
            >
              Storage owed now: {formatCents(ledger.data.storageOwedNowCents)} (pay it from your pickup page
              or at the desk)
            </p>
          ) : null}
          {ledger.data.entries.length === 0 ? (
            <p className="mt-4 text-sm text-ink-700">Nothing yet.</p>
          ) : (
            <ol className="mt-4 divide-y divide-ink-100 rounded-card bg-white shadow-card ring-1 ring-ink-200/80">
              {[...ledger.data.entries].reverse().map((e) => (
                <li
                  key={e.id}
                  data-testid="ledger-entry"
                  className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 px-4 py-3 text-sm sm:grid-cols-[12.5rem_1fr_auto]"
                >
                  <span className="text-xs text-ink-600 sm:text-sm">{formatShopDateTime(e.at)}</span>
                  <span
                    data-testid="ledger-amount"
                    className={clsx(
                      'col-start-2 row-span-2 self-center text-right font-semibold tabular-nums sm:col-start-3',
                      e.kind === 'refund' ? 'text-brand-800' : 'text-ink-950',
                    )}
                  >
                    <LedgerAmount entry={e} />
                    {e.storageOwedAfterCents > 0 ? (
                      <span className="block text-xs font-normal text-ink-600">
                        owed {formatCents(e.storageOwedAfterCents)}
                      </span>
                    ) : null}
                  </span>
                  <span
                    className={clsx(
                      'text-ink-900 sm:col-start-2 sm:row-start-1',
                      e.removed && 'text-ink-500 line-through',
                    )}
                  >
                    <span className="font-semibold">{KIND_LABEL[e.kind]}</span> · {e.description}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
