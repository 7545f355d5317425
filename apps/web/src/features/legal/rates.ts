import type { Location } from '@rebound/contract/catalog';
import { type PriceBreakdown, priceCheckout, resolveTaxConfig, type TaxConfig } from '@rebound/core/pricing';

// The Terms' buyer's premium and taxes, from the pickup locations' own rates (each location has its
// premium, PST and GST; a location that sets none has core's defaults, DEFAULT_TAX_CONFIG, which are
// also the locations table's column defaults). Pure, so the page's wording is unit-tested here.

/** Locations sharing the same rates, with the worked example priced at those rates. */
export type RateGroup = {
  tax: TaxConfig;
  /** The locations' names, in the API's order; empty when no location is known (core's defaults). */
  locations: string[];
  example: PriceBreakdown;
};

/** The winning bid of the worked example: $100.00. */
export const EXAMPLE_BID_CENTS = 10_000;

const keyOf = (t: TaxConfig) => `${t.buyersPremiumBp}/${t.pstBp}/${t.gstBp}/${t.applyTaxesOnPremium}`;

/**
 * The locations grouped by their rates, in the order each set of rates first appears; one group of
 * core's defaults when there is no location.
 */
export function rateGroups(locations: readonly Pick<Location, 'name' | 'taxConfig'>[]): RateGroup[] {
  const groups = new Map<string, RateGroup>();
  for (const location of locations) {
    const tax = resolveTaxConfig(location.taxConfig);
    const key = keyOf(tax);
    const group = groups.get(key);
    if (group) group.locations.push(location.name);
    else groups.set(key, { tax, locations: [location.name], example: priceCheckout(EXAMPLE_BID_CENTS, tax) });
  }
  if (groups.size === 0) {
    const tax = resolveTaxConfig(null);
    return [{ tax, locations: [], example: priceCheckout(EXAMPLE_BID_CENTS, tax) }];
  }
  return [...groups.values()];
}

/** 'Burnaby', 'Burnaby and Surrey', 'Burnaby, Surrey and Victoria'. */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
