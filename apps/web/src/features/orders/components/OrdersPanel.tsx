import { type MyOrdersResponse, ORDER_TEXT, type OrderView, type StrikeView } from '@rebound/contract/orders';
import { visitSharedText } from '@rebound/contract/pickup-visit-text';
import { formatTimeLeftShort } from '@rebound/core/countdown';
import { formatCents } from '@rebound/core/money';
import { MAX_ACTIVE_STRIKES, strikesHeading } from '@rebound/core/orders';
import { STORAGE_FEE_CENTS_PER_DAY } from '@rebound/core/pickup';
import { addDaysToDateKey, PAYMENT_WINDOW_HOURS } from '@rebound/core/time';
import { clsx } from 'clsx';
import {
  CalendarClock,
  Check,
  CircleAlert,
  CreditCard,
  Package,
  ShieldAlert,
  ShoppingCart,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuctionThumb } from '../../../components/AuctionThumb';
import { PayAllButton } from '../../../components/PayAllButton';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { addToCart, useCartIds } from '../../../lib/cart';
import { formatDateKey, formatShopDate, formatShopDateTime } from '../../../lib/format-date';
import { productPath } from '../../../lib/paths';
import { useServerNow } from '../../../lib/server-clock';
import { useMyOrders } from '../api';

const STATUS_TONE: Record<OrderView['status'], BadgeTone> = {
  pending: 'gold',
  paid: 'brand',
  ready_for_pickup: 'brand',
  pickup_scheduled: 'accent',
  completed: 'neutral',
  cancelled: 'danger',
  refunded: 'neutral',
};

const DAY_MS = 86_400_000;

/**
 * The account's Orders tab: 'My Orders (count)', each order with its picture, amount, dates and the
 * server's status label; 'Pay Now' puts an unpaid order in the cart (then 'In Cart'), 'Schedule
 * Pickup' when the server says a pickup can be booked. Unpaid orders show their payment deadline on
 * the server's clock; non-payment strikes are listed below, with a notice when bidding is suspended.
 * `renderReturn` adds an order's return part under it (the returns feature, composed by the app).
 */
export function OrdersPanel({ renderReturn }: { renderReturn?: (order: OrderView) => ReactNode } = {}) {
  const orders = useMyOrders();
  // A failed background refetch (a socket resync, a return asked) keeps the orders shown: swapping
  // them for an error would unmount what the shopper is doing in an order (a drop-off being picked).
  const data = orders.data;
  const count = data?.orders.length;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-bold tracking-tight text-ink-950 sm:text-xl">
            {ORDER_TEXT.ordersTitle}
            {count === undefined ? '' : ` (${count})`}
          </h2>
          <p className="mt-0.5 text-sm text-ink-600">{ORDER_TEXT.ordersSubtitle}</p>
        </div>
        <div className="flex flex-wrap items-start gap-2 self-start sm:self-auto">
          <PayAllButton />
          <CartShortcut />
        </div>
      </div>

      {data === undefined && !orders.isError ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading your orders...</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 w-full rounded-card sm:h-32" />
          ))}
        </div>
      ) : data === undefined ? (
        <ErrorState
          title="Error loading your orders"
          message={errorMessageOf(orders.error)}
          onRetry={() => void orders.refetch()}
        />
      ) : (
        <>
          {data.biddingSuspended ? <SuspendedNotice /> : null}
          {data.orders.length === 0 ? (
            <EmptyState action={<ButtonLink to="/shop">Browse auctions</ButtonLink>}>
              <span className="block text-base font-semibold text-ink-900">{ORDER_TEXT.noOrdersTitle}</span>
              <span className="mt-1 block font-normal text-ink-600">{ORDER_TEXT.noOrdersMessage}</span>
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Your orders">
              {data.orders.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  visitMates={visitMatesOf(order, data.orders)}
                  extra={renderReturn?.(order)}
                />
              ))}
            </ul>
          )}
          <Strikes data={data} />
        </>
      )}
    </div>
  );
}

/** 'View Cart (N)' beside the heading once something is in the cart. */
function CartShortcut() {
  const ids = useCartIds();
  if (ids.length === 0) return null;
  return (
    <ButtonLink to="/cart" variant="secondary" size="sm">
      <ShoppingCart aria-hidden="true" />
      View Cart ({ids.length})
    </ButtonLink>
  );
}

/** The other orders booked in the same pickup visit as `order` (docs/decisions/058). */
function visitMatesOf(order: OrderView, all: readonly OrderView[]): OrderView[] {
  const visit = order.pickup?.appointmentId;
  return visit ? all.filter((o) => o.id !== order.id && o.pickup?.appointmentId === visit) : [];
}

function OrderRow({
  order,
  visitMates = [],
  extra,
}: {
  order: OrderView;
  visitMates?: OrderView[];
  extra?: ReactNode;
}) {
  const inCart = useCartIds().includes(order.id);
  const { product } = order;

  return (
    <li
      data-testid="order"
      data-order-id={order.id}
      data-status={order.status}
      className="rounded-card bg-white p-3 shadow-card ring-1 ring-ink-200/80 sm:p-4"
    >
      <div className="flex gap-3 sm:gap-4">
        <AuctionThumb image={product.image} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-col-reverse items-start gap-1.5 sm:flex-row sm:justify-between sm:gap-3">
            <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-ink-950 sm:text-base">
              <Link to={productPath(product.slug)} className="hover:text-brand-800 hover:underline">
                {product.title}
              </Link>
            </h3>
            <Badge tone={STATUS_TONE[order.status]} data-testid="order-status" className="shrink-0">
              {order.statusLabel}
            </Badge>
          </div>
          {order.refundNote ? (
            <p className="mt-1.5 text-sm text-ink-800" data-testid="order-refund-note">
              {order.refundNote}
            </p>
          ) : null}
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:flex sm:flex-wrap sm:gap-x-10">
            <div>
              <dt className="text-xs text-ink-600">
                {order.totalPaidCents === null ? 'Amount' : 'Winning bid'}
              </dt>
              <dd className="font-semibold tabular-nums text-ink-950" data-testid="order-amount">
                {formatCents(order.finalAmountCents)}
              </dd>
            </div>
            {order.totalPaidCents !== null ? (
              <div>
                <dt className="text-xs text-ink-600">Total paid</dt>
                <dd className="font-semibold tabular-nums text-ink-950">
                  {formatCents(order.totalPaidCents)}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-xs text-ink-600">Order date</dt>
              <dd className="font-medium text-ink-900">
                <time dateTime={order.createdAt}>{formatShopDate(order.createdAt)}</time>
              </dd>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-xs text-ink-600">Order number</dt>
              <dd className="font-mono text-xs leading-5 text-ink-800 sm:text-sm">{order.number}</dd>
            </div>
            {order.pickup ? (
              <div className="col-span-2 sm:col-span-1">
                <dt className="text-xs text-ink-600">Pickup</dt>
                <dd className="font-medium text-ink-900" data-testid="order-pickup">
                  {formatDateKey(order.pickup.date)}, {order.pickup.timeLabel}
                </dd>
                {visitMates.length > 0 ? (
                  <dd className="mt-0.5 text-xs text-ink-700" data-testid="order-visit">
                    {visitSharedText(visitMates.length)}: {visitMates.map((o) => o.product.title).join(', ')}
                  </dd>
                ) : null}
              </div>
            ) : null}
          </dl>
        </div>
      </div>

      {order.needsPayment && order.paymentDueAt ? <PaymentDue dueAt={order.paymentDueAt} /> : null}
      <StorageFee order={order} />
      {order.status === 'cancelled' && order.cancelledAt ? (
        <p className="mt-3 text-sm text-ink-700">
          Cancelled on <time dateTime={order.cancelledAt}>{formatShopDate(order.cancelledAt)}</time>: it was
          not paid within {PAYMENT_WINDOW_HOURS} hours of the auction's end.
        </p>
      ) : null}

      {order.needsPayment || order.canSchedulePickup ? (
        <div className="mt-3 flex flex-col gap-2 border-t border-ink-100 pt-3 sm:flex-row sm:justify-end">
          {order.needsPayment ? (
            inCart ? (
              <Button size="sm" variant="secondary" disabled className="sm:min-w-32">
                <Check aria-hidden="true" />
                In Cart
              </Button>
            ) : (
              <Button
                size="sm"
                className="sm:min-w-32"
                onClick={() => addToCart(order.id)}
                aria-label={`Pay Now: add ${product.title} to your cart`}
              >
                <CreditCard aria-hidden="true" />
                Pay Now
              </Button>
            )
          ) : null}
          {order.needsPayment && inCart ? (
            <ButtonLink to="/cart" size="sm" className="sm:min-w-32">
              <ShoppingCart aria-hidden="true" />
              Go to Cart
            </ButtonLink>
          ) : null}
          {order.canSchedulePickup ? (
            <ButtonLink to={`/pickup-schedule/${order.id}`} size="sm" className="sm:min-w-32">
              <CalendarClock aria-hidden="true" />
              Schedule Pickup
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      {extra}
    </li>
  );
}

/**
 * The storage fee the server computed ($5 per item per day after the pickup window): what is owed so
 * far once it runs, or, while a paid item is still free to collect and not booked, until when.
 */
function StorageFee({ order }: { order: OrderView }) {
  const perDay = formatCents(STORAGE_FEE_CENTS_PER_DAY);
  const since = formatDateKey(order.storageFeeFrom);
  if (order.storageFeeCents > 0) {
    const collected = order.status === 'completed';
    return (
      <p
        data-testid="order-storage-fee"
        className={clsx(
          'mt-3 flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
          collected ? 'bg-ink-50 text-ink-800' : 'bg-danger-50 text-danger-700',
        )}
      >
        <Package className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {collected ? 'Storage fee: ' : 'Storage fee so far: '}
          <span className="font-semibold tabular-nums">{formatCents(order.storageFeeCents)}</span> ({perDay}{' '}
          per day from {since}
          {collected ? ' until pickup).' : '). Collect your item to stop it growing.'}
        </span>
      </p>
    );
  }
  // Paid and not booked yet: say until when collecting is free.
  if (!order.canSchedulePickup) return null;
  return (
    <p data-testid="order-storage-fee" className="mt-3 flex items-start gap-2 text-sm text-ink-700">
      <Package className="mt-0.5 size-4 shrink-0 text-ink-500" aria-hidden="true" />
      <span>
        Free storage through {formatDateKey(addDaysToDateKey(order.storageFeeFrom, -1))}; then {perDay} per
        day.
      </span>
    </p>
  );
}

/** 'Pay by ...' with the time left on the server's clock; red in the last 24 hours. */
function PaymentDue({ dueAt }: { dueAt: string }) {
  const now = useServerNow();
  const left = Date.parse(dueAt) - now;
  const urgent = left < DAY_MS;
  return (
    <p
      data-testid="payment-due"
      className={clsx(
        'mt-3 flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
        urgent ? 'bg-danger-50 text-danger-700' : 'bg-gold-100/60 text-ink-800',
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        Pay by <time dateTime={dueAt}>{formatShopDateTime(dueAt)}</time>{' '}
        <span className="font-semibold whitespace-nowrap">
          {left > 0 ? `(${formatTimeLeftShort(left)} left)` : '(deadline passed)'}
        </span>
      </span>
    </p>
  );
}

function SuspendedNotice() {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-card border border-danger-200 bg-danger-50 p-4 text-sm text-danger-700"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Bidding suspended</p>
        <p className="mt-0.5 text-ink-800">
          Your account is suspended from bidding because of unpaid orders.{' '}
          <Link to="/contact" className="font-semibold text-danger-700 underline underline-offset-2">
            Contact support
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

function Strikes({ data }: { data: MyOrdersResponse }) {
  if (data.strikes.length === 0) return null;
  return (
    <section
      aria-labelledby="strikes-heading"
      className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80"
    >
      <h3 id="strikes-heading" className="font-semibold text-ink-950">
        {strikesHeading(data.activeStrikes)}
      </h3>
      <p className="mt-0.5 text-sm text-ink-600">
        An order not paid within {PAYMENT_WINDOW_HOURS} hours of its auction's end is cancelled with a strike.{' '}
        {MAX_ACTIVE_STRIKES} active strikes suspend bidding.
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-ink-100">
        {data.strikes.map((strike) => (
          <StrikeRow key={strike.id} strike={strike} />
        ))}
      </ul>
    </section>
  );
}

function StrikeRow({ strike }: { strike: StrikeView }) {
  const removed = strike.removedAt !== null;
  return (
    <li
      data-testid="strike"
      className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:justify-between sm:gap-4"
    >
      <span className={clsx('text-ink-900', removed && 'text-ink-600 line-through')}>{strike.reason}</span>
      <span className="shrink-0 text-ink-600">
        <time dateTime={strike.createdAt}>{formatShopDate(strike.createdAt)}</time>
        {removed && strike.removedAt ? (
          <>
            {' '}
            · removed <time dateTime={strike.removedAt}>{formatShopDate(strike.removedAt)}</time>
          </>
        ) : null}
      </span>
    </li>
  );
}
