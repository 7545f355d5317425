import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type AuctionShelfProps = {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Said after 'View more' to screen readers, e.g. 'latest auctions'. */
  viewMoreContext: string;
  children: ReactNode;
};

/** A titled home section holding a grid of auctions (or its loading, error or empty state). */
export function AuctionShelf({
  id,
  title,
  description,
  icon: Icon,
  viewMoreContext,
  children,
}: AuctionShelfProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2
            id={headingId}
            className="flex items-center gap-2 text-xl font-bold tracking-tight text-ink-950 sm:text-2xl"
          >
            <Icon className="size-5 text-accent-600 sm:size-6" aria-hidden="true" />
            {title}
          </h2>
          <p className="mt-1 text-sm text-ink-600">{description}</p>
        </div>
        <Link
          to="/shop"
          className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 transition-colors hover:bg-brand-50 hover:text-brand-800"
        >
          View more<span className="sr-only"> {viewMoreContext}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
