import { formatCents } from '@rebound/core/money';
import { formatDateKey } from '../../../lib/format-date';

/** Paid revenue by day as plain SVG bars, with the numbers as a table for screen readers. */
export function RevenueChart({ days, today }: { days: { date: string; cents: number }[]; today: string }) {
  const max = Math.max(1, ...days.map((d) => d.cents));
  const w = 40;
  const gap = 12;
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
          const bar = Math.round((d.cents / max) * h);
          const x = i * (w + gap);
          return (
            <g key={d.date}>
              <rect x={x} y={0} width={w} height={h} rx={6} className="fill-ink-100" />
              <rect
                x={x}
                y={h - bar}
                width={w}
                height={bar}
                rx={6}
                className={d.date === today ? 'fill-brand-700' : 'fill-brand-400'}
              />
              <text x={x + w / 2} y={h + 16} textAnchor="middle" className="fill-ink-700 text-[11px]">
                {formatDateKey(d.date).split(',')[0]}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">Paid revenue by day this week</figcaption>
      <table className="sr-only">
        <caption>Paid revenue by day this week</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDateKey(d.date)}</th>
              <td>{formatCents(d.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
