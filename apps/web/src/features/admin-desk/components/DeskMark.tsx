import type { DeskMarkKind, DeskMarkResponse } from '@rebound/contract/desk-marks';
import type { DeskAppointment } from '@rebound/contract/pickup';
import { deskMarkLabel } from '@rebound/core/desk-notices';
import { PackageX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeskMark } from '../api';

/**
 * 'Missing' / 'Damaged' for one item at the desk (docs/decisions/057): a confirm step says what
 * happens (the order is refunded in full at once, the shopper is told), then one request. The
 * server refunds once however often it is asked, so a double click is harmless.
 */
export function DeskMarkActions({
  appointment: a,
  onMarked,
}: {
  appointment: DeskAppointment;
  onMarked: (answer: DeskMarkResponse, appointment: DeskAppointment) => void;
}) {
  const mark = useDeskMark();
  const [kind, setKind] = useState<DeskMarkKind | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!kind) {
    return (
      <div className="flex flex-wrap gap-2">
        {(['missing', 'damaged'] as const).map((k) => (
          <Button
            key={k}
            size="sm"
            variant="ghost"
            className="text-danger-700 hover:bg-danger-50"
            onClick={() => {
              setError(null);
              setKind(k);
            }}
          >
            {deskMarkLabel(k)}
            <span className="sr-only">: {a.productTitle}</span>
          </Button>
        ))}
      </div>
    );
  }

  const what = kind === 'missing' ? 'missing' : 'damaged';
  return (
    <fieldset
      aria-label={`Mark ${a.productTitle} ${what}`}
      className="flex w-full min-w-0 flex-col gap-2.5 rounded-xl bg-danger-50 p-3 text-sm ring-1 ring-danger-700/20 ring-inset"
    >
      <p className="flex items-start gap-2 font-semibold text-ink-950">
        <PackageX className="mt-0.5 size-4 shrink-0 text-danger-700" aria-hidden="true" />
        <span>
          Mark {a.productTitle} {what}? The order is refunded in full to the card now and {a.shopperName} is
          told. It cannot be undone.
        </span>
      </p>
      <TextField
        label="Note for staff (optional)"
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
        hint="What was found, where it was looked for. The shopper does not see it."
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={mark.isPending}
          onClick={() => {
            setError(null);
            const trimmed = note.trim();
            mark
              .mutateAsync({ orderId: a.orderId, kind, ...(trimmed ? { note: trimmed } : {}) })
              .then((answer) => {
                setKind(null);
                setNote('');
                onMarked(answer, a);
              })
              .catch((e: unknown) => setError(errorMessageOf(e)));
          }}
        >
          Refund in full: {what}
        </Button>
        <Button size="sm" variant="secondary" disabled={mark.isPending} onClick={() => setKind(null)}>
          Back
        </Button>
      </div>
    </fieldset>
  );
}
