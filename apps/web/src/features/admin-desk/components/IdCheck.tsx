import { clsx } from 'clsx';

/** The desk's 'ID checked' box: a hand-over (booked or walk-in) waits for it. */
export function IdCheck({
  id,
  checked,
  onChange,
  shopperName,
  className,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  shopperName: string;
  className?: string;
}) {
  return (
    <label
      htmlFor={id}
      className={clsx(
        'flex items-start gap-3 rounded-xl p-3 text-sm ring-1 ring-inset',
        checked ? 'bg-brand-50 ring-brand-200' : 'ring-ink-300',
        className,
      )}
    >
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="font-semibold text-ink-900">ID checked</span>
        <span className="block text-ink-700">I checked a photo ID and the name matches {shopperName}.</span>
      </span>
    </label>
  );
}
