import { PickupScheduleBody, type SchedulePreviewResponse, type WeeklyHours } from '@rebound/contract/pickup';
import { CircleCheck, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { cloneElement, useEffect, useId, useRef, useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/AdminPageHeader';
import { LocationSelect } from '../../../components/admin/LocationSelect';
import { Button } from '../../../components/ui/Button';
import { FormAlert, inputClasses } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateKey, formatShopDateTime } from '../../../lib/format-date';
import { usePreviewSchedule, useSaveSchedule, useSchedule, useScheduleLocations } from '../api';

const DAYS = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 0, name: 'Sunday' },
];

type Draft = PickupScheduleBody;

/** /admin/schedule: a location's weekly pickup hours, slot length, capacity, notice and closed dates. */
export default function SchedulePage() {
  const locations = useScheduleLocations();
  const [locationId, setLocationId] = useState('');
  const chosen = locationId || locations.data?.locations[0]?.id;
  const schedule = useSchedule(chosen);
  return (
    <>
      <AdminPageHeader
        title="Pickup schedule"
        description="The hours shoppers can book, how long a slot is, how many fit in one, and the days you are closed."
        actions={
          <LocationSelect locations={locations.data?.locations} value={chosen} onChange={setLocationId} />
        }
      />
      {schedule.isPending ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            Loading the schedule…
          </span>
          <Skeleton className="h-96 w-full rounded-card" />
        </div>
      ) : schedule.isError ? (
        <ErrorState
          title="The schedule could not be loaded"
          message={errorMessageOf(schedule.error)}
          onRetry={() => void schedule.refetch()}
        />
      ) : (
        <Editor
          key={`${schedule.data.locationId}-${schedule.data.updatedAt ?? ''}`}
          locationId={schedule.data.locationId}
          locationName={schedule.data.locationName}
          initial={schedule.data.schedule}
          updatedAt={schedule.data.updatedAt}
        />
      )}
    </>
  );
}

function Editor({
  locationId,
  locationName,
  initial,
  updatedAt,
}: {
  locationId: string;
  locationName: string;
  initial: Draft;
  updatedAt: string | null;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [warning, setWarning] = useState<SchedulePreviewResponse | null>(null);
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [newDate, setNewDate] = useState('');
  const preview = usePreviewSchedule(locationId);
  const save = useSaveSchedule(locationId);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => {
    if (dirty) setSaved(false);
  }, [dirty]);

  const setHours = (hours: WeeklyHours[]) => {
    setDraft((d) => ({ ...d, hours }));
    setWarning(null);
  };
  const update = (index: number, patch: Partial<WeeklyHours>) =>
    setHours(draft.hours.map((h, i) => (i === index ? { ...h, ...patch } : h)));

  const doSave = async () => {
    setServerError(null);
    try {
      await save.mutateAsync(draft);
      setWarning(null);
      setSaved(true);
    } catch (e) {
      setServerError(errorMessageOf(e));
    }
  };

  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    setServerError(null);
    setSaved(false);
    const parsed = PickupScheduleBody.safeParse(draft);
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setProblems([]);
    try {
      const answer = await preview.mutateAsync(parsed.data);
      if (answer.stranded.length > 0 || answer.overCapacity.length > 0) {
        setWarning(answer);
        return;
      }
      await doSave();
    } catch (e) {
      setServerError(errorMessageOf(e));
    }
  };

  return (
    <form onSubmit={check} noValidate className="flex flex-col gap-6">
      {problems.length > 0 ? (
        <FormAlert>
          <span className="font-semibold">Please fix the schedule:</span>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}

      <section
        className="rounded-card border border-ink-200 bg-white p-4 sm:p-5"
        aria-labelledby="hours-title"
      >
        <h2 id="hours-title" className="text-base font-bold text-ink-950">
          Weekly hours at {locationName}
        </h2>
        <p className="mb-4 text-sm text-ink-700">
          Vancouver time. A day can have several ranges (for a lunch break); a day without hours is closed.
        </p>
        <div className="flex flex-col divide-y divide-ink-100">
          {DAYS.map((day) => {
            const ranges = draft.hours
              .map((h, index) => ({ h, index }))
              .filter((x) => x.h.weekday === day.weekday);
            return (
              <fieldset key={day.weekday} className="py-3">
                <legend className="sr-only">{day.name}</legend>
                <div className="flex flex-wrap items-start gap-3">
                  <p className="w-28 pt-2 text-sm font-semibold text-ink-900" aria-hidden="true">
                    {day.name}
                  </p>
                  <div className="flex min-w-0 flex-1 flex-col gap-2">
                    {ranges.length === 0 ? <p className="pt-2 text-sm text-ink-600">Closed</p> : null}
                    {ranges.map(({ h, index }, n) => (
                      <div key={index} className="flex flex-wrap items-end gap-2">
                        <SmallField label={`${day.name} range ${n + 1}: opens`}>
                          <input
                            type="time"
                            className={inputClasses}
                            value={h.opensAt}
                            onChange={(e) => update(index, { opensAt: e.target.value })}
                          />
                        </SmallField>
                        <SmallField label="closes">
                          <input
                            type="time"
                            className={inputClasses}
                            value={h.closesAt}
                            onChange={(e) => update(index, { closesAt: e.target.value })}
                          />
                        </SmallField>
                        <SmallField label="slot (minutes)">
                          <input
                            type="number"
                            min={5}
                            step={5}
                            className={inputClasses}
                            value={h.slotMinutes}
                            onChange={(e) => update(index, { slotMinutes: Number(e.target.value) })}
                          />
                        </SmallField>
                        <SmallField label="people per slot">
                          <input
                            type="number"
                            min={1}
                            className={inputClasses}
                            value={h.capacity}
                            onChange={(e) => update(index, { capacity: Number(e.target.value) })}
                          />
                        </SmallField>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="mb-1"
                          onClick={() => setHours(draft.hours.filter((_, i) => i !== index))}
                        >
                          <Trash2 aria-hidden="true" />
                          <span className="sr-only">
                            Remove {day.name} range {n + 1}
                          </span>
                        </Button>
                      </div>
                    ))}
                    <Button
                      variant="secondary"
                      size="sm"
                      className="self-start"
                      onClick={() => {
                        const last = ranges.at(-1)?.h;
                        setHours([
                          ...draft.hours,
                          last
                            ? {
                                ...last,
                                opensAt: last.closesAt,
                                closesAt: last.closesAt < '20:00' ? '20:00' : '23:00',
                              }
                            : {
                                weekday: day.weekday,
                                opensAt: '10:00',
                                closesAt: '18:00',
                                slotMinutes: 30,
                                capacity: 4,
                              },
                        ]);
                      }}
                    >
                      <Plus aria-hidden="true" />
                      Add hours<span className="sr-only"> on {day.name}</span>
                    </Button>
                  </div>
                </div>
              </fieldset>
            );
          })}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          className="rounded-card border border-ink-200 bg-white p-4 sm:p-5"
          aria-labelledby="notice-title"
        >
          <h2 id="notice-title" className="mb-3 text-base font-bold text-ink-950">
            Minimum notice
          </h2>
          <SmallField label="Minutes between booking and the slot">
            <input
              type="number"
              min={0}
              step={15}
              className={inputClasses}
              value={draft.minNoticeMinutes}
              onChange={(e) => setDraft((d) => ({ ...d, minNoticeMinutes: Number(e.target.value) }))}
            />
          </SmallField>
          <p className="mt-2 text-sm text-ink-700">
            {draft.minNoticeMinutes >= 60
              ? `Shoppers book at least ${Math.floor(draft.minNoticeMinutes / 60)} h ${draft.minNoticeMinutes % 60 ? `${draft.minNoticeMinutes % 60} min ` : ''}ahead.`
              : 'Shoppers can book any slot that has not started.'}
          </p>
        </section>
        <section
          className="rounded-card border border-ink-200 bg-white p-4 sm:p-5"
          aria-labelledby="visit-items-title"
        >
          <h2 id="visit-items-title" className="mb-3 text-base font-bold text-ink-950">
            Items per visit
          </h2>
          <SmallField label="Most items in a one-place visit (empty: no limit)">
            <input
              type="number"
              min={1}
              max={100}
              step={1}
              className={inputClasses}
              value={draft.maxItemsPerVisit ?? ''}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  maxItemsPerVisit: e.target.value === '' ? null : Number(e.target.value),
                }))
              }
            />
          </SmallField>
          <p className="mt-2 text-sm text-ink-700">
            {draft.maxItemsPerVisit
              ? `A visit with more than ${draft.maxItemsPerVisit} ${draft.maxItemsPerVisit === 1 ? 'item' : 'items'} takes two places in its slot.`
              : 'Every visit takes one place in its slot, however many items it has.'}
          </p>
        </section>
        <section
          className="rounded-card border border-ink-200 bg-white p-4 sm:p-5"
          aria-labelledby="closed-title"
        >
          <h2 id="closed-title" className="mb-3 text-base font-bold text-ink-950">
            Closed dates
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <SmallField label="Add a closed date">
              <input
                type="date"
                className={inputClasses}
                value={newDate}
                onChange={(e) => setNewDate(e.target.value)}
              />
            </SmallField>
            <Button
              variant="secondary"
              disabled={!newDate || draft.closedDates.includes(newDate)}
              onClick={() => {
                setDraft((d) => ({ ...d, closedDates: [...d.closedDates, newDate].sort() }));
                setNewDate('');
                setWarning(null);
              }}
            >
              Add
            </Button>
          </div>
          {draft.closedDates.length === 0 ? (
            <p className="mt-3 text-sm text-ink-600">No closed dates.</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-1">
              {draft.closedDates.map((d) => (
                <li
                  key={d}
                  className="flex items-center justify-between rounded-lg bg-ink-50 px-3 py-1.5 text-sm"
                >
                  {formatDateKey(d)}
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setDraft((x) => ({ ...x, closedDates: x.closedDates.filter((c) => c !== d) }));
                      setWarning(null);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">Reopen {formatDateKey(d)}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {warning ? (
        <StrandWarning warning={warning} onSave={() => void doSave()} saving={save.isPending} />
      ) : null}

      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-ink-200 bg-canvas/95 px-4 py-3 sm:mx-0 sm:rounded-card sm:border">
        <Button
          type="submit"
          loading={preview.isPending || (save.isPending && !warning)}
          disabled={!dirty || warning !== null}
        >
          Save schedule
        </Button>
        <Button
          variant="secondary"
          disabled={!dirty}
          onClick={() => {
            setDraft(initial);
            setWarning(null);
            setProblems([]);
          }}
        >
          Discard changes
        </Button>
        <p className="text-sm text-ink-700" role="status">
          {saved ? (
            <span className="inline-flex items-center gap-1 font-medium text-brand-800">
              <CircleCheck className="size-4" aria-hidden="true" /> Schedule saved. Shoppers see the new times
              now.
            </span>
          ) : dirty ? (
            'Unsaved changes.'
          ) : updatedAt ? (
            `Last changed ${formatShopDateTime(updatedAt)}.`
          ) : (
            'As set up.'
          )}
        </p>
      </div>
    </form>
  );
}

function SmallField({ label, children }: { label: string; children: React.ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="flex w-36 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-700">
        {label}
      </label>
      <div className="[&>input]:h-10">{cloneElement(children, { id })}</div>
    </div>
  );
}

function StrandWarning({
  warning,
  onSave,
  saving,
}: {
  warning: SchedulePreviewResponse;
  onSave: () => void;
  saving: boolean;
}) {
  const box = useRef<HTMLElement>(null);
  // Brought into view (and focus) when it appears: the save bar is at the bottom of a long form.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center' });
    box.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      ref={box}
      tabIndex={-1}
      role="alert"
      className="scroll-mb-24 rounded-card border-2 border-gold-800/30 bg-gold-100/60 p-4 focus:outline-none sm:p-5"
      aria-labelledby="strand-title"
    >
      <h2 id="strand-title" className="flex items-center gap-2 text-base font-bold text-ink-950">
        <TriangleAlert className="size-5 text-gold-800" aria-hidden="true" />
        {warning.stranded.length > 0
          ? `This change leaves ${warning.stranded.length} booked ${warning.stranded.length === 1 ? 'pickup' : 'pickups'} outside the new hours`
          : 'Some booked slots would hold more people than the new capacity'}
      </h2>
      <p className="mt-1 text-sm text-ink-800">
        Saving keeps these appointments as booked: the shoppers were sent a confirmation. Contact them to move
        their pickup, or keep the old hours for those days.
      </p>
      {warning.stranded.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {warning.stranded.map((s) => (
            <li key={`${s.appointmentId}:${s.orderNumber}`} className="rounded-lg bg-white px-3 py-2">
              <span className="font-semibold">
                {formatDateKey(s.date)}, {s.timeLabel}
              </span>{' '}
              — {s.shopperName} ({s.shopperEmail}), {s.productTitle}, order #{s.orderNumber} ·{' '}
              {s.reason === 'closed_date' ? 'that day would be closed' : 'no such slot any more'}
            </li>
          ))}
        </ul>
      ) : null}
      {warning.overCapacity.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {warning.overCapacity.map((s) => (
            <li key={s.startsAt} className="rounded-lg bg-white px-3 py-2">
              {formatDateKey(s.date)}, {s.timeLabel}: {s.bookedCount} booked, new capacity {s.capacity}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={onSave} loading={saving}>
          Save anyway
        </Button>
        <p className="self-center text-sm text-ink-700">or change the hours above and save again.</p>
      </div>
    </section>
  );
}
