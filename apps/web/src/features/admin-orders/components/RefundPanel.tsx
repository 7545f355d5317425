import { type AdminOrderDetail, RefundRequest } from '@rebound/contract/admin-orders';
import { formatCents, parseDollarsToCents } from '@rebound/core/money';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { TextAreaField } from '../../../components/ui/FormFields';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useRefund } from '../api';

/**
 * What happened to the shopper, in plain words: the refund notice (admin-orders service, kind
 * 'auction_won') is always in their account's messages, and goes by email, text or push where their
 * 'Auction won' settings allow.
 */
export const REFUND_SHOPPER_TOLD =
  "We've told the shopper in their account's messages, and by email, text or push if they have those turned on for 'Auction won' messages.";

type Step =
  | { kind: 'form' }
  | { kind: 'confirm'; amountCents: number; reason: string; key: string }
  | { kind: 'done'; message: string };

/**
 * The refund form: the amount starts at what is still refundable, a reason is required, and a
 * confirmation step shows exactly what will happen. One Idempotency-Key per confirmed refund, sent
 * again if the answer never came, so a retry can never refund twice.
 */
export function RefundPanel({ detail }: { detail: AdminOrderDetail }) {
  const refund = useRefund(detail.order.id);
  const max = detail.refundableCents;
  const [amount, setAmount] = useState(() => (max / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [serverError, setServerError] = useState<string | null>(null);

  if (step.kind === 'done') {
    return (
      <div role="status" className="flex flex-col gap-3">
        <p className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {step.message}
        </p>
        <p className="text-sm text-ink-700">{REFUND_SHOPPER_TOLD}</p>
        {max > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => {
              setAmount((max / 100).toFixed(2));
              setReason('');
              setStep({ kind: 'form' });
            }}
          >
            Refund more
          </Button>
        ) : null}
      </div>
    );
  }

  if (max === 0) {
    return <p className="text-sm text-ink-700">{detail.refundBlockedReason ?? 'Nothing can be refunded.'}</p>;
  }

  if (step.kind === 'confirm') {
    const full =
      step.amountCents === max && detail.refundedCents + step.amountCents === detail.order.totalCents;
    const submit = async () => {
      setServerError(null);
      try {
        const answer = await refund.mutateAsync({
          body: { amountCents: step.amountCents, reason: step.reason },
          key: step.key,
        });
        setStep({ kind: 'done', message: answer.message });
      } catch (error) {
        setServerError(errorMessageOf(error));
        // A definite answer (refused, too large, conflict) ends this attempt: a new one gets a new key.
        if (error instanceof ApiError && error.code !== 'refund_unconfirmed' && error.code !== 'network') {
          setStep({ kind: 'form' });
        }
      }
    };
    return (
      <div className="flex flex-col gap-4" aria-live="polite">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <div className="rounded-xl border border-gold-800/20 bg-gold-100/60 p-3 text-sm text-ink-900">
          <p className="font-semibold">
            Refund {formatCents(step.amountCents)} to {detail.shopper.email}?
          </p>
          <p className="mt-1 text-ink-800">Reason: {step.reason}</p>
          <p className="mt-1 text-ink-800">
            {full
              ? 'This refunds the order in full: it becomes Refunded and any booked pickup is cancelled.'
              : `A partial refund: ${formatCents(max - step.amountCents)} stays refundable.`}{' '}
            The money goes back to the card; this cannot be undone.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setStep({ kind: 'form' })} disabled={refund.isPending}>
            Back
          </Button>
          <Button onClick={() => void submit()} loading={refund.isPending}>
            {serverError ? 'Try again' : `Refund ${formatCents(step.amountCents)}`}
          </Button>
        </div>
      </div>
    );
  }

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const cents = parseDollarsToCents(amount);
    const next: typeof errors = {};
    if (cents === null || cents === 0) next.amount = 'Enter an amount such as 12.50.';
    else if (cents > max) next.amount = `At most ${formatCents(max)} can be refunded.`;
    const parsed = RefundRequest.safeParse({ amountCents: cents ?? 0, reason });
    const reasonIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'reason');
    if (reasonIssue) next.reason = reasonIssue.message;
    setErrors(next);
    if (next.amount || next.reason || cents === null) return;
    setStep({
      kind: 'confirm',
      amountCents: cents,
      reason: reason.trim(),
      key: newIdempotencyKey('refund-'),
    });
  };

  return (
    <form onSubmit={review} noValidate className="flex flex-col gap-4">
      {/* A refusal sends the form back: the server's reason stays in view with it. */}
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <p className="text-sm text-ink-700">
        Up to <span className="font-semibold text-ink-900">{formatCents(max)}</span> can be refunded.
      </p>
      <TextField
        label="Amount (CAD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        hint="The whole refundable amount is filled in; lower it for a partial refund."
      />
      <TextAreaField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
        hint="The shopper sees it in their refund email; kept in the audit log."
      />
      <Button type="submit" className="self-start">
        Review refund
      </Button>
    </form>
  );
}
