import type { OrderView } from '@rebound/contract/orders';
import type { ReturnState, ReturnView } from '@rebound/contract/returns';
import { formatCents } from '@rebound/core/money';
import { returnByLabel } from '@rebound/core/returns';
import { CalendarClock, RotateCcw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useWithdrawReturn } from '../api';
import { type DropOffChoice, DropOffPicker } from './DropOffPicker';
import { ReturnRequestForm } from './ReturnRequestForm';

const TONE: Record<ReturnState, BadgeTone> = {
  requested: 'gold',
  drop_off_booked: 'brand',
  received: 'accent',
  refunded: 'neutral',
  refused: 'danger',
  withdrawn: 'neutral',
  expired: 'neutral',
};

/** Refusals the shopper is told about on the order (the others are not about returning at all). */
const EXPLAINED = new Set(['final_sale', 'as_is', 'non_returnable_kind', 'window_closed']);

/**
 * The return part of an order in the Orders tab: 'Request a return' while the server says one can be
 * asked (with the window's close on the shop's clock), why not for Final Sale / As-Is items, and once
 * asked the return's state, its drop-off, its history and what the shopper may still do.
 */
export function OrderReturn({ order }: { order: OrderView }) {
  const info = order.returnInfo;
  const [asking, setAsking] = useState(false);
  if (!info) return null;
  // A withdrawn or expired return may leave room for a new request: both are shown.
  const status = info.current ? <ReturnStatus ret={info.current} /> : null;
  if (info.canRequest && info.deadline) {
    return (
      <>
        {status}
        <div className="mt-3 border-t border-ink-100 pt-3" data-testid="order-return-request">
          {asking ? (
            <ReturnRequestForm
              orderId={order.id}
              productTitle={order.product.title}
              deadline={info.deadline}
              onCancel={() => setAsking(false)}
              onDone={() => {
                setAsking(false);
                toast.success('Return requested. Book a time to bring the item back.');
              }}
            />
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-ink-700">
                Return it free{' '}
                <time dateTime={info.deadline}>
                  {info.lastDayLabel ? returnByLabel(info.lastDayLabel) : formatShopDateTime(info.deadline)}
                </time>
                .
              </p>
              <Button size="sm" variant="secondary" onClick={() => setAsking(true)} className="sm:min-w-32">
                <Undo2 aria-hidden="true" />
                Request a return
              </Button>
            </div>
          )}
        </div>
      </>
    );
  }
  // The same tree as above, so a refetch that ends the request part keeps the return part mounted.
  if (status) return <>{status}</>;
  if (info.refusal && EXPLAINED.has(info.refusal) && info.refusalMessage) {
    return (
      <p
        data-testid="order-return-refusal"
        className="mt-3 flex items-start gap-2 border-t border-ink-100 pt-3 text-sm text-ink-700"
      >
        <RotateCcw className="mt-0.5 size-4 shrink-0 text-ink-500" aria-hidden="true" />
        {info.refusalMessage}
      </p>
    );
  }
  return null;
}

function ReturnStatus({ ret }: { ret: ReturnView }) {
  const [booking, setBooking] = useState(false);
  // The picker's choice lives here, beside whether it is open: a refetch of the Orders tab that
  // redraws the picker keeps the date and time the shopper picked.
  const [choice, setChoice] = useState<DropOffChoice>({ date: null, slotId: null });
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const withdraw = useWithdrawReturn(ret.id);
  return (
    <section
      data-testid="order-return"
      data-return-state={ret.state}
      aria-label={`Return of ${ret.productTitle}`}
      className="mt-3 flex flex-col gap-3 border-t border-ink-100 pt-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-2 text-sm font-semibold text-ink-950">
          <RotateCcw className="size-4 text-ink-600" aria-hidden="true" />
          Return
        </h4>
        <Badge tone={TONE[ret.state]} data-testid="return-state">
          {ret.stateLabel}
        </Badge>
      </div>
      <ReturnSummary ret={ret} />
      {booking ? (
        <DropOffPicker
          ret={ret}
          choice={choice}
          onChoice={setChoice}
          onDone={() => {
            setBooking(false);
            setChoice({ date: null, slotId: null });
          }}
        />
      ) : null}
      {withdraw.isError ? <FormAlert>{errorMessageOf(withdraw.error)}</FormAlert> : null}
      {confirmWithdraw ? (
        <div className="flex flex-col gap-2 rounded-lg bg-gold-100/60 p-3 text-sm text-ink-900 sm:flex-row sm:items-center sm:justify-between">
          <p>Withdraw this return and keep the item?{ret.dropOff ? ' Your drop-off time is freed.' : ''}</p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={withdraw.isPending}
              onClick={() => setConfirmWithdraw(false)}
            >
              No, keep it open
            </Button>
            <Button
              size="sm"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmWithdraw(false);
                    toast.success('Return withdrawn.');
                  },
                })
              }
            >
              Withdraw return
            </Button>
          </div>
        </div>
      ) : null}
      {!booking && !confirmWithdraw && (ret.canBookDropOff || ret.canWithdraw) ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {ret.canWithdraw ? (
            <Button size="sm" variant="ghost" onClick={() => setConfirmWithdraw(true)}>
              Withdraw request
            </Button>
          ) : null}
          {ret.canBookDropOff ? (
            <Button size="sm" onClick={() => setBooking(true)} className="sm:min-w-32">
              <CalendarClock aria-hidden="true" />
              {ret.dropOff ? 'Move drop-off' : 'Book drop-off'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {ret.history.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">Return history</summary>
          <ol className="mt-2 flex flex-col gap-2 border-l border-ink-200 pl-3">
            {ret.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <p className="text-ink-900">{h.label}</p>
                <p className="text-xs text-ink-600">
                  <time dateTime={h.at}>{formatShopDateTime(h.at)}</time>
                </p>
                {h.detail ? <p className="text-ink-700">{h.detail}</p> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}

function ReturnSummary({ ret }: { ret: ReturnView }) {
  switch (ret.state) {
    case 'requested':
      return (
        <p className="text-sm text-ink-800">
          {ret.reasonLabel}. Book a time to bring the item back to the desk {returnByLabel(ret.lastDayLabel)}.
        </p>
      );
    case 'drop_off_booked':
      return (
        <p className="text-sm text-ink-800" data-testid="return-drop-off">
          Bring the item to {ret.dropOff?.locationName ?? 'the desk'} on{' '}
          <span className="font-semibold">{ret.dropOff?.label}</span>.
        </p>
      );
    case 'received':
      return (
        <p className="text-sm text-ink-800">
          The desk has the item and is checking it. A refund would be{' '}
          <span className="font-semibold tabular-nums">{formatCents(ret.refundCents)}</span>.
        </p>
      );
    case 'refunded':
      return (
        <p className="text-sm text-ink-800" data-testid="return-refund">
          Refunded <span className="font-semibold tabular-nums">{formatCents(ret.refundCents)}</span> to your
          card; it can take 5-10 business days to appear.
        </p>
      );
    case 'refused':
      return (
        <p className="text-sm text-ink-800">
          The return was refused{ret.refusalReason ? `: ${ret.refusalReason}` : '.'}
        </p>
      );
    case 'withdrawn':
      return <p className="text-sm text-ink-700">You withdrew this return and kept the item.</p>;
    case 'expired':
      return (
        <p className="text-sm text-ink-700">
          The item was not brought back {returnByLabel(ret.lastDayLabel)}.
        </p>
      );
  }
}
