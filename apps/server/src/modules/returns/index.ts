// The returns module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { type ReturnsRun, runReturnJobs } from './jobs';
export { returnInfoForOrders } from './orders-tab';
export { returnsRoutes } from './routes';
export { activeReturnOf, type ReturnsDeps } from './shared';
