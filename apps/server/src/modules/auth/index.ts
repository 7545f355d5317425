// The auth module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { authPlugin, hasSessionCookie } from './plugin';
export type { SessionState } from './sessions-repository';
export { endAllSessions, sessionStates } from './sessions-repository';
