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
