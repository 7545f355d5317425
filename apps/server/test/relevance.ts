// The relevance set's store and its questions (src/modules/catalog/relevance-set.ts), shared by
// relevance.test.ts and bench/relevance.ts: the demo store seeded into a test app at
// RELEVANCE_NOW, and each query asked as the shop asks it (GET /api/shop?q=, relevance order).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShopResponse } from '@rebound/contract/catalog';
import { productSku } from '@rebound/core/catalog';
import { and, asc, eq } from 'drizzle-orm';
import { auctions, products } from '../src/db/schema';
import {
  RELEVANCE_NOW,
  type RelevanceAnswer,
  type RelevanceQuery,
} from '../src/modules/catalog/relevance-set';
import { seedDemo } from '../src/seed/demo';
import type { TestApp } from './harness';

/** What the questions need of a test app (the bench builds its own, outside Vitest). */
type Store = Pick<TestApp, 'app' | 'db' | 'clock'>;

/** Seeds the demo store at RELEVANCE_NOW into the app's empty database; returns what removes its photos. */
export async function seedRelevanceStore(t: Store): Promise<() => Promise<void>> {
  const mediaDir = await mkdtemp(join(tmpdir(), 'rebound-relevance-'));
  await seedDemo(t.db, { now: RELEVANCE_NOW, mediaDir });
  return () => rm(mediaDir, { recursive: true, force: true });
}

/** The text the shopper types for `query`: a SKU is the one the page of a lot on sale of that title shows. */
export async function relevanceText(t: Store, query: RelevanceQuery): Promise<string> {
  if (typeof query.q === 'string') return query.q;
  const [lot] = await t.db
    .select({ slug: products.slug, sku: products.sku })
    .from(products)
    .innerJoin(auctions, eq(auctions.productId, products.id))
    .where(and(eq(products.title, query.q.skuOf), eq(auctions.status, 'live')))
    .orderBy(asc(products.slug))
    .limit(1);
  if (!lot) throw new Error(`no lot on sale titled ${query.q.skuOf}`);
  const sku = productSku(lot);
  return query.q.lowerCase ? sku.toLowerCase() : sku;
}

/**
 * The shop's first page for `text`, with the clock at RELEVANCE_NOW (the demo's lots that end soonest
 * end minutes after it: the clock is set back before each question, so every live lot is on sale).
 */
export async function askShop(t: Store, text: string): Promise<RelevanceAnswer & { total: number }> {
  t.clock.set(RELEVANCE_NOW);
  const res = await t.app.inject({ method: 'GET', url: `/api/shop?q=${encodeURIComponent(text)}` });
  if (res.statusCode !== 200) throw new Error(`GET /api/shop?q=${text}: ${res.statusCode} ${res.body}`);
  const body = res.json<ShopResponse>();
  return {
    lots: body.items.map((card) => ({ title: card.title, categoryName: card.categoryName })),
    correction: body.correction?.query ?? null,
    total: body.total,
  };
}
