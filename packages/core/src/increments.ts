// Bid increments (docs/product.md "Bidding and bid history"). All amounts are integer cents.
//
// An auction either uses its own fixed `bid_increment`, or the site's increment table, looked up at
// an amount with the lower bound of each band inclusive.

export type IncrementRule = { mode: 'fixed'; cents: number } | { mode: 'table' };

export interface IncrementBand {
  /** Lower bound of the band, inclusive, in cents. */
  readonly fromCents: number;
  /** Increment that applies from `fromCents` up to the next band, in cents. */
  readonly incrementCents: number;
}

/** The site's default increment table, bands in ascending order. */
export const DEFAULT_INCREMENT_TABLE: readonly IncrementBand[] = Object.freeze([
  { fromCents: 0, incrementCents: 5 }, // under $1: $0.05
  { fromCents: 100, incrementCents: 25 }, // $1 - $4.99: $0.25
  { fromCents: 500, incrementCents: 50 }, // $5 - $24.99: $0.50
  { fromCents: 2_500, incrementCents: 100 }, // $25 - $99.99: $1
  { fromCents: 10_000, incrementCents: 250 }, // $100 - $249.99: $2.50
  { fromCents: 25_000, incrementCents: 500 }, // $250 - $499.99: $5
  { fromCents: 50_000, incrementCents: 1_000 }, // $500 - $999.99: $10
  { fromCents: 100_000, incrementCents: 2_500 }, // $1,000 - $2,499.99: $25
  { fromCents: 250_000, incrementCents: 5_000 }, // $2,500 - $4,999.99: $50
  { fromCents: 500_000, incrementCents: 10_000 }, // $5,000 and up: $100
] satisfies IncrementBand[]);

/** The increment that applies at `amountCents` (table lookup: lower bound inclusive). */
export function incrementAt(amountCents: number, rule: IncrementRule): number {
  if (rule.mode === 'fixed') return rule.cents;
  let increment = DEFAULT_INCREMENT_TABLE[0]?.incrementCents ?? 5;
  for (const band of DEFAULT_INCREMENT_TABLE) {
    if (amountCents >= band.fromCents) increment = band.incrementCents;
    else break;
  }
  return increment;
}

/** A fixed increment must be a positive whole number of cents; the table is always valid. */
export function isValidIncrementRule(rule: IncrementRule): boolean {
  return rule.mode === 'table' || (Number.isSafeInteger(rule.cents) && rule.cents > 0);
}
