import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  closestWord,
  closeWords,
  correctedQueries,
  correctedQuery,
  joinedPairs,
  MAX_SEARCH_TERMS,
  normalizeSearchText,
  searchTokens,
  searchTsQuery,
  swappedLetters,
} from './search';

describe('normalizeSearchText', () => {
  it.each([
    ['DeWalt 20-Volt MAX* Drill/Driver', 'dewalt 20v max drill driver'],
    ['dewalt 20 volt', 'dewalt 20v'],
    ['20V', '20v'],
    ['20 volts', '20v'],
    ['Samsung 55" QLED', 'samsung 55in qled'],
    ['55 inch tv', '55in tv'],
    ['55-inch', '55in'],
    ['Air-Fryer', 'air fryer'],
    ['Black+Decker', 'black decker'],
    ['Castrol EDGE 5W-30, 4.4 L', 'castrol edge 5w 30 4.4l'],
    ['Crème Brûlée', 'creme brulee'],
    ['Dash Cam 67W 1440p with 180° Field', 'dash cam 67w 1440p with 180 field'],
    ['  end.  of. line...', 'end of line'],
    ['v2.0 1.5', 'v2.0 1.5'],
    ['4-Pack', '4pack'],
    ['GB40 1000A', 'gb40 1000a'],
    ["Meguiar's", 'meguiar s'],
    ['0:V', '0v'],
    ['a.20 v', 'a 20v'],
    ['Men\'s 10, 2.5" heel', 'men s 10 2.5in heel'],
  ])('%s -> %s', (text, normal) => {
    expect(normalizeSearchText(text)).toBe(normal);
  });

  it('a unit inside a word stays as it is', () => {
    expect(normalizeSearchText('A129 Plus dcd771c2 abc20v')).toBe('a129 plus dcd771c2 abc20v');
  });

  it('is idempotent and leaves only letters, digits, dots between digits and single spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const once = normalizeSearchText(text);
        expect(normalizeSearchText(once)).toBe(once);
        expect(once).toMatch(/^(?:[a-z0-9]+(?:\.[0-9]+)*[a-z0-9]*(?: |$))*$/);
      }),
    );
  });
});

describe('searchTokens and searchTsQuery', () => {
  it('uses at most the first eight words', () => {
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(MAX_SEARCH_TERMS);
    expect(searchTokens('   ')).toEqual([]);
    expect(searchTokens(undefined)).toEqual([]);
  });

  it('each word must match, alone or joined with a neighbour', () => {
    expect(searchTsQuery('drills')).toBe('drills');
    expect(searchTsQuery('air fryer')).toBe('(air | airfryer) & (fryer | airfryer)');
    expect(searchTsQuery('dewalt 20 volt drill')).toBe(
      '(dewalt | dewalt20v) & (20v | dewalt20v | 20vdrill) & (drill | 20vdrill)',
    );
  });

  it('drops stop words, joins their neighbours across them, and a query of only stop words is none', () => {
    expect(searchTsQuery('black and decker')).toBe(
      '(black | blackdecker | blackand) & (decker | blackdecker | anddecker)',
    );
    expect(searchTsQuery('the of and')).toBeNull();
    expect(searchTsQuery('!!! ...')).toBeNull();
  });

  it('joins a word with a stop word beside it, as a document holds its pairs, without requiring either', () => {
    // 'Watering Can' holds 'wateringcan'; a 'Self-Watering Planter' only 'watering'.
    expect(searchTsQuery('watering can')).toBe('(watering | wateringcan)');
    expect(searchTsQuery('the north face')).toBe('(north | northface | thenorth) & (face | northface)');
  });

  it('makes the last word a prefix for suggestions (even a stop word being typed)', () => {
    expect(searchTsQuery('dy', { prefixLast: true })).toBe('dy:*');
    expect(searchTsQuery('air fr', { prefixLast: true })).toBe('(air | airfr:*) & (fr:* | airfr:*)');
    expect(searchTsQuery('wash an', { prefixLast: true })).toBe('(wash | washan:*) & (an:* | washan:*)');
    expect(searchTsQuery('watering can', { prefixLast: true })).toBe(
      '(watering | wateringcan:*) & (can:* | wateringcan:*)',
    );
    expect(searchTsQuery('dyson sup', { prefixLast: true, weights: 'AB' })).toBe(
      '(dyson:AB | dysonsup:*AB) & (sup:*AB | dysonsup:*AB)',
    );
  });

  it('writes only characters to_tsquery reads as words and operators', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.boolean(), (q, prefix) => {
        const tsq = searchTsQuery(q, { prefixLast: prefix, weights: prefix ? 'AB' : '' });
        if (tsq !== null) expect(tsq).toMatch(/^[a-z0-9.:*()|& AB]+$/);
      }),
    );
  });

  it('joinedPairs joins each neighbouring pair', () => {
    expect(joinedPairs(['air', 'fryer', 'xl'])).toEqual(['airfryer', 'fryerxl']);
    expect(joinedPairs(['one'])).toEqual([]);
  });
});

describe('close spellings', () => {
  it('allows one edit in a short word, two in a longer one, none in a tiny word or a number', () => {
    expect(allowedEdits('tv')).toBe(0);
    expect(allowedEdits('2024')).toBe(0);
    expect(allowedEdits('lamp')).toBe(1);
    expect(allowedEdits('vacum')).toBe(2);
  });

  it('picks the nearest catalogue word within the allowed edits', () => {
    expect(closestWord('vacum', ['vacation', 'vacuum', 'vaccine'])).toBe('vacuum');
    expect(closestWord('macbok', ['macbook', 'macro'])).toBe('macbook');
    expect(closestWord('lmap', ['lamp'])).toBe(null); // a swap is two edits: too many for 4 letters
    expect(closestWord('lamo', ['lamp', 'lama'])).toBe('lamp');
    expect(closestWord('blender', ['blender', 'blunder'])).toBeNull();
    expect(closestWord('qwertyuiop', ['vacuum'])).toBeNull();
  });

  it('lists the nearest words first, ties in the order given, none for a catalogue word', () => {
    expect(closeWords('drier', ['driver', 'drill', 'dryer', 'drawer'])).toEqual([
      'driver',
      'dryer',
      'drill',
      'drawer',
    ]);
    expect(closeWords('drill', ['drill', 'drills'])).toEqual([]);
    expect(closeWords('tv', ['tvs'])).toEqual([]);
  });

  it('swaps each pair of neighbouring letters once', () => {
    expect(swappedLetters('dewlat')).toContain('dewalt');
    expect(swappedLetters('abc')).toEqual(['bac', 'acb']);
    expect(swappedLetters('aab')).toEqual(['aba']);
    expect(swappedLetters('a')).toEqual([]);
    // A swap is two edits: a word of five letters or more is corrected by one.
    expect(closestWord('dewlat', ['dewalt'])).toBe('dewalt');
  });

  it('offers the close spellings of a query fewest edits first, at most three', () => {
    const known = new Set(['dyson', 'hair']);
    const candidates: Record<string, string[]> = { drier: ['driver', 'drill', 'dryer', 'drawer'] };
    const of = (w: string) => candidates[w] ?? [];
    expect(correctedQueries(['dyson', 'hair', 'drier'], known, of)).toEqual([
      'dyson hair driver',
      'dyson hair dryer',
      'dyson hair drill',
    ]);
    expect(correctedQueries(['dyson', 'hair', 'drier'], known, of, 1)).toEqual(['dyson hair driver']);
    expect(correctedQueries(['dyson', 'hair'], known, of)).toEqual([]);
    // Two misspelled words: fewest edits in all first, then the likelier candidates.
    const two: Record<string, string[]> = { dysn: ['dyson', 'dyan'], vacum: ['vacuums', 'vacuum'] };
    expect(correctedQueries(['dysn', 'vacum'], new Set(), (w) => two[w] ?? [])).toEqual([
      'dyson vacuum',
      'dyan vacuum',
      'dyson vacuums',
    ]);
  });

  it('corrects only the words the catalogue does not know', () => {
    const known = new Set(['dyson', 'vacuum']);
    const candidates: Record<string, string[]> = { vacum: ['vacuum'], dysn: ['dyson'] };
    const of = (w: string) => candidates[w] ?? [];
    expect(correctedQuery(['dyson', 'vacum'], known, of)).toBe('dyson vacuum');
    expect(correctedQuery(['dysn', 'vacum'], known, of)).toBe('dyson vacuum');
    expect(correctedQuery(['dyson', 'vacuum'], known, of)).toBeNull();
    expect(correctedQuery(['zzzzz'], known, of)).toBeNull();
  });
});
