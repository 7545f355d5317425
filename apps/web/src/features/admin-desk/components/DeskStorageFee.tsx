import type { DeskAppointment } from '@rebound/contract/pickup';
import { formatCents } from '@rebound/core/money';
import { isPickupOpen } from '@rebound/core/orders';
import { Banknote } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeskStorageFee, useDeskStorageFees, useRecordStorageFee } from '../storage-fee-api';

/**
 * The hand-over's 'Storage fee' line for a visit: what is still owed (red) from the server's answer
 * for each item still to hand over (the same answer `DeskStorageFee` shows), or 'Paid $X' once nothing
 * is owed (paid online or recorded at the desk). An item already handed over was settled first: the
 * hand-over is refused while storage is owed (docs/decisions/059-storage-fees-and-ledger.md).
 */
export function DeskStorageTotal({ items }: { items: DeskAppointment[] }) {
  const open = items.filter((i) => isPickupOpen(i.orderStatus));
  const fees = useDeskStorageFees(open.map((i) => i.orderId));
  const accrued = items.reduce((n, i) => n + i.storageFeeCents, 0);
  const answers = fees.map((f) => f.data);
  const known = answers.every((a) => a !== undefined);
  const owed = answers.reduce((n, a) => n + (a?.owedCents ?? 0), 0);
  const paid =
    answers.reduce((n, a) => n + (a?.paidCents ?? 0), 0) +
    items.filter((i) => !isPickupOpen(i.orderStatus)).reduce((n, i) => n + i.storageFeeCents, 0);
  if (accrued === 0 && owed === 0 && paid === 0) return null;
  let amount = (
    <dd className="text-ink-900" data-testid="desk-storage-total">
      {formatCents(accrued)}
    </dd>
  );
  if (known && owed > 0) {
    amount = (
      <dd className="font-semibold text-danger-700" data-testid="desk-storage-total">
        {formatCents(owed)} owed{paid > 0 ? ` (${formatCents(paid)} paid)` : ''}
      </dd>
    );
  } else if (known) {
    amount = (
      <dd className="font-semibold text-brand-800" data-testid="desk-storage-total">
        Paid {formatCents(paid)}
      </dd>
    );
  }
  return (
    <>
      <dt className="text-ink-600">Storage fee</dt>
      {amount}
    </>
  );
}

/**
 * 'Collect $X storage' at the hand-over (docs/product.md "Pickup"): the fee owed now, and 'Record paid
 * at desk' (cash or card terminal, audited). The hand-over is refused by the server until it is paid.
 */
export function DeskStorageFee({ orderId, enabled }: { orderId: string; enabled: boolean }) {
  const fee = useDeskStorageFee(orderId, enabled);
  const record = useRecordStorageFee(orderId);
  const [method, setMethod] = useState<'cash' | 'card_terminal'>('cash');
  const name = useId();
  if (!enabled || !fee.data || fee.data.dueCents === 0) return null;
  const { owedCents, paidCents } = fee.data;
  if (owedCents === 0) {
    return (
      <p
        data-testid="desk-storage-fee"
        className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800"
      >
        Storage paid: {formatCents(paidCents)}.
      </p>
    );
  }
  return (
    <div
      data-testid="desk-storage-fee"
      className="mt-3 flex flex-col gap-2.5 rounded-xl bg-danger-50 p-3 text-sm ring-1 ring-danger-700/20 ring-inset"
    >
      <p className="flex items-center gap-2 font-semibold text-danger-700">
        <Banknote className="size-4 shrink-0" aria-hidden="true" />
        Collect {formatCents(owedCents)} storage
        {paidCents > 0 ? <span className="font-normal">({formatCents(paidCents)} paid online)</span> : null}
      </p>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1.5">
        <legend className="sr-only">How it was paid</legend>
        {(
          [
            ['cash', 'Cash'],
            ['card_terminal', 'Card terminal'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-1.5">
            <input
              type="radio"
              name={name}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <Button
        size="sm"
        variant="secondary"
        loading={record.isPending}
        onClick={() => record.mutate(method)}
        className="self-start"
      >
        Record paid at desk
      </Button>
      {record.error ? (
        <p role="alert" className="text-danger-700">
          {errorMessageOf(record.error)}
        </p>
      ) : null}
    </div>
  );
}
