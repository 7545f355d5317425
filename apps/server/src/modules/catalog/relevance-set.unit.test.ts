import { describe, expect, it } from 'vitest';
import { judgeRelevance, type RelevanceQuery, relevanceFigures } from './relevance-set';

const lot = (title: string, categoryName = 'Electronics') => ({ title, categoryName });

describe('judgeRelevance', () => {
  const drills: RelevanceQuery = { kind: 'plural or singular', q: 'drills', top10: ['Drill A', 'Drill B'] };

  it('passes an answer with every lot in its first 10, and counts what else it shows', () => {
    const j = judgeRelevance(drills, {
      lots: [lot('Drill B'), lot('Lamp'), lot('Drill A')],
      correction: null,
    });
    expect(j).toEqual({ misses: [], found: 2, required: 2, shown: 3, relevant: 2 });
  });

  it('fails a lot missing from the first 10, a wrong first lot, a wrong close spelling, a find for nothing', () => {
    const eleventh = [
      ...Array.from({ length: 10 }, (_, i) => lot(`Other ${i}`)),
      lot('Drill A'),
      lot('Drill B'),
    ];
    expect(judgeRelevance(drills, { lots: eleventh, correction: null }).misses).toHaveLength(2);
    const exact: RelevanceQuery = { kind: 'SKU, GTIN or model', q: 'RB-200', top10: ['B'], first: 'B' };
    expect(judgeRelevance(exact, { lots: [lot('A'), lot('B')], correction: null }).misses).toEqual([
      'first is A, not B',
    ]);
    const typo: RelevanceQuery = { kind: 'typo', q: 'macbok', top10: ['M'], correctedTo: 'macbook' };
    expect(judgeRelevance(typo, { lots: [lot('M')], correction: null }).misses).toHaveLength(1);
    expect(
      judgeRelevance(
        { ...drills, correctedTo: undefined },
        { lots: [lot('Drill A'), lot('Drill B')], correction: 'drill' },
      ).misses,
    ).toHaveLength(1);
    const none: RelevanceQuery = { kind: 'nothing', q: 'kayak', top10: [] };
    expect(judgeRelevance(none, { lots: [lot('Kayak paddle')], correction: null }).misses).toHaveLength(1);
    expect(judgeRelevance(none, { lots: [], correction: null }).misses).toEqual([]);
  });

  it('holds a category word to ten lots of its category', () => {
    const garden: RelevanceQuery = { kind: 'category', q: 'garden', top10: [], allOfCategory: 'Garden' };
    const ten = Array.from({ length: 10 }, (_, i) => lot(`G${i}`, 'Garden'));
    expect(judgeRelevance(garden, { lots: ten, correction: null }).misses).toEqual([]);
    expect(judgeRelevance(garden, { lots: [...ten.slice(1), lot('TV')], correction: null }).misses).toEqual([
      'not of Garden: TV',
    ]);
  });
});

describe('relevanceFigures', () => {
  it('averages precision over the queries that show lots and counts recall over every required lot', () => {
    const q: RelevanceQuery = { kind: 'brand', q: 'x', top10: ['A', 'B'] };
    const none: RelevanceQuery = { kind: 'nothing', q: 'y', top10: [] };
    const figures = relevanceFigures([
      { query: q, judgement: { misses: [], found: 2, required: 2, shown: 4, relevant: 2 } },
      { query: q, judgement: { misses: ['missing'], found: 1, required: 2, shown: 1, relevant: 1 } },
      { query: none, judgement: { misses: [], found: 0, required: 0, shown: 0, relevant: 0 } },
    ]);
    expect(figures).toEqual({
      queries: 3,
      precisionAt10: 0.75,
      recall: 0.75,
      nothingFound: 1,
      nothingQueries: 1,
      passed: 2,
    });
  });
});
