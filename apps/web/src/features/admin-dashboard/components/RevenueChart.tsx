import { formatCents } from '@rebound/core/money';
import { DayBarChart } from '../../../components/admin/DayBarChart';
import { formatDateKey } from '../../../lib/format-date';

/** Paid revenue by day, today's bar darker, with the numbers as a table for screen readers. */
export function RevenueChart({ days, today }: { days: { date: string; cents: number }[]; today: string }) {
  return (
    <DayBarChart
      days={days}
      bars={(d) => [{ value: d.cents, className: d.date === today ? 'fill-brand-700' : 'fill-brand-400' }]}
      label={(d) => formatDateKey(d.date).split(',')[0]!}
      barWidth={40}
      gap={12}
      radius={6}
      labelClassName="fill-ink-700 text-[11px]"
      caption={<figcaption className="sr-only">Paid revenue by day this week</figcaption>}
      table={{ caption: 'Paid revenue by day this week', cells: (d) => [formatCents(d.cents)] }}
    />
  );
}
