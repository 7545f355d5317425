// The returns module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { returnsRoutes } from './routes';
export { type ReturnsDeps, type ReturnsRun, returnInfoForOrders, runReturnJobs } from './service';
