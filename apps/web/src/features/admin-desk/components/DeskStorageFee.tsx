import type { DeskAppointment } from '@rebound/contract/pickup';
import type { DeskFeeResponse } from '@rebound/contract/storage-fees';
import {
  storageFeeCollectText,
  storageFeeOwedText,
  storageFeePaidText,
  sumStorageFeeFigures,
} from '@rebound/core/storage-fee-charges';
import { Banknote } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeskStorageFee, useDeskStorageFees, useRecordStorageFee } from '../storage-fee-api';

/**
 * The hand-over's 'Storage fee' line for a visit, from the server's fee answer for every item of the
 * visit (handed over or not), which is the ledger's figures (core storageFeeFigures): red '$X owed
 * (paid $Y online)' while anything is owed, 'Paid $Y: $A online, $B at the desk' (green) once nothing
 * is. The hand-over is refused while storage is owed (docs/decisions/059-storage-fees-and-ledger.md,
 * 077-one-figure-per-amount.md).
 */
export function DeskStorageTotal({ items }: { items: DeskAppointment[] }) {
  const fees = useDeskStorageFees(items.map((i) => i.orderId));
  const answers = fees.map((f) => f.data);
  if (!answers.every((a) => a !== undefined)) return null;
  const sum = sumStorageFeeFigures(answers as DeskFeeResponse[]);
  if (sum.dueCents === 0 && sum.owedCents === 0 && sum.paidCents === 0) return null;
  return (
    <>
      <dt className="text-ink-600">Storage fee</dt>
      {sum.owedCents > 0 ? (
        <dd className="font-semibold text-danger-700" data-testid="desk-storage-total">
          {storageFeeOwedText(sum)}
        </dd>
      ) : (
        <dd className="font-semibold text-brand-800" data-testid="desk-storage-total">
          {storageFeePaidText(sum)}
        </dd>
      )}
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
  if (fee.data.owedCents === 0) {
    return (
      <p
        data-testid="desk-storage-fee"
        className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800"
      >
        Storage: {storageFeePaidText(fee.data)}.
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
        {storageFeeCollectText(fee.data)}
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
