// The checkout module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { quote } from './cart';
export { checkoutRoutes } from './routes';
export type { CheckoutDeps } from './service';
export { createCheckout } from './service';
export { syncCheckoutSession } from './sync';
export { testCheckoutRoutes } from './test-page';
export { stripeWebhookRoutes } from './webhook';
