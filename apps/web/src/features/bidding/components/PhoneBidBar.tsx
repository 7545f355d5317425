import { Gavel, LogIn } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Countdown } from '../../../components/ui/Countdown';
import { Price } from '../../../components/ui/Price';
import { ONE_COLUMN } from '../one-column';

/**
 * Whether `target`'s top is still in the lower part of the screen or below it (the shopper has not
 * scrolled to it yet: at most its first lines show), on one-column layouts only. False until
 * known, and always false on wide screens.
 */
export function useBelowTheFold(target: HTMLElement | null, enabled: boolean): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const narrow = window.matchMedia(ONE_COLUMN);
    let observer: IntersectionObserver | null = null;
    const watch = () => {
      observer?.disconnect();
      observer = null;
      if (!narrow.matches) {
        setBelow(false);
        return;
      }
      // Reached once its top is in the upper 60 % of the screen.
      observer = new IntersectionObserver(
        ([entry]) => {
          if (!entry) return;
          setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
        },
        { rootMargin: '0px 0px -40% 0px' },
      );
      observer.observe(target);
    };
    watch();
    narrow.addEventListener('change', watch);
    return () => {
      narrow.removeEventListener('change', watch);
      observer?.disconnect();
    };
  }, [target, enabled]);
  return below;
}

type PhoneBidBarProps = {
  priceLabel: string;
  priceCents: number;
  endTime: string;
  /** Signed in as a shopper: 'Bid' takes them to the bid form; signed out: 'Sign in to bid'. */
  signedIn: boolean;
  onBid: () => void;
};

/**
 * On a phone the product page's first screen holds the photo and the title; until the shopper has
 * scrolled to the auction box, this bar at the bottom of the screen carries what matters most: the
 * price, the time left and the way to bid.
 */
export function PhoneBidBar({ priceLabel, priceCents, endTime, signedIn, onBid }: PhoneBidBarProps) {
  return (
    <section
      aria-label="Bid on this item"
      data-testid="phone-bid-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-200 bg-white px-4 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-[0_-6px_20px_-8px_rgb(15_23_42/0.18)] lg:hidden"
    >
      <div className="mx-auto flex max-w-2xl items-center gap-3">
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-3">
          <div className="min-w-0">
            <dt className="text-[0.6875rem] font-medium tracking-wide text-ink-600 uppercase">
              {priceLabel}
            </dt>
            <dd className="text-lg leading-tight font-bold text-ink-950" data-testid="phone-bid-bar-price">
              <Price cents={priceCents} />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-[0.6875rem] font-medium tracking-wide text-ink-600 uppercase">Time left</dt>
            <dd className="text-lg leading-tight font-semibold text-ink-900" data-testid="phone-bid-bar-time">
              <Countdown to={endTime} className="data-[urgent=true]:text-accent-700" />
            </dd>
          </div>
        </dl>
        {signedIn ? (
          <Button onClick={onBid} className="shrink-0">
            <Gavel aria-hidden="true" />
            Bid
          </Button>
        ) : (
          <ButtonLink to="/auth" className="shrink-0">
            <LogIn aria-hidden="true" />
            Sign in to bid
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

/**
 * The bar for the auction box `box`: shown while the box is below the fold, and 'Bid' scrolls to the
 * bid form and focuses its field. LiveAuction loads this (its own chunk) on one-column screens only.
 */
export function PhoneBidBarFor({
  box,
  ...bar
}: Omit<PhoneBidBarProps, 'onBid'> & { box: HTMLElement | null }) {
  const below = useBelowTheFold(box, true);
  const onBid = useCallback(() => {
    if (!box) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // The bid form is its own chunk: on a slow connection it may still be on its way, so the field
    // takes the focus as soon as it is there (for up to about two seconds).
    const focusField = (frames: number) => {
      const field = box.querySelector<HTMLInputElement>('input[name="maxBid"]');
      if (field) field.focus({ preventScroll: true });
      else if (frames > 0) requestAnimationFrame(() => focusField(frames - 1));
    };
    focusField(120);
  }, [box]);
  return below ? <PhoneBidBar {...bar} onBid={onBid} /> : null;
}
