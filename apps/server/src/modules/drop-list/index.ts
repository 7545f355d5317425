// The drop-list module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { dropListRoutes } from './routes';
export { dropListReaders, signup as dropListSignup } from './service';
