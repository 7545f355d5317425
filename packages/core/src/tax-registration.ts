// The seller's sales-tax registration numbers, which every receipt carries (docs/product.md "Prices,
// premium and taxes"; docs/decisions/078-sale-terms-receipts-abandoned.md). A Canadian receipt that
// charges GST names the seller's GST/HST number (the business number, 9 digits, then the program
// account 'RT' and 4 digits); one that charges BC PST names the PST number ('PST-1234-5678').

/** The demo store's numbers: the right shape, not a real registration. Production sets its own. */
export const DEMO_GST_NUMBER = '123456789 RT0001';
export const DEMO_PST_NUMBER = 'PST-1234-5678';

export interface TaxRegistration {
  /** GST/HST registration number, as '123456789 RT0001'. */
  gstNumber: string;
  /** BC PST registration number, as 'PST-1234-5678'. */
  pstNumber: string;
}

export const DEMO_TAX_REGISTRATION: TaxRegistration = Object.freeze({
  gstNumber: DEMO_GST_NUMBER,
  pstNumber: DEMO_PST_NUMBER,
});

/** How each number is written: the server's configuration check and the back office's form say it alike. */
export const GST_NUMBER_FORMAT = "9 digits, RT and 4 digits ('123456789 RT0001')";
export const PST_NUMBER_FORMAT = "PST, 4 digits and 4 digits ('PST-1234-5678')";
export const GST_NUMBER_INVALID = `The GST/HST number must be ${GST_NUMBER_FORMAT}.`;
export const PST_NUMBER_INVALID = `The BC PST number must be ${PST_NUMBER_FORMAT}.`;

const GST = /^(\d{9})\s?RT(\d{4})$/;
const PST = /^PST-(\d{4})-(\d{4})$/;

/** A GST/HST number in its printed form ('123456789 RT0001'), or null when it is not one. */
export function normalizeGstNumber(text: string): string | null {
  const m = GST.exec(text.trim().toUpperCase());
  return m ? `${m[1]} RT${m[2]}` : null;
}

/** A BC PST number in its printed form ('PST-1234-5678'), or null when it is not one. */
export function normalizePstNumber(text: string): string | null {
  const m = PST.exec(text.trim().toUpperCase());
  return m ? `PST-${m[1]}-${m[2]}` : null;
}

/** The receipt's lines naming the numbers, in the order a receipt prints them. */
export function taxRegistrationLines(r: TaxRegistration): { label: string; value: string }[] {
  return [
    { label: 'GST/HST registration no.', value: r.gstNumber },
    { label: 'PST registration no.', value: r.pstNumber },
  ];
}

/** Each number or none: the back office's setting, or what the server is configured with. */
export interface TaxRegistrationNumbers {
  gstNumber: string | null;
  pstNumber: string | null;
}

/**
 * The numbers receipts print (docs/decisions/078): each the back office's own when staff entered
 * one, else the configured one (the server's SELLER_GST_NUMBER / SELLER_PST_NUMBER, or the demo
 * numbers outside production). A number neither has stays null.
 */
export function taxRegistrationInUse(
  saved: TaxRegistrationNumbers,
  configured: TaxRegistrationNumbers,
): TaxRegistrationNumbers {
  return {
    gstNumber: saved.gstNumber ?? configured.gstNumber,
    pstNumber: saved.pstNumber ?? configured.pstNumber,
  };
}

/** Both numbers, or null when either is missing (a receipt needs both). */
export function completeTaxRegistration(numbers: TaxRegistrationNumbers): TaxRegistration | null {
  const { gstNumber, pstNumber } = numbers;
  return gstNumber && pstNumber ? { gstNumber, pstNumber } : null;
}
