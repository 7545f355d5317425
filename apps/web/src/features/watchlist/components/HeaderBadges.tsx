import { clsx } from 'clsx';
import { Eye, TrendingDown, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { useMeSummary } from '../api';

const BADGES = [
  {
    key: 'winning',
    label: 'Winning',
    to: '/account?tab=bids&filter=winning',
    icon: Trophy,
    tone: 'bg-brand-50 text-brand-800 ring-brand-200 hover:bg-brand-100',
  },
  {
    key: 'losing',
    label: 'Losing',
    to: '/account?tab=bids&filter=losing',
    icon: TrendingDown,
    tone: 'bg-danger-50 text-danger-700 ring-danger-200 hover:bg-danger-100',
  },
  {
    key: 'watching',
    label: 'Watching',
    to: '/account?tab=watchlist',
    icon: Eye,
    tone: 'bg-ink-50 text-ink-800 ring-ink-200 hover:bg-ink-100',
  },
] as const;

/**
 * Winning N / Losing N / Watching N, each a link to its account list. Counted by
 * the server; refreshed live by the shopper's own socket room.
 */
export function HeaderBadges({
  layout = 'row',
  onNavigate,
}: {
  layout?: 'row' | 'menu';
  onNavigate?: () => void;
}) {
  const { data } = useMeSummary();
  return (
    <ul
      className={clsx('flex', layout === 'row' ? 'items-center gap-1.5' : 'flex-col gap-2')}
      aria-label="Your auctions"
    >
      {BADGES.map(({ key, label, to, icon: Icon, tone }) => {
        const count = data?.[key];
        return (
          <li key={key}>
            <Link
              to={to}
              onClick={onNavigate}
              data-testid={`badge-${key}`}
              title={layout === 'row' ? label : undefined}
              className={clsx(
                'inline-flex items-center gap-1.5 rounded-full font-semibold ring-1 transition-colors ring-inset',
                layout === 'row' ? 'h-8 px-2.5 text-xs' : 'h-11 w-full px-4 text-sm',
                tone,
              )}
            >
              <Icon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className={layout === 'row' ? 'sr-only xl:not-sr-only' : undefined}>{label}</span>
              <span
                className={clsx('tabular-nums', layout === 'menu' && 'ml-auto')}
                data-testid={`badge-${key}-count`}
              >
                {count ?? '–'}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
