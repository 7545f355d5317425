import { pagerPages } from '@rebound/core/catalog';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type PagerProps = {
  page: number;
  pageCount: number;
  /** The address of a page (a real link: it can be opened in a new tab or shared). */
  hrefFor: (page: number) => string;
  className?: string;
};

const item =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-xl px-3 text-sm font-semibold tabular-nums transition-colors';
const idle = 'bg-white text-ink-800 ring-1 ring-ink-200 ring-inset hover:bg-ink-50 hover:ring-ink-300';

/** Previous, up to five page numbers around the current one (docs/product.md "Browsing and search"), next. */
export function Pager({ page, pageCount, hrefFor, className }: PagerProps) {
  const pages = pagerPages(page, pageCount);
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className={clsx('flex flex-col items-center gap-3', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
        <li>
          <Step to={page > 1 ? hrefFor(page - 1) : null} label="Previous" rel="prev">
            <ChevronLeft className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">Previous</span>
          </Step>
        </li>
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className={clsx(item, 'bg-brand-700 text-white shadow-card')}>
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link to={hrefFor(n)} className={clsx(item, idle)}>
                <span className="sr-only">Page </span>
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          <Step to={page < pageCount ? hrefFor(page + 1) : null} label="Next" rel="next">
            <span className="max-sm:sr-only">Next</span>
            <ChevronRight className="size-4" aria-hidden="true" />
          </Step>
        </li>
      </ul>
      <p className="text-xs text-ink-600">
        Page {page} of {pageCount}
      </p>
    </nav>
  );
}

function Step({
  to,
  label,
  rel,
  children,
}: {
  to: string | null;
  label: string;
  rel: string;
  children: ReactNode;
}) {
  if (to === null) {
    return (
      <span aria-disabled="true" className={clsx(item, 'cursor-not-allowed bg-ink-100 text-ink-400')}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} aria-label={`${label} page`} className={clsx(item, idle)}>
      {children}
    </Link>
  );
}
