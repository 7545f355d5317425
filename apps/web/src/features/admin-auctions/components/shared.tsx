import { ADMIN_AUCTION_STATUS_LABELS, type AdminAuctionStatus } from '@rebound/contract/admin-auctions';
import { formatShopDateTime } from '@rebound/core/shop-clock';
import { formatShopDateTimeSeconds } from '@rebound/core/shop-clock-formats';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';

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
