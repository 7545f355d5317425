// The admin module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { recordAudit } from './audit';
export { adminGuardPlugin, requireActiveStaff } from './guard';
export { adminRoutes } from './routes';
