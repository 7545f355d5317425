import { useId } from 'react';

type LocationSelectProps = {
  locations: readonly { id: string; name: string }[] | undefined;
  value: string | undefined;
  onChange: (locationId: string) => void;
};

/** The back-office's location picker (desk, schedule); nothing to choose with one location. */
export function LocationSelect({ locations, value, onChange }: LocationSelectProps) {
  const id = useId();
  if ((locations?.length ?? 0) <= 1) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        Location
      </label>
      <select
        id={id}
        className="h-11 rounded-xl bg-white px-3 text-sm ring-1 ring-ink-300 ring-inset"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        {locations?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
