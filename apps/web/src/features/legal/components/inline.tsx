import type { ReactNode } from 'react';

// Small pieces the policy texts use inside their sections (styled by the section's prose rules).

/** A mailto link that shows the address. */
export function MailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

/** A link to another site, opened in a new tab (and said so to screen readers). */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A postal address block. */
export function AddressBlock({ lines }: { lines: readonly string[] }) {
  return (
    <address className="mt-4 rounded-xl bg-white px-4 py-3 leading-7 not-italic ring-1 ring-ink-200 ring-inset">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** A compact two-column table (e.g. increments, a price example) that scrolls sideways if it must. */
export function PolicyTable({
  caption,
  head,
  rows,
  footer,
}: {
  caption: string;
  head: readonly [string, string];
  rows: readonly (readonly [string, string])[];
  footer?: readonly [string, string];
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-ink-200 ring-inset">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-50 text-ink-700">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              {head[0]}
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="px-4 py-2.5 font-normal text-ink-800">
                {label}
              </th>
              <td className="px-4 py-2.5 text-right font-medium text-ink-950 tabular-nums">{value}</td>
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
