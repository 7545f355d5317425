import type { OrderStatus } from '@rebound/core/orders';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';

const TONE: Record<OrderStatus, BadgeTone> = {
  pending: 'gold',
  paid: 'brand',
  ready_for_pickup: 'brand',
  pickup_scheduled: 'brand',
  completed: 'neutral',
  cancelled: 'danger',
  refunded: 'accent',
};

export function OrderStatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <Badge tone={TONE[status]}>{label}</Badge>;
}
