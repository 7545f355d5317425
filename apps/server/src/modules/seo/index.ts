// The seo module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { seoRoutes } from './routes';
