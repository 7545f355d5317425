import type { AdminLaunchStatsResponse } from '@rebound/contract/launch';
import { formatDateKey } from '../../../lib/format-date';
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

/** Signups by day as stacked SVG bars (confirmed, then pending), with the numbers as a table for screen readers. */
export function SignupsByDayChart({ byDay }: { byDay: AdminLaunchStatsResponse['byDay'] }) {
  const days = lastDays(byDay);
  const max = Math.max(1, ...days.map((d) => d.total));
  const w = 28;
  const gap = 10;
  const h = 120;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${days.length * (w + gap) - gap} ${h + 22}`}
        className="h-40 w-full"
        aria-hidden="true"
        preserveAspectRatio="xMidYMid meet"
      >
        {days.map((d, i) => {
          const total = Math.round((d.total / max) * h);
          const confirmed = Math.round((d.confirmed / max) * h);
          const x = i * (w + gap);
          return (
            <g key={d.date}>
              <rect x={x} y={0} width={w} height={h} rx={5} className="fill-ink-100" />
              {total > 0 ? (
                <rect x={x} y={h - total} width={w} height={total} rx={5} className="fill-brand-200" />
              ) : null}
              {confirmed > 0 ? (
                <rect
                  x={x}
                  y={h - confirmed}
                  width={w}
                  height={confirmed}
                  rx={5}
                  className="fill-brand-700"
                />
              ) : null}
              {i % 2 === (days.length - 1) % 2 ? (
                <text x={x + w / 2} y={h + 16} textAnchor="middle" className="fill-ink-700 text-[10px]">
                  {d.date.slice(5).replace('-', '/')}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
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
      <table className="sr-only">
        <caption>Launch signups by day, the last {DAYS_SHOWN} days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Confirmed</th>
            <th scope="col">Pending</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDateKey(d.date)}</th>
              <td>{d.confirmed}</td>
              <td>{d.total - d.confirmed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
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
