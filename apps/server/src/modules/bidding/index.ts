// The bidding module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { biddingRoutes } from './routes';
export {
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
