// The admin-orders module's door: the only file other modules, app.ts and jobs/ import (docs/architecture.md).
export { adminOrdersRoutes } from './routes';
export {
  type RefundNotice,
  type RefundOptions,
  refundOrder,
  removeUserStrike,
  resolveReservedRefunds,
} from './service';
