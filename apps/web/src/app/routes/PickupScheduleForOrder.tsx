import { isPickupOpen } from '@rebound/core/orders';
import { Navigate, useParams } from 'react-router';
import { Container } from '../../components/ui/Container';
import { ErrorState } from '../../components/ui/StatusMessage';
import { useMyOrders } from '../../features/orders/api';
import {
  ORDERS_TAB_PATH,
  PickupSchedulePage,
  PickupSchedulePageSkeleton,
} from '../../features/pickup/components/PickupSchedulePage';
import { errorMessageOf } from '../../lib/api-client';

/**
 * The pickup page for the order in the URL, found among the shopper's own orders (the orders
 * feature); an order that is not theirs, not found or not schedulable goes back to the Orders tab,
 * as usual. A scheduled order may be moved to another time.
 */
export default function PickupScheduleForOrder() {
  const { orderId = '' } = useParams();
  const orders = useMyOrders();

  if (orders.isPending) return <PickupSchedulePageSkeleton />;
  if (orders.isError) {
    return (
      <Container className="py-16">
        <ErrorState
          title="Error loading your order"
          message={errorMessageOf(orders.error)}
          onRetry={() => void orders.refetch()}
        />
      </Container>
    );
  }
  const order = orders.data.orders.find((o) => o.id === orderId);
  if (!order || !isPickupOpen(order.status)) {
    return <Navigate to={ORDERS_TAB_PATH} replace />;
  }
  return <PickupSchedulePage order={order} orders={orders.data.orders} />;
}
