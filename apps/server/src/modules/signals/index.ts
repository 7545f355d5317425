// The signals module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
// What links accounts for the signals of unfair bidding: sightings recorded as keyed hashes, purged
// after SIGHTING_RETENTION_DAYS (docs/product.md "Signals").

export { signalsRoutes } from './routes';
export {
  deviceCookieName,
  deviceIdFrom,
  deviceSetCookie,
  purgeOldSightings,
  recordCardUse,
  recordSignIn,
} from './service';
export { listSignals, markSignalsReviewed } from './staff';
