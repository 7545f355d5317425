// The relevance set (relevance-set.ts) on the demo store: every query through the shop's own search
// (GET /api/shop?q=, the lots on sale, relevance order, close spellings) must show its lots in its
// first 10, its SKU, GTIN or model number's lot first, and nothing for what the store does not sell.
// The demo store is seeded once, at RELEVANCE_NOW, with the clock there for every question.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { askShop, relevanceText, seedRelevanceStore } from '../../../test/relevance';
import { judgeRelevance, RELEVANCE_NOW, RELEVANCE_SET } from './relevance-set';

let removeMedia: (() => Promise<void>) | undefined;
const t = useTestApp({ now: RELEVANCE_NOW }, async (app) => {
  removeMedia = await seedRelevanceStore(app);
});
afterAll(async () => {
  await removeMedia?.();
});

describe('the relevance set', () => {
  it('holds at least 60 queries, of every kind', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(60);
    expect(new Set(RELEVANCE_SET.map((query) => query.kind)).size).toBe(9);
  });

  it.each(RELEVANCE_SET.map((query) => [JSON.stringify(query.q), query] as const))(
    '%s',
    async (_name, query) => {
      const answer = await askShop(t, await relevanceText(t, query));
      expect(judgeRelevance(query, answer).misses).toEqual([]);
    },
  );
});
