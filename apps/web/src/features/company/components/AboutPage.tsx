import { PAYMENT_WINDOW_HOURS, PICKUP_WINDOW_DAYS, RETURN_WINDOW_DAYS } from '@rebound/core/windows';
import {
  ArrowRight,
  CalendarDays,
  ClipboardCheck,
  Gavel,
  Leaf,
  type LucideIcon,
  MapPin,
  PackageCheck,
  Search,
  ShieldCheck,
  Timer,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { COMPANY, COMPANY_ADDRESS_LINE } from '../../../lib/company';
import { useDocumentTitle } from '../../../lib/use-document-title';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** True facts of the service, not made-up numbers. */
const FACTS: readonly { icon: LucideIcon; value: string; label: string }[] = [
  { icon: CalendarDays, value: 'Daily', label: 'new auctions' },
  { icon: ClipboardCheck, value: '3 grades', label: 'every item inspected' },
  { icon: Timer, value: '1-minute', label: 'soft close on every auction' },
  { icon: Undo2, value: `${RETURN_WINDOW_DAYS} days`, label: 'free returns from pickup' },
];

/** How it Works, in words: the header dialog's three steps with what each involves. */
const STEPS: readonly { icon: LucideIcon; title: string; text: ReactNode }[] = [
  {
    icon: Search,
    title: 'Browse auctions',
    text: (
      <>
        Explore inspected and graded returns and overstock in the <Link to="/shop">shop</Link>, or start with{' '}
        <Link to="/drops">this week's finds</Link>. Every listing shows photos, the condition grade, the
        retail price for comparison and the time left. New auctions drop daily.
      </>
    ),
  },
  {
    icon: Gavel,
    title: 'Place your bid',
    text: (
      <>
        Set the most you are willing to pay and we bid for you, one posted increment at a time. The highest
        bid at the end wins, and a bid in the final minute adds a minute, so nobody is sniped. See{' '}
        <Link to="/terms-of-service#proxy-bidding">how bidding works</Link>.
      </>
    ),
  },
  {
    icon: PackageCheck,
    title: 'Pick up your item',
    text: (
      <>
        Pay by card within {PAYMENT_WINDOW_HOURS} hours, book a pickup slot within {PICKUP_WINDOW_DAYS} days
        of the auction's end and collect your item in Burnaby with your photo ID. Changed your mind? You have
        a <Link to="/refund-return-policy">{RETURN_WINDOW_DAYS}-day free return</Link>.
      </>
    ),
  },
];

const REASONS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: CalendarDays,
    title: 'Daily auctions',
    text: 'Fresh lots open every day across electronics, computers, clothing, beauty, garden and more, often starting well below retail. There is always something new to find.',
  },
  {
    icon: Leaf,
    title: 'Sustainable shopping',
    text: 'Returned and overstock goods often end up liquidated by the pallet or sent to landfill. Buying them keeps useful things in use and out of the waste stream, close to home.',
  },
  {
    icon: ShieldCheck,
    title: 'Quality assured',
    text: `Our team inspects every item, tests it where practical and grades it honestly. You see it before you take it home, and most items come with a ${RETURN_WINDOW_DAYS}-day free return.`,
  },
];

const GRADES: readonly { name: string; text: string }[] = [
  { name: 'Like New', text: 'Unused or barely used, no visible wear, with its main accessories.' },
  { name: 'Open Box', text: 'Packaging opened, damaged or replaced; the item itself is in excellent shape.' },
  { name: 'Gently Used', text: 'Light signs of wear such as small scuffs, and works as it should.' },
];

function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="max-w-[70ch]">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-2 text-base leading-relaxed text-ink-700">{lead}</p> : null}
    </div>
  );
}

/** /about: the store's story, how it works and why shop here. */
export default function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <>
      <Container className="pt-4 sm:pt-6 lg:pt-8">
        <section
          aria-labelledby="about-heading"
          className="relative isolate overflow-hidden rounded-[1.75rem] bg-brand-950 px-6 py-12 text-white sm:px-10 sm:py-16 lg:px-14 lg:py-20"
        >
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-brand-600),transparent_60%),radial-gradient(40rem_24rem_at_-10%_110%,var(--color-brand-800),transparent_65%)]"
          />
          <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-100 ring-1 ring-white/15">
                <MapPin className="size-3.5" aria-hidden="true" />
                About Rebound · Burnaby, BC
              </p>
              <h1
                id="about-heading"
                className="mt-5 text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-5xl"
              >
                Good things deserve a second chance.
              </h1>
              <p className="mt-5 max-w-xl text-base leading-relaxed text-brand-100 sm:text-lg">
                Rebound auctions returned and overstock goods from major retailers, inspected and graded by
                our own team, at a fraction of the retail price. Bid online, then pick up at our warehouse in
                Burnaby.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <ButtonLink to="/shop" variant="inverse" size="lg">
                  Browse auctions
                  <ArrowRight aria-hidden="true" />
                </ButtonLink>
                <ButtonLink to="/contact" variant="outline-inverse" size="lg">
                  Contact us
                </ButtonLink>
              </div>
            </div>

            <ul className="grid grid-cols-2 gap-3 sm:gap-4">
              {FACTS.map((fact) => (
                <li key={fact.label} className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/15 sm:p-5">
                  <fact.icon className="size-5 text-brand-300" aria-hidden="true" />
                  <p className="mt-3 text-xl font-bold tracking-tight sm:text-2xl">{fact.value}</p>
                  <p className="mt-0.5 text-sm text-brand-100">{fact.label}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </Container>

      <Container className="mt-14 flex flex-col gap-16 sm:mt-20 sm:gap-24">
        <section
          aria-labelledby="story-heading"
          className="grid gap-10 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-16"
        >
          <div>
            <SectionHeading id="story-heading" title="Our story" />
            <div className="mt-5 max-w-[70ch] space-y-4 text-base leading-7 text-ink-800">
              <p>
                Every day, big retailers take back things that are perfectly good: a blender returned because
                it was the wrong colour, a jacket that was never worn, a laptop in a dented box. Add the
                overstock left over after every season, and you have a mountain of useful goods that are
                usually sold off by the pallet or thrown away.
              </p>
              <p>
                {COMPANY.legalName} was started in Burnaby to give those goods a second chance. We buy
                returned and overstock merchandise from major retailers, and our team opens, checks and grades
                every item, so you know exactly what you are bidding on.
              </p>
              <p>
                Then we let the market set a fair price. Auctions use proxy bidding and posted increments, so
                you never pay more than needed to win, and a 1-minute soft close gives everyone a chance to
                respond. No hidden tricks: reserve prices are flagged with "Reserve not met", and every total
                shows the buyer's premium and BC taxes before you pay.
              </p>
              <p>
                Because everything is picked up at our warehouse, there is no shipping to pay for and no
                packaging to throw away, and you see your item before you take it home.
              </p>
            </div>
          </div>

          <div className="self-start rounded-card bg-white p-6 shadow-card ring-1 ring-ink-200/80 sm:p-8">
            <h3 className="text-lg font-bold tracking-tight text-ink-950">Inspected and graded</h3>
            <p className="mt-1 text-sm text-ink-600">Every item gets one of three condition grades.</p>
            <dl className="mt-5 flex flex-col gap-4">
              {GRADES.map((grade) => (
                <div key={grade.name} className="flex flex-col gap-1.5 sm:flex-row sm:gap-3">
                  <dt className="shrink-0 sm:pt-0.5">
                    <span className="inline-flex w-28 items-center justify-center rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
                      {grade.name}
                    </span>
                  </dt>
                  <dd className="text-sm leading-relaxed text-ink-700">{grade.text}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-5 border-t border-ink-100 pt-4 text-sm text-ink-600">
              Any flaw we find is in the listing. Details in our{' '}
              <Link to="/terms-of-service#condition-grades" className={linkClass}>
                Terms of Service
              </Link>
              .
            </p>
          </div>
        </section>

        <section aria-labelledby="how-heading">
          <SectionHeading
            id="how-heading"
            title="How it works"
            lead="Three steps from first bid to picking up your find."
          />
          <ol className="mt-8 grid gap-4 md:grid-cols-3 md:gap-6">
            {STEPS.map((step, index) => (
              <li
                key={step.title}
                className="flex flex-col gap-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-6"
              >
                <div className="flex items-center gap-3">
                  <span className="relative flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <step.icon className="size-5" aria-hidden="true" />
                    <span
                      aria-hidden="true"
                      className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-brand-700 text-[0.6875rem] font-bold text-white"
                    >
                      {index + 1}
                    </span>
                  </span>
                  <h3 className="text-lg font-semibold text-ink-950">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                </div>
                <p className="text-[0.9375rem] leading-relaxed text-ink-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800">
                  {step.text}
                </p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="why-heading">
          <SectionHeading
            id="why-heading"
            title="Why Rebound"
            lead="Brand-name goods at auction prices, bought the way you would want to buy them."
          />
          <ul className="mt-8 grid gap-4 md:grid-cols-3 md:gap-6">
            {REASONS.map((reason) => (
              <li key={reason.title} className="rounded-card bg-ink-100/70 p-6 sm:p-7">
                <span className="flex size-11 items-center justify-center rounded-xl bg-white text-brand-700 ring-1 ring-ink-200/80">
                  <reason.icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink-950">{reason.title}</h3>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-ink-700">{reason.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="visit-heading"
          className="flex flex-col gap-6 rounded-[1.75rem] bg-white p-6 shadow-card ring-1 ring-ink-200/80 sm:p-10 lg:flex-row lg:items-center lg:justify-between"
        >
          <div className="flex gap-4">
            <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 sm:flex">
              <MapPin className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h2 id="visit-heading" className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
                Visit us in Burnaby
              </h2>
              <p className="mt-2 max-w-[60ch] text-base leading-relaxed text-ink-700">
                {COMPANY_ADDRESS_LINE}. Pickup and returns Monday to Saturday, 10:00 to 18:00 Pacific Time.
              </p>
            </div>
          </div>
          <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
            <ButtonLink to="/contact" variant="secondary" size="lg">
              Hours and directions
            </ButtonLink>
            <ButtonLink to="/shop" size="lg">
              Start browsing
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
          </div>
        </section>
      </Container>
    </>
  );
}
