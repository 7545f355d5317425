import type { Location, ProductDetail } from '@rebound/contract/catalog';
import { ACCOUNT_SUSPENDED_CANNOT_BID } from '@rebound/core/bidding-text';
import { auctionPhase } from '@rebound/core/catalog';
import type { LotTerms } from '@rebound/core/sale-terms';
import { extensionNotice as extensionText } from '@rebound/core/soft-close-text';
import { Timer } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useServerNow } from '../../../lib/server-clock';
import { useSession } from '../../../lib/session';
import { useAuctionState, useLiveAuction } from '../api';
import { ONE_COLUMN } from '../one-column';
import { AuctionPanel, type AuctionPanelData } from './AuctionPanel';
import { BidHistory } from './BidHistory';
import { MyStanding } from './MyStanding';
import { SignInToBid } from './SignInToBid';

// The bid form (with its checks' messages) is for signed-in shoppers only: its own chunk, loaded when
// shown, so a visitor's product page does not carry it (decision 037).
const BidForm = lazy(async () => ({ default: (await import('./BidForm')).BidForm }));
// The phone's bid bar (PhoneBidBar) is for one-column screens only: its own chunk, loaded there alone.
const PhoneBidBarFor = lazy(async () => ({ default: (await import('./PhoneBidBar')).PhoneBidBarFor }));
const subscribeOneColumn = (onChange: () => void) => {
  const query = window.matchMedia(ONE_COLUMN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isOneColumn = () => window.matchMedia(ONE_COLUMN).matches;

type LiveAuctionProps = {
  auctionId: string | null;
  /** What is known before the live state arrives (the product's auction, or the card's). */
  initial: AuctionPanelData | null;
  retailPriceCents: number;
  productStatus?: ProductDetail['product']['status'];
  location: Location | null;
  /** The lot's sale terms: the confirm step says them before the bid (core sale-terms.ts). */
  terms: LotTerms;
  /** The quick view: smaller bid form, the sign-in link without its hint. */
  compact?: boolean;
  /** Show the bid history under the panel (not for scheduled auctions). */
  withHistory?: boolean;
  /** The product changed state (opened, ended): refresh the product. */
  onPhaseChange?: () => void;
  className?: string;
  /** Rendered between the panel and the history (e.g. 'View Full Page'). */
  children?: ReactNode;
};

/**
 * One auction, live: the price box fed by the socket (price, bid count, end time, soft-close
 * extensions), the viewer's own maximum and standing, the bid control (or a sign-in link), and the
 * bid history. Everything shown comes from the server; the countdown runs on server time.
 */
/** 'Extended by 45 seconds!' and the new end in the shop's one format. */
function ExtensionText({ title, text }: { title: string; text: string }) {
  return (
    <>
      <strong>{title}</strong> {text}
    </>
  );
}

export function LiveAuction({
  auctionId,
  initial,
  retailPriceCents,
  productStatus,
  location,
  terms,
  compact = false,
  withHistory = true,
  onPhaseChange,
  className,
  children,
}: LiveAuctionProps) {
  const { user, isPending: sessionPending } = useSession();
  const state = useAuctionState(auctionId);
  const { extension } = useLiveAuction(auctionId);
  const now = useServerNow();

  const auction: AuctionPanelData | null = state.data?.auction ?? initial;
  const phase = auction ? auctionPhase(auction, now) : null;
  const me = state.data?.me ?? null;

  // Phones: until the shopper reaches the auction box, a bar at the bottom of the screen shows the
  // price, the time left and the way to bid (PhoneBidBar). Not in the quick view (a dialog).
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const oneColumn = useSyncExternalStore(subscribeOneColumn, isOneColumn, () => false);
  const canBid = !sessionPending && user?.role !== 'staff' && user?.status !== 'suspended';

  const onEnded = useCallback(() => {
    if (auctionId) void state.refetch();
    onPhaseChange?.();
  }, [auctionId, state, onPhaseChange]);

  let action: ReactNode = null;
  if (phase === 'live' || phase === 'scheduled') {
    if (sessionPending) action = <Skeleton className="h-12 w-full rounded-xl" />;
    else if (!user) action = <SignInToBid size={compact ? 'md' : 'lg'} hint={!compact} />;
    else if (user.role === 'staff') {
      action = <p className="text-sm text-ink-600">Staff accounts cannot bid.</p>;
    } else if (user.status === 'suspended') {
      // Said before they try (the server refuses a suspended account's bid anyway).
      action = <p className="text-sm font-medium text-accent-800">{ACCOUNT_SUSPENDED_CANNOT_BID}</p>;
    } else if (phase === 'scheduled') {
      action = (
        <p className="text-sm text-ink-600">
          Bidding opens when the auction starts. Watch it to find it again.
        </p>
      );
    } else if (!state.data) {
      action = <Skeleton className="h-36 w-full rounded-xl" />;
    } else {
      action = (
        <Suspense fallback={<Skeleton className="h-36 w-full rounded-xl" />}>
          <BidForm
            auction={state.data.auction}
            me={me}
            bidder={user}
            taxConfig={location?.taxConfig ?? null}
            locationName={location?.name ?? null}
            terms={terms}
            compact={compact}
          />
        </Suspense>
      );
    }
  }

  const extensionNotice =
    phase === 'live' && extension && auction && extension.endTime === auction.endTime ? (
      <p
        role="status"
        data-testid="soft-close-notice"
        className="flex items-start gap-2 rounded-xl bg-gold-100 px-3 py-2 text-sm text-gold-800 ring-1 ring-gold-800/20 ring-inset"
      >
        <Timer className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <ExtensionText
            {...extensionText(new Date(extension.previousEndTime), new Date(extension.endTime))}
          />
        </span>
      </p>
    ) : null;

  return (
    <div className={className}>
      {oneColumn && !compact && canBid && auction && phase === 'live' ? (
        <Suspense fallback={null}>
          <PhoneBidBarFor
            box={box}
            priceLabel={auction.bidCount > 0 ? 'Current bid' : 'Starting bid'}
            priceCents={auction.currentPriceCents}
            endTime={auction.endTime}
            signedIn={user !== null}
          />
        </Suspense>
      ) : null}
      <div ref={setBox} className="scroll-mt-24">
        <AuctionPanel
          auction={auction}
          retailPriceCents={retailPriceCents}
          productStatus={productStatus}
          action={action}
          standing={me?.maxBidCents != null ? <MyStanding me={me} /> : null}
          notice={extensionNotice}
          onEnded={onEnded}
          className={compact ? undefined : 'shadow-card'}
        />
      </div>
      {children}
      {withHistory && auctionId && (phase === 'live' || phase === 'ended') ? (
        <BidHistory
          auctionId={auctionId}
          phase={phase}
          myHandle={user?.handle ?? null}
          className={compact ? 'mt-4' : 'mt-6'}
        />
      ) : null}
    </div>
  );
}
