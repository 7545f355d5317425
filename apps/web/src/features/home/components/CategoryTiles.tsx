import { CATEGORY_NAMES, type CategoryName, categorySlug } from '@rebound/core/catalog';
import {
  Car,
  Headphones,
  Laptop,
  type LucideIcon,
  Shirt,
  ShoppingBasket,
  Shovel,
  Sparkles,
} from 'lucide-react';
import { Link } from 'react-router';

const ICONS: Record<CategoryName, LucideIcon> = {
  Automotive: Car,
  'Beauty & Health': Sparkles,
  Clothing: Shirt,
  'Computer & Office': Laptop,
  Electronics: Headphones,
  'Food & Grocery': ShoppingBasket,
  'Garden & Tools': Shovel,
};

/** One tile per category, each linking to the shop filtered to it. */
export function CategoryTiles() {
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
        Shop by category
      </h2>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {CATEGORY_NAMES.map((name) => {
          const Icon = ICONS[name];
          return (
            <li key={name} className="last:col-span-2 sm:last:col-span-1">
              <Link
                to={`/shop?category=${categorySlug(name)}`}
                className="group flex h-full items-center gap-3 rounded-card bg-white p-3 shadow-card ring-1 ring-ink-200/80 transition hover:shadow-lift hover:ring-brand-300 sm:flex-col sm:justify-center sm:px-3 sm:py-5 sm:text-center"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white sm:size-12">
                  <Icon className="size-5 sm:size-6" aria-hidden="true" />
                </span>
                <span className="text-sm leading-tight font-semibold text-ink-900">{name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
