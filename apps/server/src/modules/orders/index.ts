// The orders module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { runPaymentDeadlines } from './deadline';
export { ordersRoutes } from './routes';
export { paymentFactsOf } from './service';
export {
  createPendingOrders,
  type NewOrder,
  OrderTransitionRefused,
  orderStatusOf,
  transitionOrder,
  transitionOrders,
  updateOrderFields,
} from './transition';
