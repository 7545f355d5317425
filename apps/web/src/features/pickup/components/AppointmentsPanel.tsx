import { type AppointmentView, PICKUP_TEXT } from '@rebound/contract/pickup';
import { formatCents } from '@rebound/core/money';
import { formatShortCode, STORAGE_FEE_CENTS_PER_DAY } from '@rebound/core/pickup';
import { clsx } from 'clsx';
import { CalendarClock, CalendarX2, CircleAlert, Clock, MapPin, QrCode } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/Dialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatShopDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useCancelPickup, useMyAppointments } from '../api';
import { formatDateKeyLong } from '../format';

const AppointmentQr = lazy(() => import('./AppointmentQr'));

/**
 * The account's Appointments tab: scheduled, completed and missed pickups by date, one card per visit
 * (docs/decisions/058, 080) with each of its orders (title, order number, amount), the full date,
 * time, notes and (scheduled ones) the relative day, the code for the desk as a QR code and as
 * 'ABC-234', and Reschedule / Cancel until the slot starts.
 */
export function AppointmentsPanel() {
  const appointments = useMyAppointments();
  const list = appointments.data ? visitsOf(appointments.data.appointments) : undefined;

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h2 className="text-lg font-bold tracking-tight text-ink-950 sm:text-xl">
          My Appointments{list ? ` (${list.length})` : ''}
        </h2>
        <p className="mt-0.5 text-sm text-ink-600">
          Show the QR code or read the code at the pickup desk, with a government-issued photo ID.
        </p>
      </div>
      {appointments.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading your appointments...</span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-48 w-full rounded-card" />
          ))}
        </div>
      ) : appointments.isError ? (
        <ErrorState
          title="Error loading your appointments"
          message={errorMessageOf(appointments.error)}
          onRetry={() => void appointments.refetch()}
        />
      ) : list === undefined || list.length === 0 ? (
        <EmptyState action={<ButtonLink to="/account?tab=orders">View My Orders</ButtonLink>}>
          {PICKUP_TEXT.noAppointments}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Your pickup appointments">
          {list.map((visit) => (
            <AppointmentCard key={`${visit[0]!.id ?? ''}:${visit[0]!.orderId}`} visit={visit} />
          ))}
        </ul>
      )}
    </div>
  );
}

const STATUS_LABEL: Record<AppointmentView['status'], string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  missed: 'Missed',
};
const STATUS_TONE: Record<AppointmentView['status'], BadgeTone> = {
  scheduled: 'accent',
  completed: 'neutral',
  cancelled: 'neutral',
  missed: 'danger',
};

/**
 * The server's rows (one per order) grouped by visit, in its order: a visit once, with every order
 * (a row without an appointment stays on its own).
 */
function visitsOf(rows: readonly AppointmentView[]): AppointmentView[][] {
  const by = new Map<string, AppointmentView[]>();
  for (const r of rows) {
    const key = r.id ? `${r.id}:${r.status}` : `order:${r.orderId}`;
    by.set(key, [...(by.get(key) ?? []), r]);
  }
  return [...by.values()];
}

function AppointmentCard({ visit }: { visit: AppointmentView[] }) {
  const a = visit[0]!;
  const scheduled = a.status === 'scheduled';
  const storageFeeCents = visit.reduce((n, v) => n + v.storageFeeCents, 0);
  return (
    <li
      data-testid="appointment"
      data-order-id={a.orderId}
      data-order-ids={visit.map((v) => v.orderId).join(' ')}
      data-status={a.status}
      className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:justify-between sm:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONE[a.status]}>{STATUS_LABEL[a.status]}</Badge>
            {scheduled && a.relativeDay ? (
              <Badge tone="brand" data-testid="appointment-relative-day">
                {a.relativeDay}
              </Badge>
            ) : null}
          </div>
          {visit.length === 1 ? (
            <>
              <h3 className="mt-2 line-clamp-2 leading-snug font-semibold text-ink-950">{a.productTitle}</h3>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:flex sm:flex-wrap sm:gap-x-8">
                <div>
                  <dt className="text-xs text-ink-600">Order number</dt>
                  <dd className="font-mono text-ink-900">{a.orderNumber}</dd>
                </div>
                <div>
                  <dt className="text-xs text-ink-600">Amount</dt>
                  <dd className="font-semibold tabular-nums text-ink-950">{formatCents(a.amountCents)}</dd>
                </div>
              </dl>
            </>
          ) : (
            <>
              <h3 className="mt-2 leading-snug font-semibold text-ink-950">
                One visit for {visit.length} orders
              </h3>
              <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="appointment-items">
                {visit.map((v) => (
                  <li key={v.orderId} className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium text-ink-900">{v.productTitle}</span>
                    <span className="font-mono text-xs text-ink-600">#{v.orderNumber}</span>
                    <span className="tabular-nums text-ink-800">{formatCents(v.amountCents)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}

          {a.detailsPending || a.date === null ? (
            <p className="mt-3 flex items-start gap-2 rounded-lg bg-gold-100/60 px-3 py-2 text-sm text-ink-800">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {PICKUP_TEXT.detailsPending}{' '}
                <Link to="/contact" className="font-semibold underline underline-offset-2">
                  Contact support
                </Link>
              </span>
            </p>
          ) : (
            <div className="mt-3 flex flex-col gap-1.5 rounded-lg bg-ink-50 px-3 py-2.5 text-sm">
              <p
                className="flex items-center gap-2 font-semibold text-ink-950"
                data-testid="appointment-date"
              >
                <CalendarClock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                {formatDateKeyLong(a.date)}
              </p>
              {a.timeLabel ? (
                <p className="flex items-center gap-2 text-ink-900" data-testid="appointment-time">
                  <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {a.timeLabel}
                </p>
              ) : null}
              <p className="flex items-center gap-2 text-ink-700">
                <MapPin className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                {a.locationName}
              </p>
            </div>
          )}

          {a.notes ? (
            <div className="mt-3 text-sm">
              <p className="text-xs text-ink-600">{PICKUP_TEXT.notesLabel}</p>
              <p className="mt-0.5 break-words whitespace-pre-line text-ink-900">{a.notes}</p>
            </div>
          ) : null}
          {a.status === 'missed' ? (
            <p
              data-testid="appointment-missed"
              className="mt-3 flex items-start gap-2 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {PICKUP_TEXT.missed}{' '}
                <Link to="/account?tab=orders" className="font-semibold underline underline-offset-2">
                  View My Orders
                </Link>
              </span>
            </p>
          ) : null}
          {a.status === 'completed' && a.completedAt ? (
            <p className="mt-3 text-sm text-ink-700">
              Collected <time dateTime={a.completedAt}>{formatShopDateTime(a.completedAt)}</time>
            </p>
          ) : null}
          {storageFeeCents > 0 ? (
            <p
              data-testid="appointment-storage-fee"
              className={clsx('mt-3 text-sm font-medium', scheduled ? 'text-danger-700' : 'text-ink-800')}
            >
              {scheduled ? 'Storage fee so far' : 'Storage fee'}: {formatCents(storageFeeCents)} (
              {formatCents(STORAGE_FEE_CENTS_PER_DAY)} per day from {formatDateKeyLong(a.storageFeeFrom)}
              {scheduled ? '' : ' until pickup'})
            </p>
          ) : null}
        </div>

        {scheduled && a.shortCode && a.qrPayload ? (
          <PickupCode code={a.shortCode} payload={a.qrPayload} />
        ) : null}
      </div>

      {scheduled && a.canChange ? (
        <div className="mt-4 flex flex-col gap-2 border-t border-ink-100 pt-4 sm:flex-row sm:justify-end">
          <CancelButton visit={visit} />
          <ButtonLink
            to={`/pickup-schedule/${a.orderId}`}
            size="sm"
            className="sm:min-w-32"
            aria-label={`Reschedule the pickup of ${itemsOf(visit)}`}
          >
            <CalendarClock aria-hidden="true" />
            Reschedule
          </ButtonLink>
        </div>
      ) : null}
    </li>
  );
}

function PickupCode({ code, payload }: { code: string; payload: string }) {
  const shown = formatShortCode(code);
  return (
    <div className="flex shrink-0 items-center gap-4 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100 sm:flex-col sm:gap-2 sm:p-4">
      <Suspense
        fallback={
          <div className="flex size-32 items-center justify-center rounded-lg bg-white ring-1 ring-ink-200 sm:size-36">
            <QrCode className="size-10 text-ink-300" aria-hidden="true" />
          </div>
        }
      >
        <AppointmentQr payload={payload} label={`QR code for pickup code ${shown}`} />
      </Suspense>
      <div className="text-left sm:text-center">
        <p className="text-xs font-medium text-ink-700">Pickup code</p>
        <p
          data-testid="appointment-code"
          className="font-mono text-2xl font-bold tracking-widest text-ink-950 sm:text-3xl"
        >
          {shown}
        </p>
      </div>
    </div>
  );
}

/** 'Lamp', 'Lamp and Chair', 'Lamp, Chair and Desk'. */
function itemsOf(visit: readonly AppointmentView[]): string {
  const titles = visit.map((v) => v.productTitle);
  return titles.length === 1 ? titles[0]! : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

/**
 * Cancels the whole visit (every order in it goes back to be booked again); the dialog names each
 * item it releases, and the server sends a confirmation (docs/decisions/080-pickup-missed-walk-ins.md).
 */
function CancelButton({ visit }: { visit: AppointmentView[] }) {
  const a = visit[0]!;
  const [open, setOpen] = useState(false);
  const cancel = useCancelPickup();
  const when = a.date ? `${formatDateKeyLong(a.date)}${a.timeLabel ? `, ${a.timeLabel}` : ''}` : null;
  const several = visit.length > 1;
  // A failed cancel's error closes when a later cancel of the visit works (lib/toast.ts).
  const cancelAction = `pickup-cancel:${a.id}`;

  const onConfirm = () =>
    cancel.mutate(a.orderId, {
      onSuccess: () => {
        toast.succeeded(cancelAction);
        toast.success(
          `Pickup cancelled for ${several ? `${visit.length} items` : a.productTitle}. We sent you a confirmation; book another time from your orders.`,
        );
        setOpen(false);
      },
      onError: (error) => toast.failed(cancelAction, errorMessageOf(error)),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <Button
        variant="secondary"
        size="sm"
        className="sm:min-w-32"
        onClick={() => setOpen(true)}
        aria-label={`Cancel the pickup of ${itemsOf(visit)}`}
      >
        <CalendarX2 aria-hidden="true" />
        {several ? 'Cancel visit' : 'Cancel'}
      </Button>
      <DialogContent className="max-w-md p-5 sm:p-6">
        <DialogTitle className="pr-10 text-lg font-bold text-ink-950">
          {several ? `Cancel this visit for ${visit.length} items?` : 'Cancel this pickup?'}
        </DialogTitle>
        <DialogDescription className="mt-2 text-sm text-ink-700">
          {when ? <>Your appointment on {when} will be released for </> : <>This releases </>}
          {several ? 'every item in it:' : `${a.productTitle}.`}
        </DialogDescription>
        {several ? (
          <ul className="mt-2 list-disc pl-5 text-sm text-ink-900" data-testid="cancel-items">
            {visit.map((v) => (
              <li key={v.orderId}>
                {v.productTitle} <span className="font-mono text-xs text-ink-600">#{v.orderNumber}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 text-sm text-ink-700">
          {several ? 'The orders stay paid' : 'The order stays paid'}: book a new time from your orders within
          the pickup window. We will email you a confirmation.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={cancel.isPending}>
              Keep Appointment
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} loading={cancel.isPending}>
            Cancel Pickup
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
