import type { AuctionCard } from '@rebound/contract/catalog';
import { ImageOff } from 'lucide-react';

/** A small square picture of an auction's product for lists (My Bids, the watchlist); decorative. */
export function AuctionThumb({ image }: { image: AuctionCard['image'] }) {
  return (
    <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-ink-50 sm:size-20">
      {image ? (
        <img
          src={image.url}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-ink-400">
          <ImageOff className="size-6" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
