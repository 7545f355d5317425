// Dollars as numbers and plain text, to and from exact cents (price filters, saved searches, form
// fields, the bid API's amount). Beside money.ts, which every page loads: these only some pages need.
import { formatCents } from './money';

/**
 * 123450 -> '1234.50': dollars with exactly two decimals and a dot, no symbol or grouping, made from
 * the integer's digits (a form field's value, the bid API's amount, schema.org's price). Throws on
 * anything but a non-negative safe integer.
 */
export function centsToDollarText(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A number of dollars (a query parameter, a JSON field, a price filter) to the nearest cent, exactly.
 * The number's own decimal text (what was typed: 1.005 reads '1.005') is rounded half away from zero
 * on its digits, never multiplied in floating point: `Math.round(1.005 * 100)` is 100, because
 * 1.005 * 100 is 100.49999999999999, where this gives 101. null for a non-finite number, and for one
 * whose cents are not a safe integer (1e21 dollars): there is no exact answer to give.
 */
export function dollarsToCents(dollars: number): number | null {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars)) return null;
  const text = String(Math.abs(dollars));
  let cents: number;
  if (text.includes('e')) {
    // String() switches to exponent form below 1e-6 (far under half a cent) and from 1e21 up.
    if (Math.abs(dollars) >= 1) return null;
    cents = 0;
  } else {
    const [wholeText = '0', fractionText = ''] = text.split('.');
    const digits = fractionText.padEnd(3, '0');
    cents = Number(wholeText) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  }
  if (!Number.isSafeInteger(cents)) return null;
  return dollars < 0 && cents !== 0 ? -cents : cents;
}

/**
 * A number of dollars for display, to the nearest cent (dollarsToCents) and without '.00' when it is
 * whole: 300 -> '$300', 12.5 -> '$12.50', 1.005 -> '$1.01' (price filters and saved searches).
 */
export function formatDollars(dollars: number): string {
  const cents = dollarsToCents(dollars);
  if (cents === null) throw new RangeError(`formatDollars: not an amount of dollars: ${dollars}`);
  return formatCents(cents).replace(/\.00$/, '');
}
