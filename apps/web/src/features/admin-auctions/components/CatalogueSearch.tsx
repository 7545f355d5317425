import { ADMIN_PRODUCT_STATUS_LABELS } from '@rebound/contract/admin-catalogue';
import { clsx } from 'clsx';
import { ImageOff, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { inputClasses } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/FormFields';
import { useSchedulableProducts } from '../api';

/** The product statuses a new auction or drop may take (the others are live, sold or archived). */
export const SCHEDULABLE = ['draft', 'unsold', 'to_relist'] as const;

/** A catalogue search for schedulable products: the words typed (debounced 300 ms) and a status. */
export function useCatalogueSearch(limit: number) {
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  const [status, setStatus] = useState<string>('draft');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q), 300);
    return () => clearTimeout(t);
  }, [q]);
  const results = useSchedulableProducts(debounced, status, limit);
  return { q, setQ, status, setStatus, results };
}

/** The search box and the status select of a product picker (used with `useCatalogueSearch`). */
export function CatalogueSearchFields({
  id,
  search,
}: {
  id: string;
  search: Pick<ReturnType<typeof useCatalogueSearch>, 'q' | 'setQ' | 'status' | 'setStatus'>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-ink-900">
          Search the catalogue
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500"
            aria-hidden="true"
          />
          <input
            id={id}
            type="search"
            value={search.q}
            placeholder="Title, brand, SKU, GTIN or model"
            onChange={(e) => search.setQ(e.target.value)}
            className={clsx(inputClasses, 'pl-9')}
          />
        </div>
      </div>
      <SelectField label="Status" value={search.status} onChange={(e) => search.setStatus(e.target.value)}>
        {SCHEDULABLE.map((s) => (
          <option key={s} value={s}>
            {ADMIN_PRODUCT_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export function Thumb({ url }: { url: string | null }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={40}
      height={40}
      className="size-10 max-w-none rounded-lg object-cover ring-1 ring-ink-200"
    />
  ) : (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-ink-100 text-ink-500">
      <ImageOff className="size-4" aria-hidden="true" />
    </span>
  );
}
