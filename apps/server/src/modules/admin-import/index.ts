// The admin-import module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { adminImportRoutes } from './routes';
export { createPreview, runImports, startImport, storeImportImage } from './service';
