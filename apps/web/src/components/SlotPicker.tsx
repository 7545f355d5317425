import { type PickupSlot, spotsLeftText } from '@rebound/contract/pickup';
import { formatDateKeyShort } from '@rebound/core/shop-clock';
import { formatDateKeyLong } from '@rebound/core/shop-clock-formats';
import { clsx } from 'clsx';
import { CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';

/** A date button's two lines: 'Tue' and 'Nov 25' (core's one format, 'Tue, Nov 25', split). */
function dateKeyParts(key: string): { weekday: string; day: string } {
  const [weekday = '', day = ''] = formatDateKeyShort(key).split(', ');
  return { weekday, day };
}

/** The days of a slots answer that have at least one time, in order. */
export function daysWithSlots(slots: Record<string, PickupSlot[]>): string[] {
  return Object.keys(slots)
    .filter((key) => (slots[key]?.length ?? 0) > 0)
    .sort();
}

/**
 * The desk's schedule as two radio groups: a date (with how many times are open that day), then a
 * time (with its spots left; a full time, and the one already booked, cannot be chosen). Used for
 * pickups and for return drop-offs, which book from the same schedule. The parent keeps the choice.
 */
export function SlotPicker({
  slots,
  days,
  date,
  slotId,
  currentSlotId,
  onDate,
  onSlot,
  namePrefix = 'pickup',
}: {
  slots: Record<string, PickupSlot[]>;
  days: string[];
  /** The chosen date (null: none yet). */
  date: string | null;
  /** The chosen time. */
  slotId: string | null;
  /** The time already booked (moving a booking): shown, not choosable. */
  currentSlotId: string | null;
  onDate: (key: string) => void;
  onSlot: (slotId: string) => void;
  /** Names the radio groups and their test ids ('pickup-date', 'pickup-time'). */
  namePrefix?: string;
}) {
  const daySlots: PickupSlot[] = date ? (slots[date] ?? []) : [];
  return (
    <>
      <fieldset>
        <legend className="flex items-center gap-2 text-base font-semibold text-ink-950">
          <CalendarDays className="size-5 text-brand-700" aria-hidden="true" />
          Choose a date
        </legend>
        <div className="mt-3 grid grid-cols-3 gap-2 min-[480px]:grid-cols-4 sm:grid-cols-5 xl:grid-cols-7">
          {days.map((key) => {
            const { weekday, day } = dateKeyParts(key);
            const open = (slots[key] ?? []).filter((s) => !s.isFull).length;
            return (
              <Choice
                key={key}
                name={`${namePrefix}-date`}
                value={key}
                checked={date === key}
                onChange={() => onDate(key)}
                label={formatDateKeyLong(key)}
                testId={`${namePrefix}-date`}
              >
                <span className="text-xs font-semibold tracking-wide uppercase">{weekday}</span>
                <span className="text-base font-bold">{day}</span>
                <span className="text-[11px]">
                  {open} {open === 1 ? 'time' : 'times'}
                </span>
              </Choice>
            );
          })}
        </div>
      </fieldset>

      <fieldset disabled={date === null}>
        <legend className="flex items-center gap-2 text-base font-semibold text-ink-950">
          <Clock className="size-5 text-brand-700" aria-hidden="true" />
          Choose a time
        </legend>
        {date === null ? (
          <p className="mt-2 text-sm text-ink-600">Pick a date to see its times.</p>
        ) : (
          <div className="mt-3 grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3">
            {daySlots.map((slot) => {
              const current = slot.slotId === currentSlotId;
              return (
                <Choice
                  key={slot.slotId}
                  name={`${namePrefix}-time`}
                  value={slot.slotId}
                  checked={slotId === slot.slotId}
                  disabled={slot.isFull || current}
                  current={current}
                  onChange={() => onSlot(slot.slotId)}
                  testId={`${namePrefix}-time`}
                >
                  <span className="text-sm font-semibold">{slot.timeLabel}</span>
                  <span className="text-xs">
                    {current
                      ? 'Your current time'
                      : slot.isFull
                        ? 'Full'
                        : spotsLeftText(slot.availableSpots)}
                  </span>
                </Choice>
              );
            })}
          </div>
        )}
      </fieldset>
    </>
  );
}

/**
 * A radio shown as a button: native radios give the group its arrow keys and its name, and a full
 * time is a disabled radio. The input covers its card, so a tap anywhere on it chooses it.
 */
function Choice({
  name,
  value,
  checked,
  disabled = false,
  current = false,
  onChange,
  label,
  testId,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  current?: boolean;
  onChange: () => void;
  /** A fuller accessible name than the card's text (a date in full). */
  label?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label
      data-testid={testId}
      data-current={current || undefined}
      className={clsx(
        'relative flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl px-2 py-2 text-center ring-1 transition-colors ring-inset',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
        checked
          ? 'bg-brand-700 text-white ring-brand-700'
          : current
            ? 'bg-accent-50 text-ink-900 ring-2 ring-accent-500'
            : disabled
              ? 'bg-ink-50 text-ink-600 ring-ink-200'
              : 'bg-white text-ink-900 ring-ink-300 hover:bg-brand-50 hover:ring-brand-400',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-label={label}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
      />
      {children}
    </label>
  );
}
