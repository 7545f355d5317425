import type { StorageFeeLine } from '@rebound/contract/storage-fees';
import { formatCents } from '@rebound/core/money';
import { STORAGE_FEE_CENTS_PER_DAY, storageFeePaidText } from '@rebound/core/storage-fee-charges';
import { Warehouse } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateKey } from '../../../lib/format-date';

/**
 * What one order owes in storage before the visit (docs/product.md "Pickup"): counted through the
 * booked day (or today), with 'Pay online' through the hosted checkout. Nothing when no fee is counted.
 */
export function StorageFeeSummary({
  line,
  onPay,
  paying = false,
  error = null,
}: {
  line: StorageFeeLine | undefined;
  onPay: (orderId: string) => void;
  paying?: boolean;
  error?: unknown;
}) {
  if (!line || line.dueCents === 0) return null;
  const owed = line.owedCents > 0;
  const perDay = formatCents(STORAGE_FEE_CENTS_PER_DAY);
  return (
    <section
      data-testid="storage-fee-summary"
      aria-labelledby={`storage-fee-${line.orderId}`}
      className={
        owed
          ? 'rounded-card bg-gold-100 p-4 text-sm ring-1 ring-gold-800/20 ring-inset sm:p-5'
          : 'rounded-card bg-brand-50 p-4 text-sm ring-1 ring-brand-700/20 ring-inset sm:p-5'
      }
    >
      <h2 id={`storage-fee-${line.orderId}`} className="flex items-center gap-2 font-semibold text-ink-950">
        <Warehouse className="size-4 shrink-0 text-gold-800" aria-hidden="true" />
        {owed ? `Storage owed: ${formatCents(line.owedCents)}` : 'Storage paid'}
      </h2>
      <p className="mt-1.5 text-ink-800">
        {perDay} per day from {formatDateKey(line.fromDate)} through {formatDateKey(line.throughDate)}
        {line.visitStartsAt ? ' (your visit)' : ' (today)'}: {line.days} {line.days === 1 ? 'day' : 'days'},{' '}
        {formatCents(line.dueCents)}
        {line.paidCents > 0 ? `, ${storageFeePaidText(line).toLowerCase()}` : ''}.
      </p>
      <p className="mt-1 text-ink-700">
        Storage is paid before the item is handed over. A later visit day adds its days again.
      </p>
      {owed ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button size="sm" loading={paying} onClick={() => onPay(line.orderId)}>
            Pay {formatCents(line.owedCents)} online
          </Button>
          <span className="text-ink-700">or pay at the desk when you come.</span>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-danger-700">
          {errorMessageOf(error)}
        </p>
      ) : null}
    </section>
  );
}
