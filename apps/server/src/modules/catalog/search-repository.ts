// The search's own reads beside the shop's listing (docs/decisions/094-search.md): suggestions as
// the shopper types, the catalogue words a misspelled word may mean, and which products saved
// searches' texts find (docs/decisions/020-reminders-digest-saved-searches.md).
import { SUGGEST_CATEGORIES, SUGGEST_ITEMS, searchTsQuery, swappedLetters } from '@rebound/core/search';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { auctions, categories, products, searchTitles, searchWords } from '../../db/schema';
import {
  productMatch,
  type SearchShape,
  searches,
  searchParams,
  searchShape,
  searchTerms,
  tsQueryOf,
} from './search-sql';

const ph = (name: string) => sql.placeholder(name);

/** On sale at the placeholder `now`: the shop's own condition (repository.ts shopWhere). */
const onSale = sql`${auctions.status} = 'live' and ${auctions.productStatus} = 'auctioned'
  and ${auctions.startTime} <= ${ph('now')} and ${auctions.endTime} > ${ph('now')}`;

/** How many of the best-matching titles the suggestions look at for lots on sale. */
export const SUGGEST_CANDIDATES = 15;

// Suggestions (docs/decisions/096-suggestions-from-titles.md): the titles whose title, brand or
// model match the words typed so far (the last one a prefix), from search_titles (each title once,
// a few thousand rows, not every lot); the best SUGGEST_CANDIDATES of them by rank, then their lots on
// sale found by key (products by title and brand, auctions by product). Items: up to SUGGEST_ITEMS
// titles with lots on sale, best match first, then most lots; categories: up to SUGGEST_CATEGORIES
// categories with the most of those lots. One statement, one round trip.
const suggestStatement = preparedOnce((db) => {
  const candidates = db.$with('candidates').as(
    db
      .select({
        title: searchTitles.title,
        brand: searchTitles.brand,
        rank: sql<number>`ts_rank(${searchTitles.doc}, ${tsQueryOf(ph('tsq'))})`.as('rank'),
      })
      .from(searchTitles)
      .where(sql`${searchTitles.products} > 0 and ${searchTitles.doc} @@ ${tsQueryOf(ph('tsq'))}`)
      .orderBy(sql`rank desc`, searchTitles.title)
      .limit(SUGGEST_CANDIDATES),
  );
  const lots = db.$with('lots').as(
    db
      .select({
        title: candidates.title,
        brand: candidates.brand,
        rank: candidates.rank,
        categoryId: sql<string>`${auctions.productCategoryId}`.as('category_id'),
      })
      .from(candidates)
      .innerJoin(
        products,
        sql`${products.title} = ${candidates.title} and ${products.brand} = ${candidates.brand}`,
      )
      .innerJoin(auctions, sql`${auctions.productId} = ${products.id}`)
      .where(onSale),
  );
  return db
    .with(candidates, lots)
    .select({
      items: sql<Suggestions['items']>`coalesce((select json_agg(i) from (
        select title, brand, count(*)::int as lots from lots
         group by title, brand, rank
         order by rank desc, count(*) desc, title
         limit ${sql.raw(String(SUGGEST_ITEMS))}) i), '[]')`,
      categories: sql<Suggestions['categories']>`coalesce((select json_agg(k) from (
        select ${categories.slug} as slug, ${categories.name} as name, count(*)::int as count
          from lots join ${categories} on ${categories.id} = lots.category_id
         group by ${categories.id}
         order by count(*) desc, ${categories.name}
         limit ${sql.raw(String(SUGGEST_CATEGORIES))}) k), '[]')`,
    })
    .from(sql`(select 1) as one`)
    .prepare('search_suggest');
});

export interface Suggestions {
  items: { title: string; brand: string; lots: number }[];
  categories: { slug: string; name: string; count: number }[];
}

/**
 * Suggestions for the words typed so far: item titles matched on their title, brand and model
 * (weights A and B), and the categories of their lots; the last word as a prefix.
 */
export async function suggestions(db: DbOrTx, now: Date, q: string): Promise<Suggestions> {
  const tsq = searchTsQuery(q, { prefixLast: true, weights: 'AB' });
  if (!tsq) return { items: [], categories: [] };
  const [row] = await suggestStatement(db).execute({ now: now.toISOString(), tsq });
  return { items: row?.items ?? [], categories: row?.categories ?? [] };
}

// The catalogue words most alike a word by trigrams (pg_trgm's % and similarity on the
// search_words index), most alike first.
const lookAlikes = preparedOnce((db) =>
  db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} % ${ph('word')}`)
    .orderBy(sql`similarity(${searchWords.word}, ${ph('word')}) desc`, searchWords.word)
    .limit(8)
    .prepare('search_look_alikes'),
);

const knownWords = preparedOnce((db) =>
  db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} = any(string_to_array(${ph('words')}, ' '))`)
    .prepare('search_known_words'),
);

/**
 * Which of `words` the catalogue has, and the look-alikes of each it has not: the words most alike
 * by trigrams, then those its swapped letters spell (core's swappedLetters: a swap changes too many
 * trigrams of a short word to be found by likeness).
 */
export async function spellingCandidates(
  db: DbOrTx,
  words: readonly string[],
): Promise<{ known: Set<string>; candidates: Map<string, string[]> }> {
  const swaps = new Map(words.map((word) => [word, swappedLetters(word)]));
  const asked = [...new Set([...words, ...[...swaps.values()].flat()])];
  const found = new Set((await knownWords(db).execute({ words: asked.join(' ') })).map((r) => r.word));
  const known = new Set(words.filter((word) => found.has(word)));
  const candidates = new Map<string, string[]>();
  for (const word of words) {
    if (known.has(word)) continue;
    const alike = (await lookAlikes(db).execute({ word })).map((r) => r.word);
    const swapped = (swaps.get(word) ?? []).filter((w) => found.has(w) && !alike.includes(w));
    candidates.set(word, [...alike, ...swapped]);
  }
  return { known, candidates };
}

// Every part a search may read (search-sql.ts searchParams' names). A part a text does not have is
// null in its row, and a comparison with null is never true, so each row matches as its own shape.
const EVERY_PART: SearchShape = { nothing: false, text: true, gtin: true, model: true, sku: true };
const PARTS = ['tsq', 'itemKey', 'modelKey', 'sku', 'skuSlug'] as const;
const ASKS_COLUMNS = sql.raw(`k int, ${PARTS.map((p) => `"${p}" text`).join(', ')}`);

/**
 * Which of `productIds` each search text finds, by the shop's own match (search-sql.ts
 * productMatch: the words in the product's document in any form, or a GTIN, model number or SKU
 * named exactly), keyed by the text. One statement for all the texts: their values as a jsonb list
 * of rows, each joined to the given products and matched per row, so its work is bounded by texts
 * times products. A text without a search finds every product, one with nothing to search none
 * (as in the shop). No close spellings: a text finds what it finds as typed.
 */
export async function productsFoundBy(
  db: DbOrTx,
  texts: readonly string[],
  productIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  const asked: string[] = [];
  const rows: Record<string, string | number>[] = [];
  for (const text of new Set(texts)) {
    const terms = searchTerms(text);
    if (!searches(searchShape(terms))) {
      found.set(text, new Set(productIds));
      continue;
    }
    found.set(text, new Set());
    if (terms.nothing) continue;
    rows.push({ k: asked.length, ...searchParams(terms) });
    asked.push(text);
  }
  if (rows.length === 0 || productIds.length === 0) return found;
  const column = (name: string) => sql`s.${sql.identifier(name)}`;
  const result = (await db.execute(sql`
    select s.k, ${products.id} as id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(${ASKS_COLUMNS})
      join ${products}
        on ${products.id} in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::uuid)
     where ${productMatch(EVERY_PART, column)}`)) as unknown as { rows: { k: number; id: string }[] };
  for (const r of result.rows) found.get(asked[Number(r.k)]!)!.add(r.id);
  return found;
}
