import { clsx } from 'clsx';

/**
 * A compact two-column table of label and amount (increments, a price example) that scrolls
 * sideways if it must. The caption is visible above the table, or for screen readers only.
 */
export function AmountTable({
  caption,
  head,
  rows,
  footer,
  captionVisible = false,
  className,
}: {
  caption: string;
  head: readonly [string, string];
  rows: readonly (readonly [string, string])[];
  footer?: readonly [string, string];
  captionVisible?: boolean;
  className?: string;
}) {
  const cell = captionVisible ? 'px-4 py-2' : 'px-4 py-2.5';
  return (
    <div className={clsx('overflow-x-auto rounded-xl bg-white ring-1 ring-ink-200 ring-inset', className)}>
      <table className="w-full border-collapse text-left text-sm">
        <caption
          className={
            captionVisible
              ? 'border-b border-ink-100 px-4 py-2.5 text-left font-semibold text-ink-900'
              : 'sr-only'
          }
        >
          {caption}
        </caption>
        <thead className="bg-ink-50 text-ink-700">
          <tr>
            <th scope="col" className={clsx(cell, 'font-semibold')}>
              {head[0]}
            </th>
            <th scope="col" className={clsx(cell, 'text-right font-semibold')}>
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className={clsx(cell, 'font-normal text-ink-800')}>
                {label}
              </th>
              <td className={clsx(cell, 'text-right font-medium text-ink-950 tabular-nums')}>{value}</td>
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot className="border-t border-ink-200 bg-ink-50">
            <tr>
              <th scope="row" className="px-4 py-2.5 font-semibold text-ink-950">
                {footer[0]}
              </th>
              <td className="px-4 py-2.5 text-right font-bold text-ink-950 tabular-nums">{footer[1]}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
