// A product's identity as an item (docs/product.md "One item, many lots"; decision 090): many units of
// the same thing (twelve identical air fryers) are many products, each sold in its own lot, but one
// item. The item is known by its GTIN (the barcode number) or, without one, by its brand and the
// maker's model number.

/** GTINs are stored once, as 14 digits (GTIN-14, shorter forms padded with leading zeros). */
export const GTIN_LENGTH = 14;

export type GtinResult =
  | { ok: true; gtin: string }
  | { ok: false; reason: 'format' | 'check_digit' | 'upc_e_number_system' };

/** The GS1 check digit of a code's digits before it (weights 3, 1, 3, … from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

const hasValidCheckDigit = (code: string) =>
  gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;

/**
 * A UPC-E code (8 digits: number system 0 or 1, six digits, check digit) written out as the UPC-A
 * code it stands for (12 digits, same check digit), by the zero-suppression rules of its last digit.
 * Null when the number system is not 0 or 1.
 */
export function expandUpcE(code: string): string | null {
  if (!/^\d{8}$/.test(code)) return null;
  const ns = code[0];
  if (ns !== '0' && ns !== '1') return null;
  const [d1, d2, d3, d4, d5, d6] = code.slice(1, 7);
  const check = code[7];
  let body: string;
  if (d6 === '0' || d6 === '1' || d6 === '2') body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
  else if (d6 === '3') body = `${d1}${d2}${d3}00000${d4}${d5}`;
  else if (d6 === '4') body = `${d1}${d2}${d3}${d4}00000${d5}`;
  else body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${ns}${body}${check}`;
}

/**
 * A GTIN as typed or scanned, in its normal form: spaces and dashes dropped, then UPC-A (12 digits),
 * EAN-13 (13) or GTIN-14 (14) padded to 14 digits; UPC-E (8 digits) first expanded to its UPC-A.
 * The check digit must be right. Other lengths (and EAN-8) are refused as 'format'.
 */
export function parseGtin(input: string): GtinResult {
  const digits = input.trim().replace(/[\s-]+/g, '');
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'format' };
  let code = digits;
  if (digits.length === 8) {
    const upcA = expandUpcE(digits);
    if (!upcA) return { ok: false, reason: 'upc_e_number_system' };
    code = upcA;
  } else if (digits.length < 12 || digits.length > GTIN_LENGTH) {
    return { ok: false, reason: 'format' };
  }
  if (!hasValidCheckDigit(code)) return { ok: false, reason: 'check_digit' };
  return { ok: true, gtin: code.padStart(GTIN_LENGTH, '0') };
}

/** Why a GTIN was refused, in words for staff (the form, the API and a manifest row). */
export function gtinProblem(reason: Exclude<GtinResult, { ok: true }>['reason']): string {
  switch (reason) {
    case 'format':
      return 'A GTIN is a UPC (12 digits, or 8 for UPC-E), an EAN (13 digits) or a GTIN-14 (14 digits).';
    case 'check_digit':
      return "That GTIN's check digit is wrong: please check the number.";
    case 'upc_e_number_system':
      return 'An 8-digit UPC-E starts with 0 or 1.';
  }
}

/**
 * A stored GTIN as people read it: a UPC-A (12 digits) when it is one, else an EAN-13, else the
 * GTIN-14.
 */
export function displayGtin(gtin: string): string {
  if (gtin.startsWith('00')) return gtin.slice(2);
  if (gtin.startsWith('0')) return gtin.slice(1);
  return gtin;
}

/** A model number as stored: trimmed, inner runs of spaces made one. Empty means none. */
export function tidyModel(model: string): string {
  return model.trim().replace(/\s+/g, ' ');
}

/** A model number as compared: without case, spaces or dashes ('WF-1000XM4' = 'wf 1000 xm4'). */
export function modelKey(model: string): string {
  return model.toLowerCase().replace(/[\s-]+/g, '');
}

/** A brand as compared: without case, and with spaces made one. */
export function brandKey(brand: string): string {
  return brand.trim().toLowerCase().replace(/\s+/g, ' ');
}

export interface ItemIdentity {
  /** Normal form (14 digits) or null. */
  gtin: string | null;
  brand: string;
  model: string | null;
}

/**
 * The key that names a product's item, stored with the product: `gtin:<14 digits>` when it has a
 * GTIN; otherwise `model:<brand>|<model>` when it has a model number; otherwise null (an item of
 * its own). Two products are the same item when their keys are equal.
 */
export function itemKey(p: ItemIdentity): string | null {
  if (p.gtin) return `gtin:${p.gtin}`;
  const model = p.model ? modelKey(p.model) : '';
  if (model === '') return null;
  return `model:${brandKey(p.brand)}|${model}`;
}

/**
 * The keys a product row stores beside its gtin, brand and model (products.item_key and
 * products.model_key): every writer of a product (the staff form, the manifest import) takes them
 * from here, so they cannot drift apart.
 */
export function identityKeys(p: ItemIdentity): { itemKey: string | null; modelKey: string | null } {
  const model = p.model ? modelKey(p.model) : '';
  return { itemKey: itemKey(p), modelKey: model === '' ? null : model };
}

/**
 * Whether two products are the same item: the same GTIN; or, neither having a GTIN, the same brand
 * and model number. A product with neither is the same item as no other.
 */
export function sameItem(a: ItemIdentity, b: ItemIdentity): boolean {
  const ka = itemKey(a);
  return ka !== null && ka === itemKey(b);
}

/**
 * What a search box's text names, when it names an item by number: the normal form of a GTIN typed
 * in any of its forms, and the compared form of a model number (for a term that has a digit). A
 * plain word names neither.
 */
export function identitySearchTerms(text: string): { gtin: string | null; model: string | null } {
  const parsed = parseGtin(text);
  const gtin = parsed.ok ? parsed.gtin : null;
  const key = modelKey(text.trim());
  const model = /\d/.test(key) && key.length >= 3 ? key : null;
  return { gtin, model };
}
