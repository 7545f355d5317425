// The admin-orders module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { adminOrdersRoutes } from './routes';
export { removeUserStrike } from './strikes';
