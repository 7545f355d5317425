// The search's facet counts (docs/product.md "Search"): how many lots each category and condition
// would give, beside the shop's page of a search.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auctions, categories } from '../../db/schema';
import { ph, preparedFor, type ShopFilters, shapeOf, shopParams, shopWhere } from './shop-query';

export interface ShopFacets {
  categories: { slug: string; name: string; count: number }[];
  conditions: { condition: 'like_new' | 'open_box' | 'gently_used'; count: number }[];
  /** The lots matching all the filters (exact). */
  total: number;
}

/**
 * How many lots each category and each condition would give (docs/product.md "Search"): the shop's
 * filters with the facet's own left out, most first; and how many match them all. One read of the
 * lots matching every filter but those two, grouped by category (counting those of the chosen
 * condition), by condition (those of the chosen category) and not at all (those of both).
 */
export async function shopFacets(db: DbOrTx, now: Date, filters: ShopFilters): Promise<ShopFacets> {
  const shape = shapeOf(filters);
  const base = shapeOf({ ...filters, categorySlug: undefined, condition: undefined });
  const query = preparedFor(db, `facets ${JSON.stringify(shape)}`, (name) => {
    const inCategory = shape.category
      ? sql`${auctions.productCategoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${ph('category')})`
      : sql`true`;
    const inCondition = shape.condition ? sql`${auctions.productCondition} = ${ph('condition')}` : sql`true`;
    return db
      .select({
        // 1: a category's row, 2: a condition's, 3: the total's (grouping() marks what is left out).
        set: sql<number>`grouping(${categories.id}, ${auctions.productCondition})::int`,
        slug: categories.slug,
        name: categories.name,
        condition: auctions.productCondition,
        ofCondition: sql<number>`(count(*) filter (where ${inCondition}))::int`,
        ofCategory: sql<number>`(count(*) filter (where ${inCategory}))::int`,
        ofBoth: sql<number>`(count(*) filter (where ${inCategory} and ${inCondition}))::int`,
      })
      .from(auctions)
      .leftJoin(categories, eq(categories.id, auctions.productCategoryId))
      .where(shopWhere(base))
      .groupBy(
        sql`grouping sets ((${categories.id}, ${categories.slug}, ${categories.name}), (${auctions.productCondition}), ())`,
      )
      .prepare(name);
  });
  type Condition = ShopFacets['conditions'][number]['condition'];
  type Row = { set: number; slug: string | null; name: string | null; condition: Condition | null };
  const rows = (await query.execute(shopParams(filters, now))) as (Row &
    Record<'ofCondition' | 'ofCategory' | 'ofBoth', number>)[];
  const byCount =
    <T extends { count: number }>(key: (x: T) => string) =>
    (a: T, b: T) =>
      b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  return {
    categories: rows
      .filter((r) => r.set === 1 && r.slug !== null && r.name !== null && r.ofCondition > 0)
      .map((r) => ({ slug: r.slug!, name: r.name!, count: r.ofCondition }))
      .sort(byCount((c) => c.name)),
    conditions: rows
      .filter((r) => r.set === 2 && r.condition !== null && r.ofCategory > 0)
      .map((r) => ({ condition: r.condition!, count: r.ofCategory }))
      .sort(byCount((c) => c.condition)),
    total: rows.find((r) => r.set === 3)?.ofBoth ?? 0,
  };
}
