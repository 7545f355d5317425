import OrdersPage from '../../features/admin-orders/components/OrdersPage';
import { OrderReturns } from '../../features/admin-returns/components/OrderReturns';

/** The back-office's Orders section: the orders area, with a collected order's returns beside it. */
export default function OrdersSection() {
  return (
    <OrdersPage
      orderExtra={(order) =>
        order.status === 'completed' || order.status === 'refunded'
          ? { title: 'Return', content: <OrderReturns order={order} /> }
          : null
      }
    />
  );
}
