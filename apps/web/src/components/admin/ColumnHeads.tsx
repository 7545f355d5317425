import type { ReactNode } from 'react';

/**
 * The head row of a plain back-office table (one without DataTable's sorting): the same type and
 * spacing as DataTable's head, each cell a column header for screen readers.
 */
export function ColumnHeads({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead className="border-b border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-700 uppercase">
      <tr>
        {columns.map((c, i) => (
          <th
            // Column titles are fixed per table: the position is a stable key.
            key={i}
            scope="col"
            className="px-3 py-2 whitespace-nowrap"
          >
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
