// The admin-catalogue module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { processImage, variantKeys } from './images';
export { mediaPreviewRoutes, PREVIEW_SIZE, previewPathForSvg } from './preview-routes';
export { adminCatalogueRoutes } from './routes';
