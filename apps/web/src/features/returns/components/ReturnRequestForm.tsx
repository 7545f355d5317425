import {
  RETURN_NOTE_MAX,
  RETURN_PHOTO_LIMITS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from '@rebound/contract/returns';
import { returnByLabel, returnLastDayLabel } from '@rebound/core/returns';
import { type FormEvent, useId, useState } from 'react';
import { PhotoPicker, photoLimits } from '../../../components/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { SelectField, TextAreaField } from '../../../components/ui/FormFields';
import { errorMessageOf } from '../../../lib/api-client';
import { useServerNow } from '../../../lib/server-clock';
import { useRequestReturn } from '../api';

const PHOTO_LIMITS = photoLimits(RETURN_PHOTO_LIMITS);

/**
 * 'Request a return': a reason (required), an optional note and up to the contract's number of
 * photos. The window's close is shown on the shop's clock; once it has passed the form is not
 * offered. The server checks everything again and its refusal is shown as it says it.
 */
export function ReturnRequestForm({
  orderId,
  productTitle,
  deadline,
  onDone,
  onCancel,
}: {
  orderId: string;
  productTitle: string;
  /** When the return window closes (an instant). */
  deadline: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const now = useServerNow();
  const request = useRequestReturn();
  const noteCountId = useId();
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [reasonError, setReasonError] = useState<string | null>(null);

  if (Date.parse(deadline) <= now) {
    return (
      <p data-testid="return-window-closed" className="rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-800">
        This item could be returned{' '}
        <time dateTime={deadline}>{returnByLabel(returnLastDayLabel(new Date(deadline)))}</time>: that window
        has closed.
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonError('Please choose a reason for the return.');
      return;
    }
    setReasonError(null);
    const trimmed = note.trim();
    request.mutate({ orderId, reason, ...(trimmed ? { note: trimmed } : {}), photos }, { onSuccess: onDone });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Request a return of ${productTitle}`}
      data-testid="return-request-form"
      className="flex flex-col gap-4 rounded-xl bg-ink-50/70 p-3 ring-1 ring-ink-200 sm:p-4"
    >
      <p className="text-sm text-ink-800">
        Bring the item back to the desk{' '}
        <time dateTime={deadline}>{returnByLabel(returnLastDayLabel(new Date(deadline)))}</time>, with
        everything it came with; the refund is the price, premium and taxes you paid for it.
      </p>
      {request.isError ? <FormAlert>{errorMessageOf(request.error)}</FormAlert> : null}
      <SelectField
        label="Reason"
        value={reason}
        required
        onChange={(e) => {
          setReason(e.target.value as ReturnReason | '');
          setReasonError(null);
        }}
        error={reasonError ?? undefined}
      >
        <option value="">Choose a reason…</option>
        {RETURN_REASONS.map((r) => (
          <option key={r} value={r}>
            {RETURN_REASON_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={
          <>
            Note <span className="font-normal text-ink-600">(optional)</span>
          </>
        }
        labelAside={
          <span id={noteCountId} className="text-xs tabular-nums text-ink-600">
            {note.length}/{RETURN_NOTE_MAX}
          </span>
        }
        describedBy={noteCountId}
        value={note}
        maxLength={RETURN_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        placeholder="What is wrong with the item? Anything the desk should know."
      />
      <PhotoPicker
        label="Photos"
        files={photos}
        onChange={setPhotos}
        limits={PHOTO_LIMITS}
        disabled={request.isPending}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-ink-200 pt-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={request.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send return request'}
        </Button>
      </div>
    </form>
  );
}
