import type { Profile } from '@rebound/contract/profile';
import { clsx } from 'clsx';
import { MapPin, Save, Warehouse } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useLocations, useUpdateLocation } from '../api';
import { SettingsCard } from './SettingsCard';

/** Where the shopper picks up (and whose taxes apply): 'Location updated successfully'. */
export function LocationSettings({ profile }: { profile: Profile }) {
  const locations = useLocations();
  const update = useUpdateLocation();
  const [chosen, setChosen] = useState<string | null>(profile.locationId);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen) update.mutate(chosen);
  }

  let body: ReactNode;
  if (locations.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
    );
  } else if (locations.isError) {
    body = (
      <ErrorState
        title="Error loading locations"
        message={errorMessageOf(locations.error)}
        onRetry={() => void locations.refetch()}
      />
    );
  } else {
    body = (
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        {profile.locationId === null ? (
          <FormAlert>Choose a pickup location before checking out.</FormAlert>
        ) : null}
        <fieldset>
          <legend className="sr-only">Pickup location</legend>
          <div className="flex flex-col gap-2.5">
            {locations.data.map((location) => {
              const selected = chosen === location.id;
              return (
                <label
                  key={location.id}
                  className={clsx(
                    'flex cursor-pointer items-start gap-3 rounded-xl px-4 py-3.5 ring-1 ring-inset transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    selected
                      ? 'bg-brand-50/70 ring-2 ring-brand-600'
                      : 'bg-white ring-ink-200 hover:bg-ink-50',
                  )}
                >
                  <input
                    type="radio"
                    name="location"
                    value={location.id}
                    checked={selected}
                    onChange={() => setChosen(location.id)}
                    className="mt-1 size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
                  />
                  <span className="min-w-0">
                    <span className="flex items-center gap-1.5 font-semibold text-ink-950">
                      <Warehouse className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                      {location.name}
                    </span>
                    <span className="mt-0.5 block text-sm text-ink-600">
                      {location.addressLine1}, {location.city}, {location.province} {location.postalCode}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <div>
          <Button
            type="submit"
            variant="secondary"
            disabled={!chosen || chosen === profile.locationId}
            loading={update.isPending}
          >
            <Save aria-hidden="true" />
            {update.isPending ? 'Saving...' : 'Save location'}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <SettingsCard
      title="Pickup location"
      icon={MapPin}
      description="Where you collect your wins. Taxes follow this location."
    >
      {body}
    </SettingsCard>
  );
}
