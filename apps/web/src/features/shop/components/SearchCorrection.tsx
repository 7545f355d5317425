import type { ShopResponse } from '@rebound/contract/catalog';
import { clsx } from 'clsx';
import { Link } from 'react-router';

type Correction = NonNullable<ShopResponse['correction']>;

/**
 * 'Showing results for <close spelling>' with a link to search exactly as typed (docs/product.md
 * "Search"). A polite live region that is always on the page (empty without a correction), so a
 * screen reader hears the message when a search turns into its close spelling.
 */
export function SearchCorrection({
  correction,
  asTypedHref,
  className,
}: {
  correction: Correction | null;
  /** The address of the same search exactly as typed (`exact=1`). */
  asTypedHref: string;
  className?: string;
}) {
  return (
    <div role="status" className={clsx(correction ? className : null)}>
      {correction ? (
        <div className="rounded-card bg-white px-4 py-3 break-words shadow-card ring-1 ring-ink-200/80 sm:px-5">
          <p className="text-base text-ink-800">
            Showing results for <strong className="font-bold text-ink-950">{correction.query}</strong>
          </p>
          <p className="mt-0.5 text-sm text-ink-700">
            No lots match “{correction.asTyped}”.{' '}
            <Link
              to={asTypedHref}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Search instead for {correction.asTyped}
            </Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}
