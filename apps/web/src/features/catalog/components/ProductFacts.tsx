import type { ProductDetail } from '@rebound/contract/catalog';
import { conditionLabel, DEFAULT_CATEGORY_NAME } from '@rebound/core/catalog';
import { clsx } from 'clsx';

type Product = ProductDetail['product'];

/** The product's key facts as a description list. */
export function ProductFacts({
  product,
  pickup,
  className,
}: {
  product: Product;
  pickup?: string | null;
  className?: string;
}) {
  const rows: [term: string, value: string, valueClass?: string][] = [
    ['Brand', product.brand],
    ['Condition', conditionLabel(product.condition)],
    ['Category', product.category?.name ?? DEFAULT_CATEGORY_NAME],
    // SKUs are long uppercase slugs: a monospace face and breaks anywhere keep them tidy.
    ['SKU', product.sku, 'font-mono text-xs break-all'],
  ];
  if (pickup) rows.push(['Pickup', pickup]);
  return (
    <dl className={clsx('divide-y divide-ink-100 text-sm', className)}>
      {rows.map(([term, value, valueClass]) => (
        <div key={term} className="flex items-baseline justify-between gap-6 py-2.5">
          <dt className="shrink-0 text-ink-600">{term}</dt>
          <dd className={clsx('min-w-0 text-right font-medium break-words text-ink-900', valueClass)}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
