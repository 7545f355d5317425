import type { DeskMarkResponse } from '@rebound/contract/desk-marks';
import type { DeskAppointment, DeskWalkIn } from '@rebound/contract/pickup';
import { isPickupOpen } from '@rebound/core/orders';
import { formatShortCode, normalizeShortCode, PICKUP_QR_PREFIX } from '@rebound/core/pickup';
import {
  CalendarClock,
  Camera,
  CircleCheck,
  PackageCheck,
  PackageX,
  ScanLine,
  UserCheck,
} from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { LocationSelect } from '../../../components/admin/LocationSelect';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateKey } from '../../../lib/format-date';
import { type DeskSearch, useDeskAction, useDeskDay, useDeskLookup, useLocations } from '../api';
import { DeskMarkActions } from './DeskMark';
import { DeskStorageFee, DeskStorageTotal } from './DeskStorageFee';
import { IdCheck } from './IdCheck';
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
            <Handover items={selected} onDone={pickVisit} onMarked={onMarked} />
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

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

/** Typed or scanned text that is a pickup code ('ABC-234', 'abc234', the QR text), else null. */
function codeOf(text: string): string | null {
  const t = text.trim();
  const shaped =
    t.toUpperCase().startsWith(PICKUP_QR_PREFIX) || /^[A-Za-z0-9]{3}[\s\-_.]?[A-Za-z0-9]{3}$/.test(t);
  return shaped ? normalizeShortCode(t) : null;
}

/** Walk-in orders by shopper (one hand-over per shopper), in the server's order. */
function walkInsByShopper(rows: readonly DeskWalkIn[]): DeskWalkIn[][] {
  const by = new Map<string, DeskWalkIn[]>();
  for (const r of rows) by.set(r.shopperEmail, [...(by.get(r.shopperEmail) ?? []), r]);
  return [...by.values()];
}

/**
 * The search box: a USB scanner types the QR text ('REBOUND-PICKUP:ABC234') followed by Enter, a person
 * types 'ABC-234', or the shopper's name, email or order number (a shopper without an appointment:
 * docs/decisions/080-pickup-missed-walk-ins.md). With the BarcodeDetector API (Chrome, Edge, Android)
 * the camera can read the QR too. A code opens its visit at once; a search lists what it found.
 */
function CodeLookup({
  onFound,
  onWalkIn,
}: {
  onFound: (items: DeskAppointment[]) => void;
  onWalkIn: (items: DeskWalkIn[]) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<DeskSearch | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const lookup = useDeskLookup(search);
  const input = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const canScan = typeof window !== 'undefined' && 'BarcodeDetector' in window;
  const byCode = search !== null && 'code' in search;

  useEffect(() => {
    if (!byCode || !lookup.data) return;
    const { appointments, walkIns } = lookup.data;
    if (appointments.length > 0) onFound(appointments);
    else if (walkIns.length > 0) onWalkIn(walkIns);
  }, [byCode, lookup.data, onFound, onWalkIn]);

  const submit = (value: string) => {
    const code = codeOf(value);
    if (code) {
      setInvalid(null);
      setSearch({ code });
      return;
    }
    if (value.trim().length < 2) {
      setInvalid('Type a pickup code (like ABC-234), an order number, a name or an email.');
      return;
    }
    setInvalid(null);
    setSearch({ q: value.trim() });
  };

  const found = lookup.data;
  const nothing = found && found.appointments.length === 0 && found.walkIns.length === 0;
  return (
    <section className="rounded-card border border-ink-200 bg-white p-4" aria-labelledby="desk-lookup">
      <h2 id="desk-lookup" className="mb-3 flex items-center gap-2 text-base font-bold text-ink-950">
        <ScanLine className="size-5" aria-hidden="true" />
        Find a shopper
      </h2>
      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit(text);
        }}
      >
        <TextField
          ref={input}
          className="min-w-0 flex-1"
          label="Pickup code or scanned QR, order number, name or email"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={invalid ?? undefined}
          hint="Scan the QR code, type the code the shopper reads out, or find a walk-in by order number, name or email."
        />
        {/* Level with the input, below its label (the hint may wrap under it). */}
        <Button type="submit" className="mt-6.5" loading={lookup.isFetching}>
          Find
        </Button>
      </form>
      {canScan ? (
        <CameraScan
          active={scanning}
          onToggle={() => setScanning((s) => !s)}
          onCode={(value) => {
            setScanning(false);
            setText(value);
            submit(value);
          }}
        />
      ) : null}
      <div aria-live="polite" className="mt-3 text-sm">
        {lookup.isError ? <FormAlert>{errorMessageOf(lookup.error)}</FormAlert> : null}
        {nothing ? (
          <p className="rounded-lg bg-danger-50 px-3 py-2 text-danger-700">
            {search && 'code' in search
              ? `No appointment has the code ${formatShortCode(search.code)}. Check it with the shopper.`
              : 'No paid order or appointment matches. Check the spelling, or try the order number.'}
          </p>
        ) : null}
        {found && !byCode && !nothing ? (
          <ul className="flex flex-col gap-2" data-testid="desk-search-results">
            {visitsOf(found.appointments).map((visit) => (
              <li
                key={visit[0]!.appointmentId}
                className="flex flex-wrap items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-ink-200"
              >
                <p className="min-w-0 flex-1 basis-48">
                  <span className="font-semibold text-ink-900">{visit[0]!.shopperName}</span> ·{' '}
                  <span className="font-mono">
                    {visit[0]!.shortCode ? formatShortCode(visit[0]!.shortCode) : '—'}
                  </span>{' '}
                  · {formatDateKey(visit[0]!.date)}, {visit[0]!.timeLabel} ·{' '}
                  {visit.map((a) => a.productTitle).join(', ')}
                </p>
                <Button size="sm" variant="secondary" onClick={() => onFound(visit)}>
                  Open visit<span className="sr-only">: {visit[0]!.shopperName}</span>
                </Button>
              </li>
            ))}
            {walkInsByShopper(found.walkIns).map((items) => (
              <li
                key={items[0]!.shopperEmail}
                data-testid="desk-walk-in-result"
                className="flex flex-wrap items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-ink-200"
              >
                <p className="min-w-0 flex-1 basis-48">
                  <span className="font-semibold text-ink-900">{items[0]!.shopperName}</span> · no appointment
                  · {items.map((i) => `${i.productTitle} (#${i.orderNumber})`).join(', ')}
                </p>
                <Button size="sm" onClick={() => onWalkIn(items)}>
                  Hand over walk-in<span className="sr-only">: {items[0]!.shopperName}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function CameraScan({
  active,
  onToggle,
  onCode,
}: {
  active: boolean;
  onToggle: () => void;
  onCode: (value: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const Ctor = (window as unknown as { BarcodeDetector: new (o: { formats: string[] }) => Detector })
      .BarcodeDetector;
    const detector = new Ctor({ formats: ['qr_code'] });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped && video.current) {
          const codes = await detector.detect(video.current);
          if (codes[0]) {
            onCode(codes[0].rawValue);
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch (e) {
        setError(
          e instanceof Error ? `The camera could not be used: ${e.message}` : 'The camera could not be used.',
        );
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [active, onCode]);
  return (
    <div className="mt-3">
      <Button variant="secondary" size="sm" onClick={onToggle}>
        <Camera aria-hidden="true" />
        {active ? 'Stop camera' : 'Scan with the camera'}
      </Button>
      {error ? <p className="mt-2 text-sm text-danger-700">{error}</p> : null}
      {active ? <video ref={video} className="mt-2 w-full rounded-xl bg-ink-900" muted playsInline /> : null}
    </div>
  );
}

/** A slot's desk rows grouped by visit (one pickup code), in the server's order. */
function visitsOf(rows: readonly DeskAppointment[]): DeskAppointment[][] {
  const by = new Map<string, DeskAppointment[]>();
  for (const r of rows) by.set(r.appointmentId, [...(by.get(r.appointmentId) ?? []), r]);
  return [...by.values()];
}

/**
 * The hand-over of a visit: who, every item with its shelf and SKU, an explicit 'ID checked' box
 * (once for the visit), then each item handed over on its own (each order completed by itself; the
 * visit is complete when all are).
 */
function Handover({
  items,
  onDone,
  onMarked,
}: {
  items: DeskAppointment[];
  onDone: (a: DeskAppointment[] | null) => void;
  onMarked: (answer: DeskMarkResponse, a: DeskAppointment) => void;
}) {
  const a = items[0]!;
  const action = useDeskAction();
  const [checked, setChecked] = useState(false);
  // Before the booked day (the server counts the days): staff hand over only on purpose.
  const early = a.daysEarly > 0 && a.status === 'scheduled';
  const [earlyOk, setEarlyOk] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ReadonlySet<string>>(
    new Set(items.filter((i) => !isPickupOpen(i.orderStatus)).map((i) => i.orderId)),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const checkId = useId();
  const earlyId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shopper at the desk starts over
  useEffect(() => {
    setChecked(false);
    setEarlyOk(false);
    setError(null);
    setDone(new Set(items.filter((i) => !isPickupOpen(i.orderStatus)).map((i) => i.orderId)));
    heading.current?.focus();
  }, [a.appointmentId]);
  const open = items.filter((i) => !done.has(i.orderId));
  const handOver = (orderId: string) => {
    setError(null);
    action
      .mutateAsync({ orderId, action: 'complete', early: early && earlyOk })
      .then(() => setDone((prev) => new Set([...prev, orderId])))
      .catch((e: unknown) => setError(errorMessageOf(e)));
  };
  return (
    <section className="rounded-card border-2 border-brand-600 bg-white p-4" aria-labelledby="desk-handover">
      <h2
        id="desk-handover"
        ref={heading}
        tabIndex={-1}
        className="text-base font-bold text-ink-950 focus:outline-none"
      >
        Hand over: {a.shortCode ? formatShortCode(a.shortCode) : `order #${a.orderNumber}`}
      </h2>
      <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-y-1 text-sm">
        <dt className="text-ink-600">Shopper</dt>
        <dd className="font-semibold break-words text-ink-900">
          {a.shopperName} <span className="font-normal text-ink-700">({a.shopperEmail})</span>
        </dd>
        <dt className="text-ink-600">Booked</dt>
        <dd className="text-ink-900">
          {formatDateKey(a.date)}, {a.timeLabel}
        </dd>
        <dt className="text-ink-600">Items</dt>
        <dd className="text-ink-900">
          {items.length} ({items.length - open.length} handed over)
        </dd>
        <DeskStorageTotal items={items} />
      </dl>
      {open.map((i) => (
        <DeskStorageFee key={i.orderId} orderId={i.orderId} enabled={isPickupOpen(i.orderStatus)} />
      ))}
      {error ? (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      {open.length > 0 ? (
        <div className="mt-4 flex flex-col gap-3">
          {early ? (
            <div
              className="flex flex-col gap-2.5 rounded-xl bg-gold-100 p-3 text-sm ring-1 ring-gold-800/20 ring-inset"
              data-testid="desk-early"
            >
              <p className="flex items-start gap-2 font-semibold text-ink-950">
                <CalendarClock className="mt-0.5 size-4 shrink-0 text-gold-800" aria-hidden="true" />
                <span>
                  Early: this pickup is booked for {formatDateKey(a.date)}, {a.timeLabel} (
                  {a.daysEarly === 1 ? 'tomorrow' : `in ${a.daysEarly} days`}), not today.
                </span>
              </p>
              <label htmlFor={earlyId} className="flex items-start gap-3">
                <input
                  id={earlyId}
                  type="checkbox"
                  className="mt-0.5 size-5 accent-brand-700"
                  checked={earlyOk}
                  onChange={(e) => setEarlyOk(e.target.checked)}
                />
                <span>
                  <span className="font-semibold text-ink-900">Hand over early</span>
                  <span className="block text-ink-700">
                    The shopper came before their booked day and I hand the item over on purpose.
                  </span>
                </span>
              </label>
            </div>
          ) : null}
          <IdCheck id={checkId} checked={checked} onChange={setChecked} shopperName={a.shopperName} />
        </div>
      ) : (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
        >
          <CircleCheck className="size-4" aria-hidden="true" />
          {items.length > 1
            ? 'Every item handed over. The visit is complete.'
            : 'Handed over. The order is completed.'}
        </p>
      )}
      <ul className="mt-4 divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200" data-testid="desk-items">
        {items.map((i) => {
          const handed = done.has(i.orderId);
          const canHandOver = isPickupOpen(i.orderStatus);
          return (
            <li key={i.orderId} className="flex flex-wrap items-center gap-3 px-3 py-2.5 text-sm">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium break-words text-ink-900">{i.productTitle}</p>
                <p className="text-ink-700">
                  <span className="font-mono">{i.sku}</span> · #{i.orderNumber}
                  {i.readyAt ? ' · staged' : ' · fetch from the shelves'}
                </p>
                {i.deskNotes ? <p className="text-xs text-ink-700">Shelf: {i.deskNotes}</p> : null}
              </div>
              {handed ? (
                <Badge tone="neutral">
                  <CircleCheck aria-hidden="true" /> Handed over
                </Badge>
              ) : !canHandOver ? (
                <Badge tone="neutral">{i.orderStatus.replaceAll('_', ' ')}</Badge>
              ) : (
                <Button
                  size="sm"
                  disabled={!checked || (early && !earlyOk)}
                  loading={action.isPending && action.variables?.orderId === i.orderId}
                  onClick={() => handOver(i.orderId)}
                >
                  <UserCheck aria-hidden="true" />
                  {items.length > 1 ? (
                    <>
                      Hand over<span className="sr-only">: {i.productTitle}</span>
                    </>
                  ) : (
                    'Complete hand-over'
                  )}
                </Button>
              )}
              {!handed && canHandOver ? <DeskMarkActions appointment={i} onMarked={onMarked} /> : null}
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="sm" className="mt-3" onClick={() => onDone(null)}>
        Close
      </Button>
    </section>
  );
}
