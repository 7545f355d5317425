// The desk-marks module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { deskMarksRoutes } from './routes';
export { deskMarkKindOf, deskMarkOf, deskMarkWeeks } from './service';
