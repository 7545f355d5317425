// The seller, as every email's footer names it (CASL: the sender's name and mailing address).
// The same facts as apps/web/src/lib/company.ts, which the site's pages show; company.test.ts
// keeps the two in step (the server cannot import the web app).
export const SELLER = {
  legalName: 'Rebound Marketplace Inc.',
  address: '8035 North Fraser Way, Unit 110, Burnaby, BC V5J 5M8, Canada',
  supportEmail: 'support@rebound.example',
  privacyEmail: 'privacy@rebound.example',
} as const;
