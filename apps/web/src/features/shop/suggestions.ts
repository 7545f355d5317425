import type { SuggestResponse } from '@rebound/contract/catalog';

// The search box's suggestions (docs/product.md "Search"): what each one searches, and how the
// arrow keys move through them. Pure, so it is tested without a browser.

/** Suggestions are asked for this long after the last key, not at every letter. */
export const SUGGEST_DEBOUNCE_MS = 120;

/**
 * Suggestions start at this many characters: core's SUGGEST_MIN_CHARS (search.ts), below which the
 * server answers none. A copy, not an import: core's search module builds its unit patterns when
 * loaded, which would ride along with the suggestions' code; suggestions.test.ts holds the two equal.
 */
export const SUGGEST_MIN_CHARS = 2;

/** One suggestion: an item's title (searches it) or a category (the typed words within it). */
export type Suggestion =
  | { kind: 'item'; title: string; lots: number; q: string }
  | { kind: 'category'; name: string; count: number; q: string; category: string };

/** What choosing an item searches: its title, with the brand first when the title lacks it. */
export function itemSearch(title: string, brand: string): string {
  const t = title.trim();
  const b = brand.trim();
  return b === '' || t.toLowerCase().includes(b.toLowerCase()) ? t : `${b} ${t}`;
}

/** The answer as a list: the items first, then the categories (searching `typed` in each). */
export function suggestionsOf(answer: SuggestResponse | undefined, typed: string): Suggestion[] {
  if (!answer) return [];
  return [
    ...answer.items.map(
      (i): Suggestion => ({ kind: 'item', title: i.title, lots: i.lots, q: itemSearch(i.title, i.brand) }),
    ),
    ...answer.categories.map(
      (c): Suggestion => ({ kind: 'category', name: c.name, count: c.count, q: typed, category: c.slug }),
    ),
  ];
}

/**
 * The highlighted suggestion after an arrow key (-1: none). Down from none (or the last) goes to the
 * first, up from none (or the first) to the last: the list wraps, as the ARIA combobox pattern's does.
 */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

/** `text` in parts, the ones that start with a typed word marked (the suggestion's bold). */
export function matchParts(text: string, typed: string): { text: string; match: boolean }[] {
  const words = typed
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return [{ text, match: false }];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // A typed word matches at the start of a word of the text ('dyso' in 'Dyson').
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})`, 'giu');
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index ?? 0;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: m[0], match: true });
    at = start + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
