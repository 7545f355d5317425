// The refunds module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md,
// docs/decisions/084-refunds-module.md). Refund an order by an idempotency key; look refunds up.
export {
  type KeyedRefund,
  refundByKey,
  refundedCentsByOrder,
  refundsByKeys,
  refundsOfPayments,
} from './lookups';
export { recordSessionRefund } from './repository';
export { REFUND_RESERVATION_LEASE_MS, type ResolveRun, resolveReservedRefunds } from './resolve';
export {
  type OpenReturnOf,
  type RefundNotice,
  type RefundOptions,
  type RefundOrderDeps,
  type RefundsDeps,
  refundableOf,
  refundOrder,
} from './service';
