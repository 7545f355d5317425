import {
  type AdminReturnDetail,
  RETURN_CHECK_LABELS,
  RETURN_CHECKS,
  RETURN_NOTE_MAX,
  RETURN_PHOTO_LIMITS,
  RETURN_REFUSAL_MAX,
  RefuseReturnRequest,
  type ReturnChecklist,
} from '@rebound/contract/returns';
import { formatCents } from '@rebound/core/money';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PhotoPicker, photoLimits } from '../../../components/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { CheckboxField, FormAlert } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { useReceiveReturn, useRefundReturn, useRefuseReturn } from '../api';

const PHOTO_LIMITS = photoLimits(RETURN_PHOTO_LIMITS);
type ReturnCheck = keyof ReturnChecklist;

/**
 * The desk's part of a return. While it is open: 'Receive return' with the condition checklist, a
 * note and photos. Once received: 'Refund' the amount the server computed (after a confirmation), or
 * 'Refuse' with a reason the shopper reads. Buttons wait while a step is sent; a refusal from the
 * server is shown in its words and changes nothing here.
 */
export function ReturnDeskStep({ detail }: { detail: AdminReturnDetail }) {
  if (detail.canReceive) return <ReceiveForm detail={detail} />;
  if (detail.canDecide) return <Decide detail={detail} />;
  return <Settled detail={detail} />;
}

function ReceiveForm({ detail }: { detail: AdminReturnDetail }) {
  const receive = useReceiveReturn(detail.id);
  const [checks, setChecks] = useState<ReturnCheck[]>([]);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    const checklist = Object.fromEntries(
      RETURN_CHECKS.map((c) => [c, checks.includes(c)]),
    ) as ReturnChecklist;
    receive.mutate({ checklist, ...(trimmed ? { note: trimmed } : {}), photos });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Receive return">
      {receive.isError ? <FormAlert>{errorMessageOf(receive.error)}</FormAlert> : null}
      <p className="text-sm text-ink-700">
        Check the item against its listing with the shopper, then record what came back.
      </p>
      <fieldset className="flex flex-col gap-2.5">
        <legend className="mb-2 text-sm font-semibold text-ink-900">Condition checklist</legend>
        {RETURN_CHECKS.map((c) => (
          <CheckboxField
            key={c}
            label={RETURN_CHECK_LABELS[c]}
            checked={checks.includes(c)}
            disabled={receive.isPending}
            onChange={(e) =>
              setChecks((now) => (e.target.checked ? [...now, c] : now.filter((v) => v !== c)))
            }
          />
        ))}
      </fieldset>
      <TextAreaField
        label="Desk note (optional)"
        value={note}
        maxLength={RETURN_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        hint="What you saw: scratches, missing pieces, packaging."
      />
      <PhotoPicker label="Photos" files={photos} onChange={setPhotos} limits={PHOTO_LIMITS} />
      <Button type="submit" className="self-start" loading={receive.isPending}>
        Receive return
      </Button>
    </form>
  );
}

type DecideStep = { kind: 'choose' } | { kind: 'confirm-refund' } | { kind: 'refuse' };

function Decide({ detail }: { detail: AdminReturnDetail }) {
  const id = detail.id;
  const refund = useRefundReturn(id);
  const refuse = useRefuseReturn(id);
  const [step, setStep] = useState<DecideStep>({ kind: 'choose' });
  const [reason, setReason] = useState('');
  const [itemKept, setItemKept] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const amount = formatCents(detail.refundCents);
  const pending = refund.isPending || refuse.isPending;
  const error = refund.isError ? refund.error : refuse.isError ? refuse.error : null;

  if (refund.isSuccess) {
    return <Done message={`Refunded ${formatCents(refund.data.return.refundCents)}. The shopper is told.`} />;
  }
  if (refuse.isSuccess) return <Done message="Return refused. The shopper is told why." />;

  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      {error ? <FormAlert>{errorMessageOf(error)}</FormAlert> : null}
      <p className="text-sm text-ink-800">
        Refund due: <span className="font-bold tabular-nums text-ink-950">{amount}</span>
        <span className="block text-xs text-ink-600">
          The item’s price with its share of the premium and taxes; storage fees are not refunded.
        </span>
      </p>
      {step.kind === 'choose' ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setStep({ kind: 'confirm-refund' })}>Refund {amount}</Button>
          <Button variant="secondary" onClick={() => setStep({ kind: 'refuse' })}>
            Refuse
          </Button>
        </div>
      ) : step.kind === 'confirm-refund' ? (
        <div className="flex flex-col gap-3 rounded-xl border border-gold-800/20 bg-gold-100/60 p-3 text-sm">
          <p className="font-semibold text-ink-900">
            Refund {amount} to {detail.shopper.email}?
          </p>
          <p className="text-ink-800">The money goes back to the card; this cannot be undone.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={pending} onClick={() => setStep({ kind: 'choose' })}>
              Back
            </Button>
            <Button loading={refund.isPending} onClick={() => refund.mutate()}>
              Confirm refund of {amount}
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-3"
          aria-label="Refuse return"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = RefuseReturnRequest.safeParse({ reason, itemKept });
            if (!parsed.success) {
              setReasonError(parsed.error.issues[0]?.message ?? 'Please give a reason.');
              return;
            }
            setReasonError(null);
            refuse.mutate(parsed.data);
          }}
        >
          <TextAreaField
            label="Reason for refusing"
            value={reason}
            maxLength={RETURN_REFUSAL_MAX}
            onChange={(e) => setReason(e.target.value)}
            error={reasonError ?? undefined}
            hint="The shopper reads it; kept in the audit log."
          />
          <CheckboxField
            label="The shopper leaves the item with us"
            description="It goes back to the catalogue to be graded and relisted."
            checked={itemKept}
            onChange={(e) => setItemKept(e.target.checked)}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={pending} onClick={() => setStep({ kind: 'choose' })}>
              Back
            </Button>
            <Button type="submit" loading={refuse.isPending}>
              Refuse return
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function Done({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
    >
      <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

function Settled({ detail }: { detail: AdminReturnDetail }) {
  const by = detail.decidedBy ? ` by ${detail.decidedBy}` : '';
  const when = detail.decidedAt ? ` on ${formatShopDateTime(detail.decidedAt)}` : '';
  if (detail.state === 'refunded') {
    return (
      <p role="status" className="text-sm text-ink-800">
        Refunded <span className="font-semibold tabular-nums">{formatCents(detail.refundCents)}</span>
        {by}
        {when}.
      </p>
    );
  }
  if (detail.state === 'refused') {
    return (
      <p role="status" className="text-sm text-ink-800">
        Refused{by}
        {when}: {detail.refusalReason}
      </p>
    );
  }
  return <p className="text-sm text-ink-800">{detail.stateLabel}: nothing for the desk to do.</p>;
}
