// The launch module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
// It keeps the signup lists too (signup-lists.ts): the launch list and the new-drops email.
export { dropListRoutes } from './drop-list-routes';
export { launchPlugin } from './lock';
export { CHECK_EMAIL, confirmedLaunchSignup, linkLaunchSignup, signup as launchSignup } from './service';
export { dropListReaders, joinList } from './signup-lists';
