// The saved-searches module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { runSavedSearchAlerts } from './alerts';
export { savedSearchRoutes } from './routes';
export type { NewLot } from './service';
export { matchLots, newLots, searchesOf } from './service';
