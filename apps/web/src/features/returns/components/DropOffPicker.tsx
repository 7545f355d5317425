import type { ReturnView } from '@rebound/contract/returns';
import { formatDateKeyLong } from '@rebound/core/shop-clock-formats';
import { type FormEvent, useState } from 'react';
import { daysWithSlots, SlotPicker } from '../../../components/SlotPicker';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBookDropOff, useDropOffSlots } from '../api';

/**
 * Book, or move, the time the shopper brings the item back: the pickup schedule's dates and times
 * (the same picker), only those starting before the return's deadline.
 */
/** The shopper's choice so far; kept by the caller so a redraw of the picker does not lose it. */
export interface DropOffChoice {
  date: string | null;
  slotId: string | null;
}

export function DropOffPicker({
  ret,
  onDone,
  choice,
  onChoice,
}: {
  ret: ReturnView;
  onDone: () => void;
  choice: DropOffChoice;
  onChoice: (choice: DropOffChoice) => void;
}) {
  const slots = useDropOffSlots(ret.id);
  if (slots.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span role="status" className="sr-only">
          Loading drop-off times...
        </span>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-16 w-full rounded-xl" />
      </div>
    );
  }
  // A failed background refetch (a socket resync, the window refocused) keeps the times already
  // shown: replacing the form with an error would drop the shopper's choice.
  if (slots.isError && slots.data === undefined) {
    return (
      <ErrorState
        title="Error loading drop-off times"
        message={errorMessageOf(slots.error)}
        onRetry={() => void slots.refetch()}
      />
    );
  }
  const data = slots.data;
  if (data === undefined) return null;
  const days = daysWithSlots(data.slots);
  if (days.length === 0) {
    return (
      <p data-testid="drop-off-no-slots" className="rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-800">
        No drop-off times are left before {data.lastDayLabel}. You can still bring the item to the desk during
        opening hours by then.
      </p>
    );
  }
  return (
    <DropOffForm ret={ret} data={data} days={days} onDone={onDone} choice={choice} onChoice={onChoice} />
  );
}

function DropOffForm({
  ret,
  data,
  days,
  onDone,
  choice,
  onChoice,
}: {
  ret: ReturnView;
  data: NonNullable<ReturnType<typeof useDropOffSlots>['data']>;
  days: string[];
  onDone: () => void;
  choice: DropOffChoice;
  onChoice: (choice: DropOffChoice) => void;
}) {
  const book = useBookDropOff(ret.id);
  const currentDay = data.currentSlotId
    ? days.find((d) => data.slots[d]?.some((s) => s.slotId === data.currentSlotId))
    : undefined;
  const pickedDate = choice.date ?? currentDay ?? null;
  const pickedSlotId = choice.slotId;
  const [problem, setProblem] = useState<string | null>(null);
  const date = pickedDate !== null && days.includes(pickedDate) ? pickedDate : null;
  const chosen = (date ? (data.slots[date] ?? []) : []).find(
    (s) => s.slotId === pickedSlotId && !s.isFull && s.slotId !== data.currentSlotId,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem('Please choose a date and a time.');
      return;
    }
    setProblem(null);
    book.mutate(
      { slotId: chosen.slotId },
      {
        onSuccess: () => {
          toast.success(ret.dropOff ? 'Drop-off moved.' : 'Drop-off booked.');
          onDone();
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Choose a drop-off time"
      data-testid="drop-off-form"
      className="flex flex-col gap-5 rounded-xl bg-white p-3 ring-1 ring-ink-200 sm:p-4"
    >
      <SlotPicker
        slots={data.slots}
        days={days}
        date={date}
        slotId={chosen?.slotId ?? null}
        currentSlotId={data.currentSlotId}
        onDate={(key) => {
          onChoice({ date: key, slotId: null });
          setProblem(null);
        }}
        onSlot={(slotId) => {
          onChoice({ date: pickedDate, slotId });
          setProblem(null);
        }}
        namePrefix="drop-off"
      />
      <p aria-live="polite" className="text-sm text-ink-800">
        {chosen && date
          ? `Drop-off on ${formatDateKeyLong(date)} at ${chosen.timeLabel}.`
          : `Times before the end of ${data.lastDayLabel}, at the desk you collected from.`}
      </p>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {problem}
        </p>
      ) : null}
      {book.isError ? <FormAlert>{errorMessageOf(book.error)}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={book.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={book.isPending}>
          {ret.dropOff ? 'Move drop-off' : 'Book drop-off'}
        </Button>
      </div>
    </form>
  );
}
