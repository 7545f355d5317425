// The SKU the store gives a unit at the receiving bench (docs/product.md "Intake"; decision 093).
// Units of one item share a series: a base and a two-digit (or longer) number, `RB-7KX2MQ-01`,
// `RB-7KX2MQ-02`... A repeat item's next unit continues the series of the item's latest unit; a new
// item (or one whose latest unit has no SKU of its own) starts a series of the store's own.

/** The store's own series start with this. */
export const STORE_SKU_PREFIX = 'RB';

/** A SKU has at most 64 characters (the contract's Sku). */
export const SKU_MAX_LENGTH = 64;

/** The number's digits at least (01, 02... then 100 when the series passes 99). */
const NUMBER_DIGITS = 2;

/** Letters of a store series' code: Crockford's base 32, without I, L, O and U (misread on a label). */
export const STORE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const STORE_CODE_LENGTH = 6;

export interface SkuSeries {
  base: string;
  number: number;
}

/** A SKU read as a series member: `<base>-<2 to 6 digits>`; null when it is not one. */
export function skuSeriesOf(sku: string): SkuSeries | null {
  const m = /^(.+)-(\d{2,6})$/.exec(sku.toUpperCase());
  if (!m) return null;
  return { base: m[1]!, number: Number(m[2]) };
}

/** The SKU of a series' member: the base, a dash and the number padded to two digits. */
export function seriesSku(base: string, number: number): string {
  return `${base.toUpperCase()}-${String(number).padStart(NUMBER_DIGITS, '0')}`;
}

/**
 * The next number of a series, given SKUs already taken that may belong to it (any others are
 * ignored): one past the highest member, 1 for an empty series. Gaps are not filled: a number once
 * given is never given again to another unit while the first still holds it.
 */
export function nextSeriesNumber(base: string, taken: readonly string[]): number {
  const b = base.toUpperCase();
  let highest = 0;
  for (const sku of taken) {
    const s = skuSeriesOf(sku);
    if (s && s.base === b && s.number > highest) highest = s.number;
  }
  return highest + 1;
}

/**
 * The base a unit's SKU continues, from the SKU of its item's latest unit (null: none of its own,
 * or no earlier unit): that SKU's series base; a SKU staff typed that is not a series member becomes
 * the base of one (`DWDRILL` then `DWDRILL-01`) when the result fits. Null: the store's own series.
 */
export function seriesBaseFrom(latestSku: string | null): string | null {
  if (!latestSku) return null;
  const series = skuSeriesOf(latestSku);
  if (series) return series.base;
  const base = latestSku.toUpperCase();
  return base.length + 1 + NUMBER_DIGITS <= SKU_MAX_LENGTH ? base : null;
}

/** A new store series' base, `RB-` and six letters drawn with `random` (values in [0, 1)). */
export function storeSeriesBase(random: () => number): string {
  let code = '';
  for (let i = 0; i < STORE_CODE_LENGTH; i++) {
    code += STORE_CODE_ALPHABET[Math.floor(random() * STORE_CODE_ALPHABET.length)];
  }
  return `${STORE_SKU_PREFIX}-${code}`;
}
