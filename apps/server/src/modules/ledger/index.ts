// The ledger module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { ledgerRoutes } from './routes';
