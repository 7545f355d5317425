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
 * Where a match counts most, as PostgreSQL's ts_rank weights {D, C, B, A}: the description (D),
 * the category (C), the brand and model (B), the title (A).
 */
export const SEARCH_WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;

/**
 * Units written one way: each group's forms after a number become its first form. Longest forms
 * first so 'volts' is not read as 'v' + 'olts'.
 */
export const SEARCH_UNITS: readonly (readonly string[])[] = [
  ['v', 'volts', 'volt'],
  ['in', 'inches', 'inch', '"'],
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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\"]/g, '\\$&');

/**
 * Between a number and its unit: any run of marks ('20 V', '20-volt', '20 : V'), since every mark
 * becomes a space anyway and the text must not change when normalised again ('0:V' -> '0v' at once,
 * not '0 v' then '0v').
 */
const GAP = '[^a-z0-9]*';

/**
 * One pattern per unit group: a number not inside a word or a decimal ('a20', '1.5'), marks, a form
 * not followed by a letter or digit.
 */
const UNIT_PATTERNS: readonly [RegExp, string][] = SEARCH_UNITS.map((forms) => [
  new RegExp(
    `(?<![a-z0-9]|[0-9]\\.)([0-9]+(?:\\.[0-9]+)?)${GAP}(?:${forms.map(escapeRegExp).join('|')})(?![a-z0-9])`,
    'g',
  ),
  `$1${forms[0]}`,
]);

/**
 * A text as search compares it: 'DeWalt 20-Volt MAX* Drill/Driver' -> 'dewalt 20v max drill driver'.
 * A dot stays only between two digits ('4.5'); everything but letters, digits and spaces becomes a
 * space; runs of spaces become one.
 */
export function normalizeSearchText(text: string): string {
  let s = Array.from(text, (c) => {
    const i = SEARCH_LETTERS_FROM.indexOf(c);
    return i < 0 ? c : SEARCH_LETTERS_TO[i];
  }).join('');
  for (const [pattern, replacement] of UNIT_PATTERNS) s = s.replace(pattern, replacement);
  s = s.replace(/[^a-z0-9.]+/g, ' ');
  s = s.replace(/\.(?![0-9])|(?<![0-9])\./g, ' ');
  return s.replace(/ +/g, ' ').trim();
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
  // A stop word matches nothing, so it is not a word to match and its neighbours join across it;
  // a last word being typed stays (it may be the start of a longer word).
  const kept = all
    .map((token, at) => ({ token, at }))
    .filter(({ token, at }) => !SEARCH_STOP_WORDS.has(token) || (prefixLast && at === all.length - 1));
  if (kept.length === 0) return null;
  const lastIndex = kept.length - 1;
  const label = (touchesLast: boolean) => {
    const prefix = prefixLast && touchesLast ? '*' : '';
    const weights = options.weights ?? '';
    return prefix || weights ? `:${prefix}${weights}` : '';
  };
  const groups = kept.map(({ token, at }, i) => {
    const alternatives = [`${token}${label(i === lastIndex)}`];
    const add = (joined: string, touchesLast: boolean) => {
      const alternative = `${joined}${label(touchesLast)}`;
      if (!alternatives.includes(alternative)) alternatives.push(alternative);
    };
    if (i > 0) add(`${kept[i - 1]!.token}${token}`, i === lastIndex);
    if (i < lastIndex) add(`${token}${kept[i + 1]!.token}`, i + 1 === lastIndex);
    // Joined with a stop word beside it, as documents hold their pairs ('watering can' ->
    // 'wateringcan'): finds the two written as one word, and ranks 'Watering Can' above a title
    // that only says 'watering' (the stop word alone matches nothing).
    const before = all[at - 1];
    const after = all[at + 1];
    if (before !== undefined && SEARCH_STOP_WORDS.has(before))
      add(`${before}${token}`, at === all.length - 1);
    if (after !== undefined && SEARCH_STOP_WORDS.has(after))
      add(`${token}${after}`, at + 1 === all.length - 1);
    return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' | ')})`;
  });
  return groups.join(' & ');
}

/** How many letters a word may be off by and still be corrected to a catalogue word. */
export function allowedEdits(word: string): number {
  if (word.length < 3 || /^[0-9.]+$/.test(word)) return 0;
  return word.length <= 4 ? 1 : 2;
}

/** At most this many close spellings of a query are tried, likeliest first. */
export const MAX_CORRECTIONS = 3;

/**
 * The word with each pair of neighbouring letters swapped ('dewlat' -> 'edwlat', ..., 'dewalt'): a
 * common typo that trigram likeness misses (it changes three trigrams of a short word), tried as
 * catalogue words as they are. A swap is two edits (closestWord), so only words of five letters or
 * more are corrected this way.
 */
export function swappedLetters(word: string): string[] {
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    swaps.add(`${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`);
  }
  return [...swaps];
}

/**
 * The catalogue words a misspelled word may mean: among `candidates` (words of the catalogue that
 * look alike), those within allowedEdits, nearest first, ties in the candidates' order (the caller
 * lists them most alike first). None when the word is itself a catalogue word.
 */
export function closeWords(word: string, candidates: readonly string[]): string[] {
  const limit = allowedEdits(word);
  if (limit === 0 || candidates.includes(word)) return [];
  return [...new Set(candidates)]
    .map((candidate, order) => ({ candidate, order, d: distance(word, candidate) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .map((c) => c.candidate);
}

/** The nearest of closeWords, or null. */
export function closestWord(word: string, candidates: readonly string[]): string | null {
  return closeWords(word, candidates)[0] ?? null;
}

/**
 * The query spelled as the catalogue spells it, up to `limit` ways, likeliest first: each word not
 * in `known` replaced by one of its close words (fewest edits in all first, then the candidates'
 * order). The caller shows the first that finds lots ('hair drier' may mean 'hair driver' or 'hair
 * dryer', one edit each: only the second finds any). Empty when nothing can be corrected.
 */
export function correctedQueries(
  tokens: readonly string[],
  known: ReadonlySet<string>,
  candidatesOf: (word: string) => readonly string[],
  limit = MAX_CORRECTIONS,
): string[] {
  // Each word's choices: itself when known or without a close word, else its three nearest.
  const choices = tokens.map((token) => {
    const close = known.has(token) ? [] : closeWords(token, candidatesOf(token)).slice(0, MAX_CORRECTIONS);
    return close.length === 0
      ? [{ word: token, cost: 0, rank: 0 }]
      : close.map((word, rank) => ({ word, cost: distance(token, word), rank }));
  });
  let combos: { words: string[]; cost: number; rank: number }[] = [{ words: [], cost: 0, rank: 0 }];
  for (const options of choices) {
    combos = combos.flatMap((combo) =>
      options.map((o) => ({
        words: [...combo.words, o.word],
        cost: combo.cost + o.cost,
        rank: combo.rank + o.rank,
      })),
    );
  }
  return combos
    .filter((c) => c.cost > 0)
    .sort((a, b) => a.cost - b.cost || a.rank - b.rank)
    .slice(0, limit)
    .map((c) => c.words.join(' '));
}

/** The likeliest close spelling of the query (correctedQueries' first), or null. */
export function correctedQuery(
  tokens: readonly string[],
  known: ReadonlySet<string>,
  candidatesOf: (word: string) => readonly string[],
): string | null {
  return correctedQueries(tokens, known, candidatesOf, 1)[0] ?? null;
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
