// The auctions module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { type CancelAuctionArgs, type CancelledAuction, cancelAuction } from './cancel';
export { auctionCloseLagSeconds, closeDueAuctions, openDueAuctions } from './lifecycle';
export { type AuctionTransition, AuctionTransitionRefused, transitionAuctions } from './status';
