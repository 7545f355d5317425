// The storage-fees module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { storageFeeRoutes } from './routes';
export type { FeeChargeDraft } from './service';
export {
  assertNoStorageOwed,
  draftOnlineCharges,
  insertOnlineCharges,
  lockSessionCharges,
  markSessionChargesPaid,
  owedNowCents,
  sessionChargeLines,
  voidSessionCharges,
} from './service';
