import type { ReactNode } from 'react';
import { AmountTable } from '../../../components/ui/AmountTable';

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
export function PolicyTable(props: Omit<Parameters<typeof AmountTable>[0], 'captionVisible' | 'className'>) {
  return <AmountTable {...props} className="mt-4" />;
}
