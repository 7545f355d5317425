// Who runs Rebound and how to reach them: shown by the policy pages, About and Contact.
// The warehouse address is the demo seed's pickup location (apps/server/src/seed/demo.ts).

export const COMPANY = {
  legalName: 'Rebound Marketplace Inc.',
  warehouseName: 'Rebound Warehouse — Burnaby',
  street: '8035 North Fraser Way, Unit 110',
  city: 'Burnaby',
  province: 'BC',
  provinceName: 'British Columbia',
  postalCode: 'V5J 5M8',
  country: 'Canada',
  supportEmail: 'support@rebound.example',
  privacyEmail: 'privacy@rebound.example',
} as const;

/** The address on one line, e.g. for a sentence. */
export const COMPANY_ADDRESS_LINE = `${COMPANY.street}, ${COMPANY.city}, ${COMPANY.province} ${COMPANY.postalCode}`;

/** Warehouse opening hours (also the pickup hours), Pacific time. */
export const OPENING_HOURS = [
  { days: 'Monday to Saturday', hours: '10:00–18:00' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

/** The date every policy page shows as 'Last updated'. */
export const POLICIES_LAST_UPDATED = 'November 21, 2026';
/** The same date, machine-readable, for <time dateTime>. */
export const POLICIES_LAST_UPDATED_ISO = '2026-11-21';
