// The system module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { metricsPlugin } from './metrics';
export { openapiPlugin, openapiRoutes } from './openapi';
export { operationsRoutes } from './operations';
export { privateAnswersPlugin } from './private-answers';
export { systemRoutes } from './routes';
