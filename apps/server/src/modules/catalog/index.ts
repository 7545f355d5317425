// The catalog module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { catalogRoutes } from './routes';
export type { ProductPreview } from './service';
export { productPreview } from './service';
