import { dropsBannerState, formatCountdown } from '@rebound/core/countdown';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { useEffect } from 'react';
import { ButtonLink } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useServerNow } from '../../../lib/server-clock';

type DropsBannerProps = {
  /** null while the figures load. */
  figures: { liveCount: number; earliestEndTime: string | null } | null;
  /** The countdown reached zero: time to ask the server what ends next. */
  onCountdownEnd: () => void;
};

const SHELL =
  'relative isolate flex min-h-64 flex-col justify-between gap-6 overflow-hidden rounded-[1.75rem] bg-brand-950 p-6 text-white sm:p-8';

/**
 * The countdown banner (docs/product.md "Browsing and search"): 'LIVE NOW' while auctions are live or at
 * zero, otherwise 'Next Auction Ends In'; the countdown runs to the earliest end on the server's clock, ticks
 * every second and reads 'Auction ended' at zero. Rules in core/countdown.
 */
export function DropsBanner({ figures, onCountdownEnd }: DropsBannerProps) {
  const now = useServerNow();
  const endMs = figures?.earliestEndTime ? Date.parse(figures.earliestEndTime) : null;
  const banner = figures
    ? dropsBannerState({ liveCount: figures.liveCount, earliestEndMs: endMs, nowMs: now })
    : null;
  const ended = banner?.msRemaining === 0;

  // At zero, once per end time: the server then answers with the next auction to end.
  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(onCountdownEnd, 1_000);
    return () => clearTimeout(timer);
  }, [ended, onCountdownEnd]);

  if (!figures || !banner) {
    return (
      // Line for line the height of the live banner (badge, label, countdown, the two-line sentence on
      // phones, button), so the early-access box below it does not move when the figures arrive.
      <section aria-label="Drop countdown" aria-busy="true" className={SHELL}>
        <Glow />
        <Skeleton className="h-8 w-32 rounded-full bg-white/15" />
        <div>
          <div className="mb-1 flex h-5 items-center">
            <Skeleton className="h-3.5 w-44 bg-white/15" />
          </div>
          <div className="flex h-12 items-center sm:h-15">
            <Skeleton className="h-10 w-64 bg-white/15 sm:h-12" />
          </div>
          <div className="mt-3 flex h-10 flex-col justify-center gap-2 sm:h-5">
            <Skeleton className="h-3.5 w-full max-w-80 bg-white/15" />
            <Skeleton className="h-3.5 w-32 bg-white/15 sm:hidden" />
          </div>
        </div>
        <Skeleton className="h-12 w-full rounded-xl bg-white/15 sm:w-64" />
      </section>
    );
  }

  const live = banner.label === 'LIVE NOW';
  // With nothing to count down to, a 'Next Auction Ends In' label would promise a time we do not have.
  const badge = banner.msRemaining === null && !live ? 'Between drops' : banner.label;
  return (
    <section aria-labelledby="drop-banner-label" className={SHELL}>
      <Glow />
      <p
        id="drop-banner-label"
        className={
          live
            ? 'inline-flex w-fit items-center gap-2 rounded-full bg-accent-700 px-3.5 py-1.5 text-sm font-extrabold tracking-widest text-white shadow-card'
            : 'inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-bold tracking-wide text-brand-100 ring-1 ring-white/15'
        }
      >
        {live ? (
          <span aria-hidden="true" className="relative flex size-2.5">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-white opacity-75 motion-reduce:hidden" />
            <span className="relative inline-flex size-2.5 rounded-full bg-white" />
          </span>
        ) : (
          <CalendarClock className="size-4" aria-hidden="true" />
        )}
        {badge}
      </p>

      {banner.msRemaining === null ? (
        <div>
          <p className="text-2xl font-bold tracking-tight sm:text-3xl">No auctions are live right now</p>
          <p className="mt-2 max-w-md text-brand-100">
            New lots drop daily. Join early access and we will tell you when the next drop opens.
          </p>
        </div>
      ) : (
        <div>
          {live ? (
            <p className="mb-1 text-sm font-medium text-brand-100">The next auction closes in</p>
          ) : null}
          <p
            role="timer"
            aria-label={live ? 'Time until the next auction closes' : banner.label}
            className="text-5xl leading-none font-extrabold tracking-tight tabular-nums sm:text-6xl"
          >
            {formatCountdown(banner.msRemaining)}
          </p>
          <p className="mt-3 text-sm text-brand-100">
            {figures.liveCount === 1
              ? '1 auction is live'
              : `${figures.liveCount.toLocaleString('en-CA')} auctions are live`}
            . Soft close: a late bid adds a minute.
          </p>
        </div>
      )}

      <ButtonLink
        to={figures.liveCount > 0 ? '/shop?sort=ending' : '/shop'}
        variant="inverse"
        size="lg"
        className="w-full sm:w-fit"
      >
        {figures.liveCount > 0 ? 'Shop auctions ending soonest' : 'Browse the shop'}
        <ArrowRight aria-hidden="true" />
      </ButtonLink>
    </section>
  );
}

function Glow() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_22rem_at_100%_0%,var(--color-brand-600),transparent_60%),radial-gradient(30rem_20rem_at_0%_120%,var(--color-brand-800),transparent_65%)]"
    />
  );
}
