// The database writes a product's search document with rebound_search_normalize (migration 0025),
// the shop reads a query with core's normalizeSearchText (packages/core/src/search.ts): the two must
// give the same text, or a word would be written one way and asked for another. Also: core's stop
// words are PostgreSQL's English ones, and the document holds what docs/decisions/094-search.md says.
import { joinedPairs, normalizeSearchText, SEARCH_STOP_WORDS, SEARCH_UNITS } from '@rebound/core/search';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { PRODUCTS } from '../../seed/catalog';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
const t = {
  get db() {
    return database.db;
  },
};

/** Rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<R>(query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await t.db.execute(query)) as unknown as { rows: R[] }).rows;
}

async function sqlNormalize(texts: string[]): Promise<string[]> {
  const rows = await rowsOf<{ n: string }>(
    sql`select rebound_search_normalize(x) as n from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as u(x, i) order by i`,
  );
  return rows.map((r) => r.n);
}

const catalogueTexts = Object.values(PRODUCTS).flatMap((defs) =>
  defs.map(([brand, title]) => `${brand} ${title}`),
);

describe('rebound_search_normalize and normalizeSearchText', () => {
  it('agree on every demo title and brand', async () => {
    expect(await sqlNormalize(catalogueTexts)).toEqual(catalogueTexts.map(normalizeSearchText));
  });

  it('agree on text made of numbers, units, marks, spaces, accents and other scripts', async () => {
    const unitForms = SEARCH_UNITS.flat();
    const piece = fc.oneof(
      fc.constantFrom(...unitForms, ...unitForms.map((u) => u.toUpperCase())),
      fc.constantFrom(
        ' ',
        '  ',
        '-',
        ' - ',
        '.',
        '..',
        '"',
        "'",
        '/',
        '+',
        '&',
        ':',
        ', ',
        '\t',
        '\n',
        '\u00a0',
        '°',
      ),
      fc.constantFrom('É', 'é', 'ø', 'Ñ', 'ß', 'İ', 'Σ', 'Ж', '中', 'ﬁ', 'K'),
      fc.integer({ min: 0, max: 9999 }).map(String),
      fc.constantFrom('4.5', '1.05', '0.', '.5', 'a1', 'ab', 'Air', 'fryer', 'x'),
    );
    const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
    const samples = fc.sample(text, { numRuns: 600, seed: 94 });
    expect(await sqlNormalize(samples)).toEqual(samples.map(normalizeSearchText));
  });
});

describe('the document', () => {
  it('holds the words stemmed, each pair joined, numbers with units one way, by where they are', async () => {
    const rows = await rowsOf<{ doc: string }>(
      sql`select rebound_search_doc('Air-Fryers, 4.5 Quart', 'Ninja', 'AF-101', 'Home & Kitchen', 'A 1500 watt fryer')::text as doc`,
    );
    const doc = rows[0]?.doc ?? '';
    expect(doc).toContain("'airfryer':"); // joined pair, stemmed
    // '4.5 Quart' -> '4.5qt', which the parser reads as '4.5' then 'qt' (a query reads it the same way).
    expect(doc).toMatch(/'4\.5':3A .*'qt':4A/);
    expect(doc).toMatch(/'af101':\d+B/); // brand and model pair 'ninja af' 'af 101' joined
    expect(doc).toMatch(/'kitchen':\d+C/);
    expect(doc).toMatch(/'1500w':\d+( |$)/); // weight D, which PostgreSQL does not print
    expect(joinedPairs(['air', 'fryers'])).toEqual(['airfryers']);
  });

  it("core's stop words are the ones PostgreSQL's English dictionary drops", async () => {
    const words = [...SEARCH_STOP_WORDS];
    const rows = await rowsOf<{ w: string; kept: number }>(
      sql`select w, length(to_tsvector('english', w))::int as kept from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as u(w)`,
    );
    expect(rows.filter((r) => r.kept > 0).map((r) => r.w)).toEqual([]);
    const plain = await rowsOf<{ kept: number }>(
      sql`select length(to_tsvector('english', 'drill fryer vacuum lamp'))::int as kept`,
    );
    expect(plain[0]?.kept).toBe(4);
  });
});
