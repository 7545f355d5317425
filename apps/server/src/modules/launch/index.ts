// The launch module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { launchPlugin } from './lock';
export { CHECK_EMAIL, confirmedLaunchSignup, linkLaunchSignup, signup as launchSignup } from './service';
export { CONFIRM_TOKEN_LIFETIME_MS, hashConfirmToken, isConfirmTokenShape, newConfirmToken } from './tokens';
