import { RETURN_WINDOW_DAYS } from '@rebound/core/windows';
import { Ban, CalendarClock, CreditCard, type LucideIcon, PackageCheck, Store } from 'lucide-react';
import { RETURNS_SECTIONS } from '../content/returns-sections';
import { LegalPage } from './LegalPage';

const SUMMARY: readonly { icon: LucideIcon; title: string; text: string; href?: string }[] = [
  {
    icon: CalendarClock,
    title: `${RETURN_WINDOW_DAYS} days from pickup`,
    text: `Return an item within ${RETURN_WINDOW_DAYS} days of the day you collected it.`,
  },
  {
    icon: Store,
    title: 'Free, at the warehouse',
    text: 'No restocking fee and nothing to ship: bring it back to our Burnaby warehouse.',
  },
  {
    icon: PackageCheck,
    title: 'As you received it',
    text: 'In the same condition, with its accessories and packaging.',
  },
  {
    icon: CreditCard,
    title: 'Refund in 5–10 business days',
    text: 'The full amount you paid for the item, back to your original card.',
  },
  {
    icon: Ban,
    title: 'Some items are final',
    text: 'Perishables, personal care, custom items, hazardous materials, Final Sale or As-Is items and gift cards.',
    href: '#non-returnable',
  },
];

function ReturnsSummary() {
  return (
    <section
      aria-labelledby="returns-summary-heading"
      className="rounded-card bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6"
    >
      <h2 id="returns-summary-heading" className="text-lg font-bold tracking-tight text-brand-900">
        Returns at a glance
      </h2>
      <ul className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {SUMMARY.map((item) => (
          <li key={item.title} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 ring-1 ring-brand-100">
              <item.icon className="size-[1.125rem]" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-ink-950">{item.title}</p>
              <p className="mt-0.5 text-sm leading-relaxed text-ink-700">
                {item.text}
                {item.href ? (
                  <>
                    {' '}
                    <a
                      href={item.href}
                      className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2 hover:text-brand-900"
                    >
                      See the list<span className="sr-only"> of items that cannot be returned</span>
                    </a>
                  </>
                ) : null}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /refund-return-policy */
export default function RefundReturnPolicyPage() {
  return (
    <LegalPage
      title="Refund & Return Policy"
      intro={`Changed your mind? Most items can come back within ${RETURN_WINDOW_DAYS} days of pickup, free of charge. Here is how returns and refunds work at Rebound.`}
      summary={<ReturnsSummary />}
      sections={RETURNS_SECTIONS}
    />
  );
}
