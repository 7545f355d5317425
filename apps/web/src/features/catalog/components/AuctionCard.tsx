import type { AuctionCard as AuctionCardData } from '@rebound/contract/catalog';
import { conditionLabel, savingsPercent } from '@rebound/core/catalog';
import { saleTermsBadge, saleTermsText } from '@rebound/core/sale-terms';
import { Clock, Gavel, ImageOff } from 'lucide-react';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Countdown } from '../../../components/ui/Countdown';
import { Price, RetailPrice } from '../../../components/ui/Price';
import { Skeleton } from '../../../components/ui/Skeleton';
import { bidCountLabel } from '../../../lib/bid-count';
import { productPath } from '../../../lib/paths';
import { ProductPicture } from './ProductPicture';

type AuctionCardProps = {
  card: AuctionCardData;
  /** Open the quick-view modal; a plain link to the product page is the fallback. */
  onOpen: (card: AuctionCardData) => void;
  /** Pointer or focus arrived: a good moment to prefetch the product. */
  onIntent?: (slug: string) => void;
  /** In the first screen: load the image at once, at high priority. */
  priority?: boolean;
  /** The watch control, set in the picture's top corner (the app puts the watchlist's heart here). */
  watch?: ReactNode;
};

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One auction in a grid. The whole card is a single link (the title's, stretched over the card):
 * a plain click opens the quick view, while a middle click or Ctrl+click opens the full page.
 */
export function AuctionCard({ card, onOpen, onIntent, priority = false, watch }: AuctionCardProps) {
  const titleId = useId();
  const savings = savingsPercent(card.retailPriceCents, card.currentPriceCents);
  const scheduled = card.status === 'scheduled';
  const terms = saleTermsBadge(card.saleTerms);

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onOpen(card);
  }

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-200/80 transition-shadow duration-200 hover:shadow-lift has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600"
    >
      <div className="relative aspect-square overflow-hidden bg-ink-50">
        {card.image ? (
          <ProductPicture
            image={card.image}
            // Two columns on phones, three or four beside the filters on wider screens.
            sizes="(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw"
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 ease-out group-hover:scale-[1.04]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-ink-400">
            <ImageOff className="size-8" aria-hidden="true" />
          </div>
        )}
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1 sm:top-3 sm:left-3">
          <Badge className="shadow-card">{conditionLabel(card.condition)}</Badge>
          {terms ? (
            // Final Sale / As-Is: no returns (core sale-terms.ts); the whole sentence as its title.
            <Badge
              tone="gold"
              className="shadow-card"
              data-testid="sale-terms-badge"
              title={saleTermsText({ saleTerms: card.saleTerms })}
            >
              {terms}
            </Badge>
          ) : null}
        </div>
        {watch ? <div className="absolute top-2 right-2 z-10 flex sm:top-3 sm:right-3">{watch}</div> : null}
      </div>

      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="truncate text-xs font-medium text-ink-600">{card.brand}</p>
        <h3
          id={titleId}
          className="mt-0.5 line-clamp-2 min-h-[2lh] text-sm leading-snug font-semibold text-ink-900 sm:text-[0.9375rem]"
        >
          <Link
            to={productPath(card.slug)}
            onClick={handleClick}
            onPointerEnter={() => onIntent?.(card.slug)}
            onFocus={() => onIntent?.(card.slug)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {card.title}
          </Link>
        </h3>

        <div className="mt-3 mb-3">
          <p className="text-xs text-ink-600">{card.bidCount > 0 ? 'Current bid' : 'Starting bid'}</p>
          <p className="text-lg leading-tight font-bold tracking-tight text-ink-950 sm:text-xl">
            <Price cents={card.currentPriceCents} />
          </p>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-1.5 text-xs text-ink-600">
            <RetailPrice cents={card.retailPriceCents} />
            {savings > 0 ? <span className="font-semibold text-brand-700">{savings}% off</span> : null}
          </p>
          {card.itemLots !== undefined && card.itemLots > 1 ? (
            <p className="mt-1 text-xs font-semibold text-ink-800" data-testid="item-lots">
              {card.itemLots} lots
            </p>
          ) : null}
          {card.moreOfItem ? (
            // Above the card's stretched link: the other lots, listed on the product page (decision 092).
            <Link
              to={`${productPath(card.slug)}#more-of-this-item`}
              data-testid="more-like-this"
              className="relative z-10 mt-1 inline-block rounded text-xs font-semibold text-brand-700 hover:underline"
            >
              {card.moreOfItem} more like this
            </Link>
          ) : null}
        </div>

        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-t border-ink-100 pt-3 text-xs font-medium text-ink-700">
          <span className="inline-flex items-center gap-1">
            <Gavel className="size-3.5 text-ink-500 max-[379px]:hidden" aria-hidden="true" />
            {bidCountLabel(card.bidCount)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5 text-ink-500" aria-hidden="true" />
            <Countdown
              to={scheduled ? card.startTime : card.endTime}
              label={scheduled ? 'Starts in' : 'Time left'}
              format="short"
              className="data-[urgent=true]:font-semibold data-[urgent=true]:text-accent-700"
            />
          </span>
        </div>
      </div>
    </article>
  );
}

/** A text-height grey bar: placed inside the same typography as the real line, so heights match. */
function Bar({ className }: { className: string }) {
  return (
    <span
      className={`inline-block h-[0.8em] animate-pulse rounded bg-ink-200/80 align-middle ${className}`}
    />
  );
}

/** Same structure and type as a card, so the grid does not move when data arrives. */
export function AuctionCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-card bg-white ring-1 ring-ink-200/80"
    >
      <Skeleton className="aspect-square rounded-none" />
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-xs">
          <Bar className="w-1/3" />
        </p>
        <p className="mt-0.5 min-h-[2lh] text-sm leading-snug sm:text-[0.9375rem]">
          <Bar className="w-11/12" />
          <br />
          <Bar className="w-2/3" />
        </p>
        <div className="mt-3 mb-3">
          <p className="text-xs">
            <Bar className="w-1/4" />
          </p>
          <p className="text-lg leading-tight sm:text-xl">
            <Bar className="w-1/2" />
          </p>
          <p className="mt-1 text-xs">
            <Bar className="w-2/5" />
          </p>
        </div>
        <div className="mt-auto flex justify-between border-t border-ink-100 pt-3 text-xs">
          <span>
            <Bar className="w-12" />
          </span>
          <span>
            <Bar className="w-14" />
          </span>
        </div>
      </div>
    </div>
  );
}
