import type { AdminLaunchStatsResponse } from '@rebound/contract/launch';
import { DayBarChart } from '../../../components/admin/DayBarChart';
import { SOURCE_LABELS } from './labels';

const DAYS_SHOWN = 14;

/** The last `count` days up to the latest signup's day, with zero-signup days filled in. */
export function lastDays(byDay: AdminLaunchStatsResponse['byDay'], count = DAYS_SHOWN) {
  if (byDay.length === 0) return [];
  const known = new Map(byDay.map((d) => [d.date, d]));
  const last = new Date(`${byDay[byDay.length - 1]!.date}T12:00:00Z`);
  const days: { date: string; total: number; confirmed: number }[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const date = new Date(last.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    days.push(known.get(date) ?? { date, total: 0, confirmed: 0 });
  }
  return days;
}

/** Signups by day as stacked bars (confirmed, then pending), with the numbers as a table for screen readers. */
export function SignupsByDayChart({ byDay }: { byDay: AdminLaunchStatsResponse['byDay'] }) {
  const days = lastDays(byDay);
  return (
    <DayBarChart
      days={days}
      bars={(d) => [
        { value: d.total, className: 'fill-brand-200' },
        { value: d.confirmed, className: 'fill-brand-700' },
      ]}
      // Every other day, ending on the last.
      label={(d, i) => (i % 2 === (days.length - 1) % 2 ? d.date.slice(5).replace('-', '/') : null)}
      barWidth={28}
      gap={10}
      radius={5}
      labelClassName="fill-ink-700 text-[10px]"
      caption={
        <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-ink-700">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-brand-700" aria-hidden="true" />
            Confirmed
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-brand-200" aria-hidden="true" />
            Pending
          </span>
        </figcaption>
      }
      table={{
        caption: `Launch signups by day, the last ${DAYS_SHOWN} days`,
        columns: ['Confirmed', 'Pending'],
        cells: (d) => [d.confirmed, d.total - d.confirmed],
      }}
    />
  );
}

/** Signups by source as horizontal bars (confirmed part darker); the list itself is the readable form. */
export function SignupsBySource({ bySource }: { bySource: AdminLaunchStatsResponse['bySource'] }) {
  const max = Math.max(1, ...bySource.map((s) => s.total));
  const sorted = [...bySource].sort((a, b) => b.total - a.total);
  return (
    <ul className="flex flex-col gap-3">
      {sorted.map((s) => (
        <li key={s.source}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-ink-900">{SOURCE_LABELS[s.source] ?? s.source}</span>
            <span className="tabular-nums text-ink-700">
              {s.total.toLocaleString('en-CA')}{' '}
              <span className="text-ink-600">({s.confirmed.toLocaleString('en-CA')} confirmed)</span>
            </span>
          </div>
          <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
            <div className="flex h-full" style={{ width: `${(s.total / max) * 100}%` }}>
              <div
                className="h-full bg-brand-700"
                style={{ width: `${s.total ? (s.confirmed / s.total) * 100 : 0}%` }}
              />
              <div className="h-full flex-1 bg-brand-200" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
