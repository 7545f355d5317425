import type { OrderView } from '@rebound/contract/orders';
import {
  type AvailableSlotsResponse,
  PICKUP_NOTES_MAX,
  PICKUP_TEXT,
  type PickupSlot,
} from '@rebound/contract/pickup';
import { formatCents } from '@rebound/core/money';
import { vancouverDateKey } from '@rebound/core/time';
import { PICKUP_WINDOW_DAYS } from '@rebound/core/windows';
import { ArrowLeft, CalendarX2, MapPin } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SlotPicker as SlotChoices } from '../../../components/SlotPicker';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { TextAreaField } from '../../../components/ui/FormFields';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePickupSlots, useSchedulePickup } from '../api';
import { formatDateKeyLong } from '../format';
import { StorageFeeForOrder } from './StorageFeeForOrder';

export const ORDERS_TAB_PATH = '/account?tab=orders';

/** Refusals that mean 'this time is gone': the server's message, then fresh counts. */
const SLOT_GONE = new Set(['slot_full', 'slot_unavailable']);
/** The booking's error toasts share this id: a later booking that works closes them (lib/toast.ts). */
const BOOKING_ACTION = 'pickup-booking';

/**
 * The shopper's other orders that can share this order's visit (docs/decisions/058): at the same
 * location and open for pickup. Those already in its visit move with it; those not booked yet may
 * join it. The app passes the shopper's orders; the server checks everything again.
 */
export function visitCompanions(order: OrderView, all: readonly OrderView[]) {
  const visitId = order.pickup?.appointmentId ?? null;
  const others = all.filter(
    (o) =>
      o.id !== order.id &&
      o.locationName === order.locationName &&
      (o.canSchedulePickup || o.isPickupScheduled),
  );
  return {
    /** Already in this order's visit: they come along. */
    mates: visitId ? others.filter((o) => o.pickup?.appointmentId === visitId) : [],
    /** Not booked yet: the shopper may add them (checked by default). */
    joinable: others.filter((o) => !o.isPickupScheduled),
  };
}

/**
 * /pickup-schedule/:orderId for an order the app has already found and checked (schedulable, or
 * scheduled and being moved): the orders of the visit (the shopper's other paid orders at the same
 * location, all checked by default), then a date, a time with its spots left, optional notes, a
 * summary and 'Confirm Pickup Appointment'. One visit for all of them; success goes back to the
 * Orders tab.
 */
export function PickupSchedulePage({
  order,
  orders = [],
}: {
  order: OrderView;
  orders?: readonly OrderView[];
}) {
  useDocumentTitle('Schedule Pickup');
  const moving = order.status === 'pickup_scheduled';
  const { mates, joinable } = visitCompanions(order, orders);
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const chosen = [order, ...joinable].filter((o) => !unchecked.has(o.id));
  const toggle = (id: string) =>
    setUnchecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const several = mates.length + joinable.length > 0;
  return (
    <Container className="py-6 sm:py-10">
      <ButtonLink to={ORDERS_TAB_PATH} variant="ghost" size="sm" className="-ml-2">
        <ArrowLeft aria-hidden="true" />
        {PICKUP_TEXT.backToOrders}
      </ButtonLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
        {moving ? 'Reschedule Pickup' : 'Schedule Pickup'}
      </h1>
      <p className="mt-1 text-sm text-ink-600 sm:text-base">
        {several
          ? 'Collect all your wins at this location in one visit. Bring a government-issued photo ID.'
          : 'Choose when you will collect your item. Bring a government-issued photo ID.'}
      </p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-8">
        <div className="flex flex-col gap-4">
          {several ? (
            <VisitOrders
              main={order}
              mates={mates}
              joinable={joinable}
              unchecked={unchecked}
              onToggle={toggle}
            />
          ) : (
            <OrderCard order={order} />
          )}
          <StorageFeeForOrder orderId={order.id} />
        </div>
        {chosen.length > 0 ? (
          <SlotPicker
            order={order}
            orderIds={chosen.map((o) => o.id)}
            // The visit's orders already booked count too: the same set before and after a booking
            // (the orders it adds become mates), so the answer's refetch keeps the form mounted.
            visitIds={[...chosen, ...mates].map((o) => o.id)}
          />
        ) : (
          <p
            role="alert"
            className="rounded-card bg-white p-4 text-sm font-medium text-danger-700 shadow-card ring-1 ring-ink-200/80"
          >
            {PICKUP_TEXT.visitNoneChosen}
          </p>
        )}
      </div>
    </Container>
  );
}

export function PickupSchedulePageSkeleton() {
  return (
    <Container className="py-6 sm:py-10" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your order...
      </span>
      <Skeleton className="h-8 w-36" />
      <Skeleton className="mt-4 h-9 w-64" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-8">
        <Skeleton className="h-48 w-full rounded-card" />
        <Skeleton className="h-80 w-full rounded-card" />
      </div>
    </Container>
  );
}

function OrderCard({ order }: { order: OrderView }) {
  return (
    <section
      aria-labelledby="pickup-order-title"
      data-testid="pickup-order"
      className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80 sm:p-5 lg:sticky lg:top-24"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Order {order.number}</p>
        <Badge tone={order.status === 'pickup_scheduled' ? 'accent' : 'brand'}>{order.statusLabel}</Badge>
      </div>
      <h2 id="pickup-order-title" className="mt-2 text-lg leading-snug font-semibold text-ink-950">
        {order.product.title}
      </h2>
      {order.product.description ? (
        <p className="mt-1.5 line-clamp-4 text-sm text-ink-700">{order.product.description}</p>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-ink-100 pt-4 text-sm">
        <div>
          <dt className="text-xs text-ink-600">Final amount</dt>
          <dd className="text-base font-semibold tabular-nums text-ink-950">
            {formatCents(order.totalPaidCents ?? order.finalAmountCents)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-ink-600">Status</dt>
          <dd className="font-medium text-ink-900">{order.statusLabel}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-ink-600">Pickup at</dt>
          <dd className="flex items-center gap-1.5 font-medium text-ink-900">
            <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            {order.locationName}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The orders of the visit: every schedulable one at this location, a checkbox each (all checked by
 * default); those already in the visit (when moving it) come along, shown without a checkbox.
 */
function VisitOrders({
  main,
  mates,
  joinable,
  unchecked,
  onToggle,
}: {
  main: OrderView;
  mates: readonly OrderView[];
  joinable: readonly OrderView[];
  unchecked: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const row = (o: OrderView, box: boolean) => (
    <li
      key={o.id}
      className="flex items-start gap-3 py-2.5"
      data-testid={o.id === main.id ? 'pickup-order' : 'pickup-visit-order'}
    >
      {box ? (
        <input
          type="checkbox"
          id={`visit-${o.id}`}
          checked={!unchecked.has(o.id)}
          onChange={() => onToggle(o.id)}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
      ) : (
        <span
          className="mt-0.5 size-5 shrink-0 rounded bg-accent-100 text-center text-xs leading-5 text-accent-800"
          aria-hidden="true"
        >
          ✓
        </span>
      )}
      <label htmlFor={box ? `visit-${o.id}` : undefined} className="min-w-0 flex-1 text-sm">
        <span className="block font-semibold break-words text-ink-950">{o.product.title}</span>
        <span className="block text-xs text-ink-600">
          Order {o.number} · {box || o.id === main.id ? o.statusLabel : 'Already in this visit'}
        </span>
      </label>
    </li>
  );
  return (
    <section
      aria-labelledby="pickup-visit-title"
      data-testid="pickup-visit-orders"
      className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80 sm:p-5 lg:sticky lg:top-24"
    >
      <h2 id="pickup-visit-title" className="text-base font-semibold text-ink-950">
        {PICKUP_TEXT.visitOrdersLabel}
      </h2>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-700">
        <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        {main.locationName}
      </p>
      <ul className="mt-2 divide-y divide-ink-100">
        {main.isPickupScheduled ? row(main, false) : row(main, true)}
        {mates.map((o) => row(o, false))}
        {joinable.map((o) => row(o, true))}
      </ul>
    </section>
  );
}

function SlotPicker({
  order,
  orderIds,
  visitIds,
}: {
  order: OrderView;
  orderIds: string[];
  visitIds: string[];
}) {
  const slots = usePickupSlots(visitIds);

  if (slots.isPending) {
    return (
      <div className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80 sm:p-5" aria-busy="true">
        <span className="sr-only" role="status">
          Loading pickup times...
        </span>
        <Skeleton className="h-5 w-40" />
        <div className="mt-3 flex gap-2 overflow-hidden">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-16 w-20 shrink-0 rounded-xl" />
          ))}
        </div>
        <Skeleton className="mt-6 h-5 w-32" />
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-xl" />
          ))}
        </div>
      </div>
    );
  }
  if (slots.isError) {
    return (
      <ErrorState
        title="Error loading pickup times"
        message={errorMessageOf(slots.error)}
        onRetry={() => void slots.refetch()}
      />
    );
  }
  const days = Object.keys(slots.data.slots)
    .filter((key) => (slots.data.slots[key]?.length ?? 0) > 0)
    .sort();
  if (days.length === 0) {
    return (
      <NoSlots
        window={slots.data.window}
        several={slots.data.orderIds.length > 1}
        ended={vancouverDateKey(new Date(slots.data.serverTime)) > slots.data.window.lastDate}
      />
    );
  }
  return (
    <SlotForm
      order={order}
      orderIds={orderIds}
      data={slots.data}
      days={days}
      onSlotGone={() => void slots.refetch()}
    />
  );
}

/**
 * No time to offer: inside the window every slot is taken or closed; after it (a missed visit, a
 * late payment) the shopper is told to walk in (docs/decisions/080-pickup-missed-walk-ins.md).
 */
function NoSlots({
  window,
  several,
  ended,
}: {
  window: AvailableSlotsResponse['window'];
  several: boolean;
  ended: boolean;
}) {
  if (ended) {
    return (
      <div
        data-testid="pickup-walk-in"
        className="flex flex-col items-center gap-3 rounded-card border border-dashed border-ink-300 bg-white/60 px-6 py-10 text-center"
      >
        <CalendarX2 className="size-8 text-ink-400" aria-hidden="true" />
        <p className="max-w-md font-semibold text-ink-900">{PICKUP_TEXT.windowEnded}</p>
        <p className="max-w-md text-sm text-ink-700">
          Pickup times were offered from{' '}
          <span className="font-semibold whitespace-nowrap">{formatDateKeyLong(window.firstDate)}</span> to{' '}
          <span className="font-semibold whitespace-nowrap">{formatDateKeyLong(window.lastDate)}</span>.
        </p>
      </div>
    );
  }
  return (
    <div
      data-testid="pickup-no-slots"
      className="flex flex-col items-center gap-3 rounded-card border border-dashed border-ink-300 bg-white/60 px-6 py-10 text-center"
    >
      <CalendarX2 className="size-8 text-ink-400" aria-hidden="true" />
      <p className="font-semibold text-ink-900">{PICKUP_TEXT.noSlots}</p>
      <p className="max-w-md text-sm text-ink-700">
        Pickups are booked from the auction's end date through {PICKUP_WINDOW_DAYS} days after: for{' '}
        {several ? '' : 'this '}
        {several ? 'the orders chosen' : 'order'},{' '}
        <span className="font-semibold whitespace-nowrap">{formatDateKeyLong(window.firstDate)}</span> to{' '}
        <span className="font-semibold whitespace-nowrap">{formatDateKeyLong(window.lastDate)}</span>.
      </p>
      <p className="text-sm text-ink-700">
        Need another time?{' '}
        <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-2">
          Contact support
        </Link>{' '}
        and we will help you arrange a pickup.
      </p>
    </div>
  );
}

function SlotForm({
  order,
  orderIds,
  data,
  days,
  onSlotGone,
}: {
  order: OrderView;
  orderIds: string[];
  data: AvailableSlotsResponse;
  days: string[];
  onSlotGone: () => void;
}) {
  const navigate = useNavigate();
  const schedule = useSchedulePickup();
  const counterId = useId();
  const currentDay = data.currentSlotId
    ? days.find((d) => data.slots[d]?.some((s) => s.slotId === data.currentSlotId))
    : undefined;
  const [pickedDate, setPickedDate] = useState<string | null>(currentDay ?? null);
  const [pickedSlotId, setPickedSlotId] = useState<string | null>(null);
  const [notes, setNotes] = useState(order.pickup?.notes ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  // A refetch may take the chosen day or time away (booked full by others): then nothing is chosen.
  const date = pickedDate !== null && days.includes(pickedDate) ? pickedDate : null;
  const daySlots: PickupSlot[] = date ? (data.slots[date] ?? []) : [];
  const chosen = daySlots.find(
    (s) => s.slotId === pickedSlotId && !s.isFull && s.slotId !== data.currentSlotId,
  );

  const pickDate = (key: string) => {
    setPickedDate(key);
    // Picking a date clears the chosen time.
    setPickedSlotId(null);
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem('Please choose a date and a time.');
      return;
    }
    const trimmed = notes.trim();
    // mutateAsync, not mutate's own callbacks: those are dropped when the form unmounts, and the
    // answer's refetch of the orders redraws this page.
    schedule
      .mutateAsync({
        ...(orderIds.length === 1 ? { orderId: orderIds[0]! } : { orderIds }),
        slotId: chosen.slotId,
        ...(trimmed ? { notes: trimmed } : {}),
      })
      .then(
        () => {
          // An earlier attempt's error (a time taken meanwhile) closes with the success.
          toast.succeeded(BOOKING_ACTION);
          toast.success(PICKUP_TEXT.scheduled);
          void navigate(ORDERS_TAB_PATH);
        },
        (error: unknown) => {
          if (error instanceof ApiError && SLOT_GONE.has(error.code)) {
            toast.failed(BOOKING_ACTION, error.message);
            setProblem(error.message);
            setPickedSlotId(null);
            onSlotGone();
            return;
          }
          const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
          toast.failed(BOOKING_ACTION, clientError ? error.message : PICKUP_TEXT.failed);
        },
      );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Choose a pickup time"
      className="flex flex-col gap-6 rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80 sm:p-5"
    >
      <SlotChoices
        slots={data.slots}
        days={days}
        date={date}
        slotId={chosen?.slotId ?? null}
        currentSlotId={data.currentSlotId}
        onDate={pickDate}
        onSlot={(slotId) => {
          setPickedSlotId(slotId);
          setProblem(null);
        }}
      />

      <TextAreaField
        label={
          <>
            {PICKUP_TEXT.notesLabel} <span className="font-normal text-ink-600">(optional)</span>
          </>
        }
        labelAside={
          <span id={counterId} className="text-xs tabular-nums text-ink-600">
            {notes.length}/{PICKUP_NOTES_MAX}
          </span>
        }
        describedBy={counterId}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        maxLength={PICKUP_NOTES_MAX}
        placeholder="Anything the desk should know: who is collecting, a large vehicle, help loading..."
      />

      <div className="flex flex-col gap-3 border-t border-ink-100 pt-4">
        {data.places > 1 ? (
          <p data-testid="pickup-two-places" className="text-sm text-ink-700">
            {PICKUP_TEXT.visitTakesTwoPlaces}
          </p>
        ) : null}
        <p data-testid="pickup-summary" aria-live="polite" className="text-sm text-ink-800">
          {chosen && date ? (
            <>
              Pickup on <span className="font-semibold text-ink-950">{formatDateKeyLong(date)}</span> at{' '}
              <span className="font-semibold text-ink-950">{chosen.timeLabel}</span>
              {` · ${order.locationName}`}
              {orderIds.length > 1 ? ` · ${orderIds.length} orders in one visit` : ''}
            </>
          ) : (
            'Choose a date and a time to book your pickup.'
          )}
        </p>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {problem}
          </p>
        ) : null}
        <Button type="submit" size="lg" block loading={schedule.isPending} className="sm:w-auto sm:self-end">
          {schedule.isPending ? PICKUP_TEXT.confirming : PICKUP_TEXT.confirm}
        </Button>
      </div>
    </form>
  );
}
