import type { DeskMarkResponse } from '@rebound/contract/desk-marks';
import type { DeskAppointment, DeskWalkIn } from '@rebound/contract/pickup';
import { isPickupOpen } from '@rebound/core/orders';
import { formatShortCode } from '@rebound/core/pickup';
import { CircleCheck, PackageCheck, PackageX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { LocationSelect } from '../../../components/admin/LocationSelect';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateKey } from '../../../lib/format-date';
import { useDeskAction, useDeskDay, useLocations } from '../api';
import { CodeLookup } from './CodeLookup';
import { DeskMarkActions } from './DeskMark';
import { VisitHandover } from './VisitHandover';
import { visitsOf } from './visits';
import { WalkInHandover } from './WalkInHandover';

/** What the desk last marked, shown until the next mark: the refund and the item. */
type Marked = { answer: DeskMarkResponse; title: string; shopper: string };

/** /admin/pickup: the pickup desk. Today's slots and what to stage; find a shopper's code; hand over. */
export default function DeskPage() {
  const locations = useLocations();
  const [locationId, setLocationId] = useState<string>('');
  // Empty: the server's today (its clock decides, in Vancouver time); filled in from its answer.
  const [date, setDate] = useState('');
  const chosen = locationId || locations.data?.locations[0]?.id;
  // A visit: every item (order) under one pickup code (docs/decisions/058).
  const [selected, setSelected] = useState<DeskAppointment[] | null>(null);
  // A shopper without an appointment: their paid orders in no booked visit (docs/decisions/080).
  const [walkIn, setWalkIn] = useState<DeskWalkIn[] | null>(null);
  const pickVisit = useCallback((visit: DeskAppointment[] | null) => {
    setWalkIn(null);
    setSelected(visit);
  }, []);
  const pickWalkIn = useCallback((items: DeskWalkIn[]) => {
    setSelected(null);
    setWalkIn(items);
  }, []);
  const [marked, setMarked] = useState<Marked | null>(null);
  // A marked item leaves the hand-over; the rest of the visit stays ready to hand over.
  const onMarked = (answer: DeskMarkResponse, a: DeskAppointment) => {
    setMarked({ answer, title: a.productTitle, shopper: a.shopperName });
    setSelected((sel) => {
      const rest = sel?.filter((x) => x.orderId !== a.orderId) ?? [];
      return rest.length > 0 ? rest : null;
    });
  };

  return (
    <>
      <AdminPageHeader
        title="Pickup desk"
        description="Stage what is coming, find the shopper by their code, check their ID and hand over."
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <LocationSelect locations={locations.data?.locations} value={chosen} onChange={setLocationId} />
            <TextField label="Day" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
        }
      />
      <div aria-live="polite">
        {marked ? (
          <p
            role="status"
            className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset"
          >
            <PackageX className="size-4 text-danger-700" aria-hidden="true" />
            <span className="font-semibold">{marked.answer.message}</span>
            <span>
              {marked.title} marked {marked.answer.mark.kindLabel.toLowerCase()}; {marked.shopper} has been
              told. Their other items are still ready to hand over.
            </span>
            <Button size="sm" variant="ghost" className="ml-auto" onClick={() => setMarked(null)}>
              Dismiss
            </Button>
          </p>
        ) : null}
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="order-2 min-w-0 xl:order-1">
          <DaySlots locationId={chosen} date={date} onPick={pickVisit} onDate={setDate} onMarked={onMarked} />
        </div>
        <div className="order-1 flex min-w-0 flex-col gap-6 xl:order-2">
          <CodeLookup onFound={pickVisit} onWalkIn={pickWalkIn} />
          {selected && selected.length > 0 ? (
            <VisitHandover items={selected} onDone={pickVisit} onMarked={onMarked} />
          ) : null}
          {walkIn && walkIn.length > 0 ? (
            <WalkInHandover items={walkIn} onClose={() => setWalkIn(null)} />
          ) : null}
        </div>
      </div>
    </>
  );
}

function DaySlots({
  locationId,
  date,
  onPick,
  onDate,
  onMarked,
}: {
  locationId: string | undefined;
  date: string;
  onPick: (visit: DeskAppointment[]) => void;
  onDate: (date: string) => void;
  onMarked: (answer: DeskMarkResponse, a: DeskAppointment) => void;
}) {
  const day = useDeskDay(locationId, date);
  const serverDate = day.data?.date;
  useEffect(() => {
    if (!date && serverDate) onDate(serverDate);
  }, [date, serverDate, onDate]);
  const action = useDeskAction();
  const [error, setError] = useState<string | null>(null);
  if (day.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading the day…
        </span>
        <Skeleton className="h-40 w-full rounded-card" />
      </div>
    );
  }
  if (day.isError) {
    return (
      <ErrorState
        title="The day could not be loaded"
        message={errorMessageOf(day.error)}
        onRetry={() => void day.refetch()}
      />
    );
  }
  const toStage = day.data.slots.reduce((n, s) => n + s.toStageCount, 0);
  return (
    <section aria-labelledby="desk-day">
      <h2 id="desk-day" className="mb-1 text-lg font-bold text-ink-950">
        {formatDateKey(day.data.date)}
      </h2>
      <p className="mb-4 text-sm text-ink-700" role="status">
        {day.data.slots.length === 0
          ? 'No pickups booked.'
          : `${day.data.slots.length} booked ${day.data.slots.length === 1 ? 'slot' : 'slots'} · ${toStage} ${toStage === 1 ? 'item' : 'items'} still to stage`}
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {day.data.slots.length === 0 ? (
        <EmptyState>No pickups are booked at this location on this day.</EmptyState>
      ) : (
        <ol className="flex flex-col gap-4">
          {day.data.slots.map((slot) => (
            <li key={slot.slotId} className="rounded-card border border-ink-200 bg-white">
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-100 px-4 py-3">
                <h3 className="font-semibold text-ink-950">{slot.timeLabel}</h3>
                <p className="flex gap-2 text-sm">
                  <Badge tone={slot.toStageCount > 0 ? 'gold' : 'brand'}>
                    {slot.toStageCount > 0 ? `${slot.toStageCount} to stage` : 'All staged'}
                  </Badge>
                  <Badge>
                    {slot.bookedCount} of {slot.capacity} booked
                  </Badge>
                </p>
              </div>
              <ul className="divide-y divide-ink-100">
                {visitsOf(slot.appointments).map((visit) => (
                  <li key={visit[0]!.appointmentId} data-testid="desk-visit">
                    {visit.length > 1 ? (
                      <div className="flex flex-wrap items-center justify-between gap-2 bg-ink-50 px-4 py-2 text-sm">
                        <p className="text-ink-800">
                          <span className="font-semibold">{visit[0]!.shopperName}</span> ·{' '}
                          <span className="font-mono">
                            {visit[0]!.shortCode ? formatShortCode(visit[0]!.shortCode) : '—'}
                          </span>{' '}
                          · {visit.length} items{visit[0]!.places > 1 ? ' · 2 places' : ''}
                        </p>
                        <Button size="sm" variant="secondary" onClick={() => onPick(visit)}>
                          Hand over visit<span className="sr-only">: {visit[0]!.shopperName}</span>
                        </Button>
                      </div>
                    ) : null}
                    <ul className="divide-y divide-ink-100">
                      {visit.map((a) => (
                        <li key={a.orderId} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                          <div className="min-w-0 flex-1 basis-64">
                            <p className="font-medium text-ink-900">{a.productTitle}</p>
                            <p className="text-ink-700">
                              <span className="font-mono">{a.sku}</span> · {a.shopperName} ·{' '}
                              <span className="font-mono">
                                {a.shortCode ? formatShortCode(a.shortCode) : '—'}
                              </span>
                            </p>
                            {a.deskNotes ? (
                              <p className="text-xs text-ink-700">Shelf: {a.deskNotes}</p>
                            ) : null}
                            {a.notes ? <p className="text-xs text-ink-600">Note: {a.notes}</p> : null}
                          </div>
                          {a.deskMark ? (
                            // Marked missing or damaged instead of handed over (docs/decisions/057).
                            <Badge tone="danger" data-testid="desk-item-marked">
                              <PackageX aria-hidden="true" /> {a.deskMark.label}
                            </Badge>
                          ) : a.status === 'completed' ? (
                            <Badge tone="neutral">
                              <CircleCheck aria-hidden="true" /> Handed over
                            </Badge>
                          ) : (
                            <div className="flex flex-wrap gap-2">
                              {a.readyAt ? (
                                <Badge tone="brand">
                                  <PackageCheck aria-hidden="true" /> Staged
                                </Badge>
                              ) : (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  loading={action.isPending && action.variables?.orderId === a.orderId}
                                  onClick={() => {
                                    setError(null);
                                    action
                                      .mutateAsync({ orderId: a.orderId, action: 'ready' })
                                      .catch((e: unknown) => setError(errorMessageOf(e)));
                                  }}
                                >
                                  Mark staged<span className="sr-only">: {a.productTitle}</span>
                                </Button>
                              )}
                              <Button size="sm" onClick={() => onPick(visit)}>
                                Hand over<span className="sr-only">: {a.productTitle}</span>
                              </Button>
                              {isPickupOpen(a.orderStatus) ? (
                                <DeskMarkActions appointment={a} onMarked={onMarked} />
                              ) : null}
                            </div>
                          )}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
