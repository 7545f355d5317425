// Money is integer cents (CAD) everywhere: storage, API and every computation
// (docs/product.md "Prices, premium and taxes"). Display is '$1,234.56' (en-CA, always two decimals). Parsing never goes through
// floating point arithmetic: the text is split into its dollar and cent digits and assembled as an integer.

/** The largest amount, in dollars, that parseDollarsToCents accepts. */
export const MAX_PARSE_DOLLARS = 100_000_000;

const GROUPED_THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * '$1,234.56' for 123456; '-$1.00' for -100. Non-integer input is rounded to the nearest cent
 * (half away from zero); non-finite input is a programming error and throws.
 */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) {
    throw new RangeError(`formatCents: not a finite amount: ${cents}`);
  }
  const rounded = Math.sign(cents) * Math.round(Math.abs(cents));
  const negative = rounded < 0;
  const abs = Math.abs(rounded);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  const dollarText = String(dollars).replace(GROUPED_THOUSANDS, ',');
  return `${negative ? '-' : ''}$${dollarText}.${String(rest).padStart(2, '0')}`;
}

// Optional '$', then either plain digits or comma-grouped thousands, then up to two decimals.
// At least one digit somewhere ('.' alone is rejected by the check below).
const AMOUNT_PATTERN = /^\$?\s*(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d{0,2}))?$/;

/**
 * Parses a typed dollar amount into integer cents.
 * Accepts '12', '12.5', '12.50', '$1,234.56', ' 7 ', '.5' and non-negative finite numbers.
 * Returns null for anything unparseable: empty text, negative amounts, malformed thousands
 * grouping, more than two decimals, non-finite numbers, or more than MAX_PARSE_DOLLARS.
 * Zero is returned as 0: whether zero is acceptable is the caller's rule.
 */
export function parseDollarsToCents(input: string | number): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // String() gives the shortest text that round-trips, e.g. 12.34 -> '12.34'; values such as
    // 0.1 + 0.2 show more than two decimals and are rejected rather than silently rounded.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const wholeText = match[1]?.replaceAll(',', '') ?? '';
  const fractionText = match[2] ?? '';
  if (wholeText === '' && fractionText === '') return null;
  const whole = wholeText === '' ? 0 : Number(wholeText);
  if (!Number.isSafeInteger(whole) || whole > MAX_PARSE_DOLLARS) return null;
  const fraction = Number(fractionText.padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  if (cents > MAX_PARSE_DOLLARS * 100) return null;
  return cents;
}

/** 123456 -> 1234.56. For display or third-party APIs that want dollars; never compute with it. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
