// The catalog module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { catalogRoutes } from './routes';
// Saved searches match new lots with the shop's own search (docs/decisions/020).
export { productsFoundBy } from './search-repository';
export type { ProductPreview } from './service';
export { productPreview } from './service';
