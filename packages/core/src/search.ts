// Shop search rules (docs/product.md "Search"; docs/decisions/094-search.md).
//
// A product's searchable text and a shopper's query pass through the same normalisation
// (`normalizeSearchText`): lower case, common accents dropped, numbers with units written one way
// ('20 volt', '20-volt', '20V' -> '20v'; '55 inch', '55"' -> '55in'), and every other mark a space.
// The database builds each product's document from the normalised title, brand and model (with
// each pair of neighbouring words also joined: 'air fryer' -> 'airfryer'), category and description,
// stemmed by PostgreSQL's English dictionary (apps/server/drizzle/0025_search.sql, the SQL twin of
// normalizeSearchText; a medium test holds the two to the same output). The query is built here.

import { distance } from 'fastest-levenshtein';

/** A search uses at most this many words; a longer query only narrows further. */
export const MAX_SEARCH_TERMS = 8;

/** Suggestions start once the box holds this many characters. */
export const SUGGEST_MIN_CHARS = 2;
/** At most this many item titles and categories are suggested. */
export const SUGGEST_ITEMS = 5;
export const SUGGEST_CATEGORIES = 3;

/**
 * Where a match counts most, as PostgreSQL's ts_rank_cd weights {D, C, B, A}: the description (D),
 * the category (C), the brand and model (B), the title (A).
 */
export const SEARCH_WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;

/**
 * Units written one way: each group's forms after a number become its first form. Longest forms
 * first so 'volts' is not read as 'v' + 'olts'.
 */
export const SEARCH_UNITS: readonly (readonly string[])[] = [
  ['v', 'volts', 'volt'],
  ['in', 'inches', 'inch'],
  ['ft', 'feet', 'foot'],
  ['w', 'watts', 'watt'],
  ['a', 'amps', 'amp'],
  ['mah'],
  ['gb'],
  ['tb'],
  ['mp', 'megapixels', 'megapixel'],
  ['hz'],
  ['mm'],
  ['cm'],
  ['ml'],
  ['l', 'litres', 'liters', 'litre', 'liter'],
  ['oz', 'ounces', 'ounce'],
  ['lb', 'lbs', 'pounds', 'pound'],
  ['qt', 'quarts', 'quart'],
  ['pack', 'packs', 'pk'],
  ['pc', 'pieces', 'piece', 'pcs'],
];

/**
 * Letters written plainly, character by character (the SQL twin's translate()): capitals and the
 * common accented letters. Nothing else is lower-cased, so the result does not depend on a locale;
 * any other character becomes a space.
 */
export const SEARCH_LETTERS_FROM = `ABCDEFGHIJKLMNOPQRSTUVWXYZ${'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ'}${'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ'}`;
export const SEARCH_LETTERS_TO = `abcdefghijklmnopqrstuvwxyz${'aaaaaaceeeeiiiinoooooouuuuy'}${'aaaaaaceeeeiiiinoooooouuuuyy'}`;

/** One pattern per unit group: a number not inside a word, at most one space, a form. */
const UNIT_PATTERNS: readonly [RegExp, string][] = SEARCH_UNITS.map((forms) => [
  new RegExp(`(?<![a-z0-9.])([0-9]+(?:\\.[0-9]+)?) ?(?:${forms.join('|')})(?![a-z0-9])`, 'g'),
  `$1${forms[0]}`,
]);

/**
 * A text as search compares it: 'DeWalt 20-Volt MAX* Drill/Driver' -> 'dewalt 20v max drill driver'.
 * In order: capitals and accents written plainly; an inch mark after a number written 'in'; every
 * character but letters, digits and dots a space; a dot kept only between two digits ('4.5'); runs
 * of spaces one; a number and its unit joined ('20 volt' -> '20v'). Applying it twice changes
 * nothing more.
 */
export function normalizeSearchText(text: string): string {
  let s = Array.from(text, (c) => {
    const i = SEARCH_LETTERS_FROM.indexOf(c);
    return i < 0 ? c : SEARCH_LETTERS_TO[i];
  }).join('');
  s = s.replace(/([0-9])[ \t\n\r]*"/g, '$1 in ');
  s = s.replace(/[^a-z0-9.]+/g, ' ');
  s = s.replace(/\.(?![0-9])|(?<![0-9])\./g, ' ');
  s = s.replace(/ +/g, ' ');
  for (const [pattern, replacement] of UNIT_PATTERNS) s = s.replace(pattern, replacement);
  return s.trim();
}

/**
 * Words PostgreSQL's English dictionary leaves out of every document and query (its english.stop
 * list; a medium test checks it still matches). A query drops them before its words are joined.
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set([
  'i',
  'me',
  'my',
  'myself',
  'we',
  'our',
  'ours',
  'ourselves',
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  'he',
  'him',
  'his',
  'himself',
  'she',
  'her',
  'hers',
  'herself',
  'it',
  'its',
  'itself',
  'they',
  'them',
  'their',
  'theirs',
  'themselves',
  'what',
  'which',
  'who',
  'whom',
  'this',
  'that',
  'these',
  'those',
  'am',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'have',
  'has',
  'had',
  'having',
  'do',
  'does',
  'did',
  'doing',
  'a',
  'an',
  'the',
  'and',
  'but',
  'if',
  'or',
  'because',
  'as',
  'until',
  'while',
  'of',
  'at',
  'by',
  'for',
  'with',
  'about',
  'against',
  'between',
  'into',
  'through',
  'during',
  'before',
  'after',
  'above',
  'below',
  'to',
  'from',
  'up',
  'down',
  'in',
  'out',
  'on',
  'off',
  'over',
  'under',
  'again',
  'further',
  'then',
  'once',
  'here',
  'there',
  'when',
  'where',
  'why',
  'how',
  'all',
  'any',
  'both',
  'each',
  'few',
  'more',
  'most',
  'other',
  'some',
  'such',
  'no',
  'nor',
  'not',
  'only',
  'own',
  'same',
  'so',
  'than',
  'too',
  'very',
  's',
  't',
  'can',
  'will',
  'just',
  'don',
  'should',
  'now',
]);

/** The words of a query as search uses them: normalised, at most MAX_SEARCH_TERMS. */
export function searchTokens(q: string | undefined | null): string[] {
  if (!q) return [];
  const normal = normalizeSearchText(q);
  return normal === '' ? [] : normal.split(' ').slice(0, MAX_SEARCH_TERMS);
}

/** Each pair of neighbouring words joined ('air fryer xl' -> 'airfryer fryerxl'), as documents hold them. */
export function joinedPairs(tokens: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) pairs.push(`${tokens[i]}${tokens[i + 1]}`);
  return pairs;
}

/**
 * The query text for PostgreSQL's `to_tsquery('english', ...)`: every word must match (AND), each
 * word also by its joining with the word before or after ('air fryer' finds 'Airfryer';
 * 'airfryer' finds 'Air Fryer' through the document's joined pairs). `prefixLast` makes the last
 * word a prefix (suggestions as the shopper types); `weights` keeps the match to those parts of the
 * document ('AB': title, brand and model). Null when the query has no words.
 */
export function searchTsQuery(
  q: string | undefined | null,
  options: { prefixLast?: boolean; weights?: string } = {},
): string | null {
  const prefixLast = options.prefixLast ?? false;
  const all = searchTokens(q);
  // A stop word matches nothing, so it neither counts as a word nor joins its neighbours; a last
  // word being typed stays (it may be the start of a longer word).
  const tokens = all.filter((t, i) => !SEARCH_STOP_WORDS.has(t) || (prefixLast && i === all.length - 1));
  if (tokens.length === 0) return null;
  const lastIndex = tokens.length - 1;
  const label = (touchesLast: boolean) => {
    const prefix = prefixLast && touchesLast ? '*' : '';
    const weights = options.weights ?? '';
    return prefix || weights ? `:${prefix}${weights}` : '';
  };
  const groups = tokens.map((token, i) => {
    const alternatives = [`${token}${label(i === lastIndex)}`];
    if (i > 0) alternatives.push(`${tokens[i - 1]}${token}${label(i === lastIndex)}`);
    if (i < lastIndex) alternatives.push(`${token}${tokens[i + 1]}${label(i + 1 === lastIndex)}`);
    return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`;
  });
  return groups.join(' & ');
}

/** How many letters a word may be off by and still be corrected to a catalogue word. */
export function allowedEdits(word: string): number {
  if (word.length < 3 || /^[0-9.]+$/.test(word)) return 0;
  return word.length <= 4 ? 1 : 2;
}

/**
 * The catalogue word a misspelled word most likely means: among `candidates` (words of the
 * catalogue that look alike), the nearest by edits within allowedEdits, ties to the earlier
 * candidate (the caller lists them most alike first). Null when none is near enough or the word is
 * itself a catalogue word.
 */
export function closestWord(word: string, candidates: readonly string[]): string | null {
  const limit = allowedEdits(word);
  if (limit === 0 || candidates.includes(word)) return null;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The query spelled as the catalogue spells it: each word not in `known` replaced by its closest
 * candidate. Null when nothing changes (no close spelling to offer).
 */
export function correctedQuery(
  tokens: readonly string[],
  known: ReadonlySet<string>,
  candidatesOf: (word: string) => readonly string[],
): string | null {
  let changed = false;
  const words = tokens.map((token) => {
    if (known.has(token)) return token;
    const better = closestWord(token, candidatesOf(token));
    if (better === null) return token;
    changed = true;
    return better;
  });
  return changed ? words.join(' ') : null;
}

/**
 * What a query names when it may be a SKU: one word of at least three characters, as SKUs are
 * written (upper case), and as the slug a SKU made from a slug comes from (core catalog's
 * skuFromSlug). Null for anything else.
 */
export function skuSearchTerm(q: string | undefined | null): { sku: string; slug: string } | null {
  const text = q?.trim() ?? '';
  if (text.length < 3 || text.length > 80 || /\s/.test(text)) return null;
  return { sku: text.toUpperCase(), slug: text.toLowerCase() };
}
