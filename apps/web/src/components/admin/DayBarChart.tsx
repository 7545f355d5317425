import type { ReactNode } from 'react';
import { formatDateKey } from '../../lib/format-date';

/** One bar of a day, drawn from the bottom; a day's bars are drawn in order, each over the one before. */
export type DayBar = { value: number; className: string };

/**
 * The back-office's chart of a figure by day (the dashboard's revenue, the launch list's signups):
 * plain SVG bars over a grey track, scaled to the largest bar, a label under the days that have one,
 * and the numbers as a table for screen readers (the drawing itself is hidden from them).
 */
export function DayBarChart<T extends { date: string }>({
  days,
  bars,
  label,
  barWidth,
  gap,
  radius,
  labelClassName,
  caption,
  table,
}: {
  days: readonly T[];
  /** The day's bars, back to front (a stacked chart draws the whole, then its part over it). */
  bars: (day: T) => DayBar[];
  /** The text under a day's bar, or null for none. */
  label: (day: T, index: number) => string | null;
  barWidth: number;
  gap: number;
  radius: number;
  labelClassName: string;
  /** The figure's caption (a legend, or words for screen readers only). */
  caption: ReactNode;
  /** The numbers: the table's caption, its column heads after the day's (none: no head row), each day's cells. */
  table: { caption: string; columns?: readonly string[]; cells: (day: T) => ReactNode[] };
}) {
  const max = Math.max(1, ...days.flatMap((d) => bars(d).map((b) => b.value)));
  const h = 120;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${days.length * (barWidth + gap) - gap} ${h + 22}`}
        className="h-40 w-full"
        aria-hidden="true"
        preserveAspectRatio="xMidYMid meet"
      >
        {days.map((d, i) => {
          const x = i * (barWidth + gap);
          const text = label(d, i);
          return (
            <g key={d.date}>
              <rect x={x} y={0} width={barWidth} height={h} rx={radius} className="fill-ink-100" />
              {bars(d).map((bar, j) => {
                const height = Math.round((bar.value / max) * h);
                return height > 0 ? (
                  <rect
                    key={j}
                    x={x}
                    y={h - height}
                    width={barWidth}
                    height={height}
                    rx={radius}
                    className={bar.className}
                  />
                ) : null;
              })}
              {text !== null ? (
                <text x={x + barWidth / 2} y={h + 16} textAnchor="middle" className={labelClassName}>
                  {text}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {caption}
      <table className="sr-only">
        <caption>{table.caption}</caption>
        {table.columns ? (
          <thead>
            <tr>
              <th scope="col">Day</th>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDateKey(d.date)}</th>
              {table.cells(d).map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
