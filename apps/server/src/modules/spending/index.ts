// The spending module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
// What a shopper could owe ('Winning now', 'At most') and their spending limit's check.
export { spendingRoutes } from './routes';
export { assertBidWithinSpendingLimit, assertWithinSpendingLimit, lockSpendingOf } from './service';
