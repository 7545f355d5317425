// What shoppers type into the large store's search box (seed:large, apps/server/src/seed/large.ts
// titles 'Brand Noun Model'), for bench/search.bench.ts: a deterministic mix of distinct queries,
// and distinct prefixes as they are typed for the suggestions.
import { CATEGORIES } from '../apps/server/src/seed/catalog';
import { BRANDS, ITEM_GTINS, MODELS, NOUNS } from '../apps/server/src/seed/large';
import { createRng } from '../apps/server/src/seed/random';

export type QueryKind =
  | 'brand + item'
  | 'brand + item + model'
  | 'item'
  | 'one word, other form'
  | 'brand'
  | 'item + model'
  | 'typo'
  | 'units or joined words'
  | 'GTIN or SKU';

/**
 * How often each kind is typed, in a hundred queries. The store has a few thousand titles, so kinds
 * with few distinct queries (an item alone, units) are rarer than shoppers would type them.
 */
const MIX: readonly (readonly [QueryKind, number])[] = [
  ['brand + item + model', 30],
  ['brand + item', 15],
  ['item + model', 12],
  ['one word, other form', 12],
  ['typo', 10],
  ['brand', 8],
  ['item', 5],
  ['units or joined words', 4],
  ['GTIN or SKU', 4],
];

/** Another form of a word: singular for plural and plural for singular ('drills', 'headphone'). */
function otherForm(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/s$/.test(word)) return word.replace(/s$/, '');
  return /(s|sh|ch|x)$/.test(word) ? `${word}es` : `${word}s`;
}

/** A word mistyped as shoppers do: a letter dropped or two neighbouring letters swapped. */
function mistype(word: string, r: number, at: number): string {
  const i = 1 + (at % (word.length - 2));
  return r < 0.5
    ? word.slice(0, i) + word.slice(i + 1)
    : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** Units and joined words written as shoppers write them: '20V' -> '20 volt', 'Tool Box' -> 'toolbox'. */
function unitsOrJoined(noun: string, r: number): string | null {
  const variants: [RegExp, string][] = [
    [/(\d+)V\b/, '$1 volt'],
    [/(\d+)" /, '$1 inch '],
    [/(\d+)L\b/, '$1 litre'],
    [/(\d+) L\b/, '$1 liter'],
    [/(\d+) mL\b/, '$1ml'],
    [/(\d+)-Pack\b/, '$1 pack'],
    [/T-Shirt/, 'tshirt'],
    [/Tool Box/, 'toolbox'],
    [/Self-Watering/, 'self watering'],
    [/Dash Cam/, 'dashcam'],
    [/Hair Dryer/, 'hairdryer'],
    [/Smartwatch/, 'smart watch'],
    [/Jump Starter/, 'jumpstarter'],
  ];
  const hits = variants.filter(([from]) => from.test(noun));
  if (hits.length === 0) return null;
  const [from, to] = hits[Math.floor(r * hits.length)]!;
  return noun.replace(from, to).toLowerCase();
}

export interface BenchQuery {
  kind: QueryKind;
  q: string;
}

/**
 * About `count` distinct queries (fewer where a kind runs out of new ones) in the proportions of MIX,
 * shuffled; `skus` are SKUs of products in the store (their slugs, as the page shows them).
 */
export function searchQueries(count: number, skus: readonly string[], seed = 42): BenchQuery[] {
  const rng = createRng(seed);
  const items = CATEGORIES.flatMap((c) => NOUNS[c.slug].map(([noun]) => ({ noun, brands: BRANDS[c.slug] })));
  const draw = (kind: QueryKind): string | null => {
    const item = rng.pick(items);
    const brand = rng.pick(item.brands);
    const model = rng.pick(MODELS);
    const words = item.noun.split(' ');
    const word = rng.pick(words.filter((w) => /^[a-z]{4,}$/i.test(w)).concat(words.at(-1)!)).toLowerCase();
    switch (kind) {
      case 'brand + item + model':
        return `${brand} ${item.noun} ${model}`;
      case 'brand + item':
        return rng.chance(0.5)
          ? `${brand} ${item.noun}`
          : `${brand} ${words
              .slice(0, -1)
              .concat(otherForm(words.at(-1)!))
              .join(' ')}`;
      case 'item + model':
        return `${rng.chance(0.5) ? word : item.noun} ${model}`;
      case 'one word, other form':
        return rng.chance(0.3) ? otherForm(word) : `${brand} ${otherForm(word)}`;
      case 'typo': {
        const long = words.filter((w) => /^[a-z]{5,}$/i.test(w));
        if (long.length === 0) return null;
        const typo = mistype(rng.pick(long).toLowerCase(), rng.next(), rng.int(0, 99));
        return rng.chance(0.5) ? typo : `${brand} ${typo}`;
      }
      case 'brand':
        return rng.chance(0.3) ? brand : `${brand} ${model}`;
      case 'item':
        return rng.pick([item.noun, words.slice(-2).join(' '), words.at(-1)!, otherForm(item.noun)]);
      case 'units or joined words': {
        const variant = unitsOrJoined(item.noun, rng.next());
        return variant === null ? null : rng.chance(0.5) ? variant : `${brand} ${variant}`;
      }
      case 'GTIN or SKU':
        return rng.chance(0.2) || skus.length === 0 ? rng.pick(ITEM_GTINS) : rng.pick(skus);
    }
  };
  const seen = new Set<string>();
  const out: BenchQuery[] = [];
  const total = MIX.reduce((n, [, w]) => n + w, 0);
  for (const [kind, weight] of MIX) {
    const quota = Math.round((count * weight) / total);
    let made = 0;
    for (let tries = 0; made < quota && tries < quota * 30; tries++) {
      const q = draw(kind);
      // Typed in lower case mostly, as a title sometimes (a distinct text, the same words).
      const typed = q === null ? null : rng.chance(0.8) ? q.toLowerCase() : q;
      if (typed === null || seen.has(typed)) continue;
      seen.add(typed);
      out.push({ kind, q: typed });
      made++;
    }
  }
  return rng.shuffle(out);
}

/** Distinct prefixes of the queries as they are typed (at least `min` characters), shuffled. */
export function typedPrefixes(queries: readonly BenchQuery[], min: number, seed = 7): string[] {
  const rng = createRng(seed);
  const seen = new Set<string>();
  for (const { q } of queries) {
    if (q.length < min) continue;
    // A shopper pauses at a few points while typing: two of them per query.
    for (let k = 0; k < 2; k++) {
      const prefix = q.slice(0, rng.int(min, q.length)).trimEnd();
      if (prefix.length >= min) seen.add(prefix);
    }
  }
  return rng.shuffle([...seen]);
}
