// The admin-catalogue module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { processImage, variantKeys } from './images';
export { mediaPreviewRoutes, PREVIEW_SIZE, previewPathForSvg } from './preview-routes';
export {
  type ProductTransition,
  ProductTransitionRefused,
  transitionProduct,
  transitionProducts,
} from './product-status';
export { type AdminCatalogueRoutesOptions, adminCatalogueRoutes } from './routes';
export type { CancelOpenAuction } from './service';
