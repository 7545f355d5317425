// How a product is sold, and what the shopper is told about returning it (docs/product.md "Returns",
// "Sale terms before the bid"; docs/decisions/078-sale-terms-receipts-abandoned.md). Constants and
// sentences only, no imports beyond the windows: the card, the product page and the bid step read
// it in their first chunks (e2e/tests/budget.spec.ts). returns.ts re-exports the lists.
import { RETURN_WINDOW_DAYS } from './windows';

/** How a product is sold: 'standard' may be returned; Final Sale and As-Is may not. */
export const SALE_TERMS = ['standard', 'final_sale', 'as_is'] as const;
export type SaleTerms = (typeof SALE_TERMS)[number];
export const SALE_TERMS_LABELS: Readonly<Record<SaleTerms, string>> = Object.freeze({
  standard: 'Standard',
  final_sale: 'Final Sale',
  as_is: 'As-Is',
});

/** The published policy's kinds of goods that are never returnable, whatever their sale terms. */
export const NON_RETURNABLE_KINDS = [
  'perishable',
  'personal_care',
  'custom',
  'hazardous',
  'gift_card',
] as const;
export type NonReturnableKind = (typeof NON_RETURNABLE_KINDS)[number];
export const NON_RETURNABLE_KIND_LABELS: Readonly<Record<NonReturnableKind, string>> = Object.freeze({
  perishable: 'Perishable',
  personal_care: 'Personal care',
  custom: 'Custom item',
  hazardous: 'Hazardous material',
  gift_card: 'Gift card',
});

/** The kinds in the policy's words (store-policies.ts lists them the same way). */
const KIND_PHRASES: Readonly<Record<NonReturnableKind, string>> = Object.freeze({
  perishable: 'perishable goods',
  personal_care: 'personal care items',
  custom: 'custom items',
  hazardous: 'hazardous materials',
  gift_card: 'gift cards',
});

/** What decides whether a lot may come back: its terms and, for standard lots, its kind. */
export interface LotTerms {
  saleTerms: SaleTerms;
  nonReturnableKind?: NonReturnableKind | null;
}

/**
 * The sentence every screen and message shows for a lot's terms, the same as the returns rules
 * (returns.ts returnEligibility): Final Sale and As-Is never come back; a standard lot of a
 * never-returnable kind does not either; any other lot may come back, free, through the 7th
 * calendar day after its pickup.
 */
export function saleTermsText(terms: LotTerms): string {
  if (terms.saleTerms === 'final_sale') return 'Final sale: no returns.';
  if (terms.saleTerms === 'as_is') return 'As is: sold as found, no returns.';
  const kind = terms.nonReturnableKind ?? null;
  if (kind !== null) return `No returns: ${KIND_PHRASES[kind]} cannot be returned.`;
  return `Standard: free returns within ${RETURN_WINDOW_DAYS} days of pickup.`;
}

/** Whether the lot may be returned under its terms (the window aside). */
export function isReturnableLot(terms: LotTerms): boolean {
  return terms.saleTerms === 'standard' && (terms.nonReturnableKind ?? null) === null;
}

/** The card's small badge: 'Final Sale' or 'As-Is'; none for a standard sale. */
export function saleTermsBadge(saleTerms: SaleTerms): string | null {
  return saleTerms === 'standard' ? null : SALE_TERMS_LABELS[saleTerms];
}

export function isSaleTerms(value: unknown): value is SaleTerms {
  return typeof value === 'string' && (SALE_TERMS as readonly string[]).includes(value);
}
