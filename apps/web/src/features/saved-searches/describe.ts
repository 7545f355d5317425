import type { SavedSearchQueryView } from '@rebound/contract/saved-searches';
import { CONDITION_LABELS } from '@rebound/core/catalog';
import { formatDollars } from '@rebound/core/dollars';

// What a saved search looks for, in words: the account's list and the save dialog's summary.

const titleCase = (slug: string) =>
  slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** ['"desk lamp"', 'Home', 'Open Box', '$0 – $300', 'Burnaby'] (names from slugs when no list is given). */
export function describeSearch(
  query: SavedSearchQueryView,
  names: { categories?: ReadonlyMap<string, string>; locations?: ReadonlyMap<string, string> } = {},
): string[] {
  const parts: string[] = [];
  if (query.q) parts.push(`"${query.q}"`);
  if (query.category) parts.push(names.categories?.get(query.category) ?? titleCase(query.category));
  if (query.condition) parts.push(CONDITION_LABELS[query.condition]);
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    const lo = query.minPrice ?? 0;
    parts.push(
      query.maxPrice === undefined
        ? `From ${formatDollars(lo)}`
        : `${formatDollars(lo)} – ${formatDollars(query.maxPrice)}`,
    );
  }
  if (query.location) parts.push(names.locations?.get(query.location) ?? titleCase(query.location));
  return parts.length > 0 ? parts : ['Every live auction'];
}

/** A name to start from: the keywords, else the category, else 'My search'. */
export function suggestedName(query: SavedSearchQueryView, categoryName?: string): string {
  const base = query.q
    ? query.q
    : (categoryName ?? (query.category ? titleCase(query.category) : 'My search'));
  return base.slice(0, 80);
}
