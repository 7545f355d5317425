// The auctions module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { auctionCloseLagSeconds, closeDueAuctions, openDueAuctions } from './lifecycle';
