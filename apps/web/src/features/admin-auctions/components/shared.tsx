import { ADMIN_AUCTION_STATUS_LABELS, type AdminAuctionStatus } from '@rebound/contract/admin-auctions';
import { formatShopDateTime } from '@rebound/core/shop-clock';
import { formatShopDateTimeSeconds } from '@rebound/core/shop-clock-formats';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { TextField } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/FormFields';

const TONES: Record<AdminAuctionStatus, BadgeTone> = {
  scheduled: 'neutral',
  live: 'brand',
  ended: 'gold',
  cancelled: 'danger',
};

export function StatusBadge({ status }: { status: AdminAuctionStatus }) {
  return <Badge tone={TONES[status]}>{ADMIN_AUCTION_STATUS_LABELS[status]}</Badge>;
}

/**
 * A time as the store's clock shows it, in the one format: 'Thu, Nov 26, 10:30 a.m. PT'. With
 * `seconds`, where lots of a drop close seconds apart: 'Thu, Nov 26, 10:30:30 a.m. PT'.
 */
export function shopTime(at: string | Date, seconds = false): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  return seconds ? formatShopDateTimeSeconds(d) : formatShopDateTime(d);
}

export function ShopTime({ at, seconds = false }: { at: string; seconds?: boolean }) {
  return (
    <time dateTime={at} className="whitespace-nowrap tabular-nums">
      {shopTime(at, seconds)}
    </time>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** The money, increment, soft close and location fields both the auction and the drop forms have. */
export function SettingsFields({
  register,
  errors,
  incrementMode,
  locations,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: shared by two forms whose other fields differ.
  register: UseFormRegister<any>;
  errors: FieldErrors<Record<string, unknown>>;
  incrementMode: 'fixed' | 'table';
  locations: readonly { id: string; name: string }[];
}) {
  const msg = (name: string) => (errors[name]?.message as string | undefined) ?? undefined;
  return (
    <>
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
          hint="A bid in the last seconds extends the end by this much (0 to 600)."
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
