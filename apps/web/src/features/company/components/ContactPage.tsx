import { RETURN_WINDOW_DAYS } from '@rebound/core/windows';
import { Car, Clock3, IdCard, type LucideIcon, Mail, MapPin, ShieldCheck, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../../../components/ui/Container';
import { COMPANY, OPENING_HOURS } from '../../../lib/company';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactForm } from './ContactForm';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-200/80 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-bold tracking-tight text-ink-950">{title}</h2>
      </div>
      <div className="mt-4 text-[0.9375rem] leading-relaxed text-ink-700">{children}</div>
    </section>
  );
}

const DIRECTIONS: readonly { icon: LucideIcon; title: string; text: ReactNode }[] = [
  {
    icon: Car,
    title: 'Finding us',
    text: (
      <>
        We are in south Burnaby's Big Bend business district, on North Fraser Way. Use the rear loading bay
        and follow the Rebound signs to Door 4. Free parking in bays 12 to 20.
      </>
    ),
  },
  {
    icon: IdCard,
    title: 'What to bring',
    text: (
      <>
        Your order number and valid government-issued photo ID in the name on your account. Pickups are by
        appointment: book yours in <Link to="/account">your account</Link> once you have paid.
      </>
    ),
  },
  {
    icon: Truck,
    title: 'Large items',
    text: (
      <>
        Staff can help load items up to 25 kg. For furniture-sized items, bring a helper and a vehicle they
        fit in. We do not ship or deliver.
      </>
    ),
  },
];

/** /contact: how to reach us, where we are and when, and a message form. */
export default function ContactPage() {
  useDocumentTitle('Contact Us');
  return (
    <Container className="py-8 sm:py-12 lg:py-16">
      <header className="max-w-[70ch]">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Contact</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-950 sm:text-4xl">Contact Us</h1>
        <p className="mt-4 text-lg leading-relaxed text-pretty text-ink-700">
          Questions about an auction, a payment, a pickup or a return? Send us a message or visit the
          warehouse.
        </p>
        <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3.5 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-100">
          <Clock3 className="size-4" aria-hidden="true" />
          We answer every message within 24 hours.
        </p>
      </header>

      <div className="mt-8 grid items-start gap-6 sm:mt-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-8">
        <div className="flex flex-col gap-6">
          <InfoCard icon={Mail} title="Email">
            <p>
              Orders, bidding and pickups:
              <br />
              <a href={`mailto:${COMPANY.supportEmail}`} className={linkClass}>
                {COMPANY.supportEmail}
              </a>
            </p>
            <p className="mt-3">
              Privacy and your personal information:
              <br />
              <a href={`mailto:${COMPANY.privacyEmail}`} className={linkClass}>
                {COMPANY.privacyEmail}
              </a>
            </p>
          </InfoCard>

          <InfoCard icon={MapPin} title="Warehouse and pickup">
            <address className="not-italic">
              <span className="block font-semibold text-ink-950">{COMPANY.warehouseName}</span>
              <span className="block">{COMPANY.street}</span>
              <span className="block">
                {COMPANY.city}, {COMPANY.province} {COMPANY.postalCode}
              </span>
              <span className="block">{COMPANY.country}</span>
            </address>
            <h3 className="mt-5 text-sm font-semibold text-ink-950">Opening hours (Pacific Time)</h3>
            <dl className="mt-2 divide-y divide-ink-100 text-sm">
              {OPENING_HOURS.map((row) => (
                <div key={row.days} className="flex items-baseline justify-between gap-4 py-2">
                  <dt className="text-ink-700">{row.days}</dt>
                  <dd className="font-semibold text-ink-950 tabular-nums">{row.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-sm text-ink-600">Closed on statutory holidays.</p>
          </InfoCard>
        </div>

        <ContactForm />
      </div>

      <section
        aria-labelledby="directions-heading"
        className="mt-10 rounded-[1.75rem] bg-ink-100/70 p-6 sm:mt-14 sm:p-10"
      >
        <h2 id="directions-heading" className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
          Getting here
        </h2>
        <p className="mt-1 max-w-[70ch] text-sm text-ink-600">
          Picking up or returning an item? Here is what to expect at the warehouse.
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3 md:gap-6">
          {DIRECTIONS.map((item) => (
            <li
              key={item.title}
              className="flex flex-col gap-3 rounded-card bg-white p-5 ring-1 ring-ink-200/80 sm:flex-row sm:gap-4 sm:p-6"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <item.icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-ink-950">{item.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-ink-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2">
                  {item.text}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 flex items-start gap-2 text-sm text-ink-700">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Returns come back here too, within {RETURN_WINDOW_DAYS} days of pickup. See our{' '}
            <Link to="/refund-return-policy" className={linkClass}>
              Refund &amp; Return Policy
            </Link>
            .
          </span>
        </p>
      </section>
    </Container>
  );
}
