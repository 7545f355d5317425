import { RETURN_WINDOW_DAYS } from '@rebound/core/windows';
import { clsx } from 'clsx';
import { Gavel, PackageCheck, Search } from 'lucide-react';

/** The three 'How it works' steps, shared by the header dialog and the home page. */
export const HOW_IT_WORKS_STEPS = [
  {
    icon: Search,
    title: 'Browse auctions',
    text: 'Explore inspected and graded returns and overstock from major retailers. New auctions drop daily.',
  },
  {
    icon: Gavel,
    title: 'Place your bid',
    text: 'Set the most you are willing to pay and we bid for you, step by step. The highest bid at the end wins.',
  },
  {
    icon: PackageCheck,
    title: 'Pick up your item',
    text: `Finish your purchase, schedule a visit to our warehouse and collect your item. ${RETURN_WINDOW_DAYS}-day free return.`,
  },
] as const;

export function HowItWorksSteps({ layout = 'list' }: { layout?: 'list' | 'row' }) {
  return (
    <ol className={clsx('grid gap-4', layout === 'row' && 'md:grid-cols-3 md:gap-6')}>
      {HOW_IT_WORKS_STEPS.map((step, i) => (
        <li
          key={step.title}
          className={clsx(
            'flex gap-4 rounded-card bg-white p-4 ring-1 ring-ink-200/80',
            layout === 'row' && 'sm:p-6',
          )}
        >
          <span className="relative flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <step.icon className="size-5" aria-hidden="true" />
            <span
              aria-hidden="true"
              className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-brand-700 text-[0.6875rem] font-bold text-white"
            >
              {i + 1}
            </span>
          </span>
          <div>
            <h3 className="font-semibold text-ink-950">{step.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-ink-700">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
