// The tax-registration module's door: the only file other modules, app.ts and start.ts import
// (docs/architecture.md). The seller's GST/HST and PST numbers receipts print (docs/decisions/078).
export { taxRegistrationRoutes } from './routes';
export { requireTaxNumbers, sellerTaxRegistration } from './service';
