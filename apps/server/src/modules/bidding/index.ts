// The bidding module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { type CancelledBid, cancelBidInTransaction } from './cancel';
export { cancellationTimes } from './cancel-repository';
export { biddingRoutes } from './routes';
export {
  assertBidLimitOf,
  type BidBatchTiming,
  type BidsCommitted,
  bidFactsSince,
  onBidBatch,
  onBidsCommitted,
  type PlacedInTransaction,
  placeBid,
  placeMaxInTransaction,
  purgeExpiredIdempotencyKeys,
} from './service';
export { liveState } from './state';
