import { ArrowRight, Sparkles } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';

type ShowcaseImage = { url: string; alt: string };

/** The home page's opening: headline, promise and the way to this week's drops. */
export function Hero({ showcase = [] }: { showcase?: readonly ShowcaseImage[] }) {
  const tiles = showcase.slice(0, 3);
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden rounded-[1.75rem] bg-brand-950 px-6 py-12 text-white sm:px-10 sm:py-16 lg:px-14 lg:py-20"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-brand-600),transparent_60%),radial-gradient(40rem_24rem_at_-10%_110%,var(--color-brand-800),transparent_65%)]"
      />
      <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-100 ring-1 ring-white/15">
            <Sparkles className="size-3.5" aria-hidden="true" />
            New auctions drop daily
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Hidden Gems Await!
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-brand-100 sm:text-lg">
            Quality returns and overstock from major retailers, inspected and graded, at a fraction of the
            price. Bid online and pick up locally in British Columbia.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/drops" variant="inverse" size="lg">
              See this week's drops
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
            <ButtonLink to="/shop" variant="outline-inverse" size="lg">
              Browse all auctions
            </ButtonLink>
          </div>
        </div>

        <div aria-hidden="true" className="relative hidden h-80 lg:block">
          {[0, 1, 2].map((i) => {
            const tile = tiles[i];
            const position = [
              'left-[6%] top-6 -rotate-6 z-10',
              'left-[34%] top-0 rotate-3 z-20',
              'left-[58%] top-12 rotate-[8deg] z-10',
            ][i];
            return (
              <div
                key={i}
                className={`absolute size-52 overflow-hidden rounded-2xl bg-white/10 shadow-overlay ring-1 ring-white/20 ${position}`}
              >
                {tile ? (
                  // Lazy: the tiles are hidden below lg, and phones need not fetch them.
                  <img
                    src={tile.url}
                    alt=""
                    width={800}
                    height={800}
                    loading="lazy"
                    decoding="async"
                    className="size-full object-cover"
                  />
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
