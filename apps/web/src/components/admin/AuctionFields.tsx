import { SCHEDULING_LIMITS } from '@rebound/core/scheduling';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../ui/Field';
import { SelectField } from '../ui/FormFields';

// The fields the back-office's auction form and drop form share (features/admin-auctions): the
// schedule (the start and the end, or a drop's first end), then the starting bid, reserve, increment,
// soft close and pickup location. Each form keeps its own schema (contract AuctionFormValues,
// DropFormValues), which names these fields alike.

/** A new auction's or drop's money and soft close: $1.00, the site's increments, no reserve, 60 s. */
export const NEW_LOT_SETTINGS = {
  startingBid: '1.00',
  incrementMode: 'table',
  increment: '',
  reserve: '',
  softCloseSeconds: '60',
} as const;

/**
 * The schedule and bidding fields, registered on the caller's form: 'start', `end.name`, then
 * 'startingBid', 'reserve', 'incrementMode', 'increment', 'softCloseSeconds' and 'locationId'.
 * `children` come between the schedule and the money (the drop's stagger).
 */
export function AuctionFields({
  register,
  errors,
  end,
  incrementMode,
  locations,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: shared by two forms whose other fields differ.
  register: UseFormRegister<any>;
  errors: FieldErrors<Record<string, unknown>>;
  /** The end's field: an auction's 'end' ('Ends'), a drop's 'firstEnd' ('First lot ends'). */
  end: { name: string; label: string };
  incrementMode: 'fixed' | 'table';
  locations: readonly { id: string; name: string }[];
  children?: ReactNode;
}) {
  const msg = (name: string) => (errors[name]?.message as string | undefined) ?? undefined;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          required
          error={msg('start')}
          {...register('start')}
        />
        <TextField
          label={end.label}
          type="datetime-local"
          required
          error={msg(end.name)}
          {...register(end.name)}
        />
      </div>
      {children}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starting bid ($)"
          required
          inputMode="decimal"
          error={msg('startingBid')}
          {...register('startingBid')}
        />
        <TextField
          label="Reserve ($)"
          inputMode="decimal"
          hint="Optional. Below it, the item does not sell."
          error={msg('reserve')}
          {...register('reserve')}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-ink-900">Bid increment</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-ink-900">
            <input
              type="radio"
              value="table"
              className="size-4 accent-brand-700"
              {...register('incrementMode')}
            />
            The site's increment table
          </label>
          <label className="flex items-center gap-2 text-sm text-ink-900">
            <input
              type="radio"
              value="fixed"
              className="size-4 accent-brand-700"
              {...register('incrementMode')}
            />
            A fixed amount
          </label>
        </div>
        {incrementMode === 'fixed' ? (
          <TextField
            label="Increment ($)"
            required
            inputMode="decimal"
            className="sm:max-w-[50%]"
            error={msg('increment')}
            {...register('increment')}
          />
        ) : (
          <p className="text-xs text-ink-600">From $0.05 under $1 up to $100 from $5,000.</p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Soft close (seconds)"
          required
          inputMode="numeric"
          hint={`A bid in the last seconds extends the end by this much (0 to ${SCHEDULING_LIMITS.maxSoftCloseSeconds}).`}
          error={msg('softCloseSeconds')}
          {...register('softCloseSeconds')}
        />
        <SelectField label="Pickup location" error={msg('locationId')} {...register('locationId')}>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </div>
    </>
  );
}
