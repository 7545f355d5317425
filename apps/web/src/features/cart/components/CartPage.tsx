import {
  type CartItem,
  type CartQuoteResponse,
  type DroppedCartItem,
  ORDER_TEXT,
} from '@rebound/contract/orders';
import { formatCents } from '@rebound/core/money';
import { checkoutLineLabels } from '@rebound/core/pricing';
import { PAYMENT_WINDOW_HOURS, PICKUP_WINDOW_DAYS } from '@rebound/core/windows';
import { clsx } from 'clsx';
import { ArrowLeft, Info, Lock, MapPin, ShoppingCart, Trash2, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AuctionThumb } from '../../../components/AuctionThumb';
import { PayAllButton } from '../../../components/PayAllButton';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Container } from '../../../components/ui/Container';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { clearCart, forgetCartIds, removeFromCart, useCartIds } from '../../../lib/cart';
import { formatShopDate } from '../../../lib/format-date';
import { useHostedCheckout } from '../../../lib/hosted-checkout';
import { productPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCartQuote, useCreateCheckout } from '../api';

/**
 * /cart: the order ids kept in local storage, priced by the server. Lines, notes for ids the server
 * would not take (forgotten at once), the summary at the pickup location's real rates, and the way
 * to the hosted checkout.
 */
export function CartPage() {
  useDocumentTitle('Cart');
  const ids = useCartIds();
  const quote = useCartQuote(ids);
  const [notes, setNotes] = useState<DroppedCartItem[]>([]);

  // Ids the server dropped (paid meanwhile, cancelled, someone else's, made up): say why once, and
  // take them out of local storage so the cart holds only what can be paid.
  const dropped = quote.data?.dropped;
  useEffect(() => {
    if (!dropped || dropped.length === 0) return;
    setNotes((prev) => [...prev, ...dropped.filter((d) => !prev.some((p) => p.orderId === d.orderId))]);
    forgetCartIds(dropped.map((d) => d.orderId));
  }, [dropped]);

  const empty = ids.length === 0;

  return (
    <Container className="py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Your Cart</h1>
          <p className="mt-1 text-sm text-ink-600">
            {empty
              ? 'Orders you add with Pay Now appear here.'
              : `${ids.length} ${ids.length === 1 ? 'order' : 'orders'} waiting for payment`}
          </p>
        </div>
        {empty ? null : (
          <div className="flex flex-wrap items-start gap-2">
            {/* Every unpaid order, not only the cart's (components/PayAllButton.tsx). */}
            <PayAllButton />
            <Button variant="secondary" size="sm" onClick={clearCart}>
              <Trash2 aria-hidden="true" />
              Clear Cart
            </Button>
          </div>
        )}
      </div>

      {notes.length > 0 ? <DroppedNotes notes={notes} onDismiss={() => setNotes([])} /> : null}

      {empty ? (
        <EmptyCart />
      ) : quote.isPending ? (
        <CartSkeleton />
      ) : quote.isError ? (
        <ErrorState
          className="mt-8"
          title="Error loading your cart"
          message={errorMessageOf(quote.error)}
          onRetry={() => void quote.refetch()}
        />
      ) : (
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
          <section aria-labelledby="cart-items-heading">
            <h2 id="cart-items-heading" className="sr-only">
              Items
            </h2>
            <ul
              className={clsx(
                'flex flex-col gap-3 transition-opacity',
                quote.isPlaceholderData && 'opacity-60',
              )}
            >
              {quote.data.items.map((item) => (
                <CartLine key={item.orderId} item={item} />
              ))}
            </ul>
            <ButtonLink to="/account" variant="ghost" size="sm" className="mt-4">
              <ArrowLeft aria-hidden="true" />
              Continue Shopping
            </ButtonLink>
          </section>
          <Summary quote={quote.data} ids={ids} stale={quote.isPlaceholderData} />
        </div>
      )}
    </Container>
  );
}

function EmptyCart() {
  return (
    <div className="mt-8 flex flex-col items-center gap-3 rounded-card border border-dashed border-ink-300 bg-white/60 px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <ShoppingCart className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold text-ink-900">{ORDER_TEXT.cartEmpty}</p>
      <p className="max-w-sm text-sm text-ink-600">
        Won an auction? Open your orders and choose Pay Now to add it here.
      </p>
      <ButtonLink to="/account" className="mt-2">
        Go to My Account
      </ButtonLink>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your cart...
      </span>
      <div className="flex flex-col gap-3">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-28 w-full rounded-card" />
        ))}
      </div>
      <Skeleton className="h-80 w-full rounded-card" />
    </div>
  );
}

function DroppedNotes({ notes, onDismiss }: { notes: DroppedCartItem[]; onDismiss: () => void }) {
  return (
    <div
      role="status"
      data-testid="cart-dropped"
      className="mt-6 flex items-start gap-3 rounded-card border border-gold-800/20 bg-gold-100/70 p-4 text-sm text-ink-900"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-gold-800" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {notes.length === 1 ? 'An item was' : `${notes.length} items were`} removed from your cart
        </p>
        <ul className="mt-1 flex flex-col gap-0.5">
          {notes.map((n) => (
            <li key={n.orderId}>{n.message}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 rounded-lg p-1 text-ink-700 hover:bg-gold-800/10"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function CartLine({ item }: { item: CartItem }) {
  return (
    <li
      data-testid="cart-item"
      data-order-id={item.orderId}
      className="flex gap-3 rounded-card bg-white p-3 shadow-card ring-1 ring-ink-200/80 sm:gap-4 sm:p-4"
    >
      <AuctionThumb image={item.productImage} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-ink-950 sm:text-base">
            <Link to={productPath(item.productSlug)} className="hover:text-brand-800 hover:underline">
              {item.productTitle}
            </Link>
          </h3>
          <p className="mt-1 text-xs text-ink-600 sm:text-sm">
            Won on <time dateTime={item.wonDate}>{formatShopDate(item.wonDate)}</time>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            Order <span className="font-mono">#{item.orderId.slice(0, 8)}</span>
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <span className="text-base font-bold tabular-nums text-ink-950" data-testid="cart-item-amount">
            {formatCents(item.finalAmountCents)}
          </span>
          <Button
            variant="ghost"
            size="sm"
            className="-mr-2 text-danger-700 hover:bg-danger-50 sm:-mb-1"
            onClick={() => removeFromCart(item.orderId)}
            aria-label={`Remove ${item.productTitle} from cart`}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

function Summary({
  quote,
  ids,
  stale,
}: {
  quote: CartQuoteResponse;
  ids: readonly string[];
  stale: boolean;
}) {
  // The hosted checkout in this tab; it returns to /checkout/success.
  const createCheckout = useCreateCheckout();
  const { open, busy } = useHostedCheckout(createCheckout);
  const labels = checkoutLineLabels(quote.rates);
  const { totals } = quote;

  return (
    <section
      aria-labelledby="summary-heading"
      className={clsx(
        'rounded-card bg-white p-5 shadow-card ring-1 ring-ink-200/80 transition-opacity lg:sticky lg:top-24',
        stale && 'opacity-60',
      )}
      data-testid="cart-summary"
    >
      <h2 id="summary-heading" className="text-lg font-bold tracking-tight text-ink-950">
        Order Summary
      </h2>

      {quote.location ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-ink-800">
          <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            <span className="block text-xs text-ink-600">Pickup location</span>
            <span className="font-semibold" data-testid="cart-location">
              {quote.location.name}
            </span>
          </span>
        </p>
      ) : (
        <div
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-700"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            {ORDER_TEXT.noLocation}.{' '}
            <Link to="/account" className="font-semibold underline underline-offset-2">
              Go to account settings
            </Link>
          </p>
        </div>
      )}

      <dl className="mt-4 flex flex-col gap-2 border-t border-ink-100 pt-4 text-sm">
        <SummaryLine label="Subtotal" cents={totals.subtotalCents} testId="cart-subtotal" />
        <SummaryLine label={labels.premium} cents={totals.premiumCents} testId="cart-premium" />
        <SummaryLine label={labels.pst} cents={totals.pstCents} testId="cart-pst" />
        <SummaryLine label={labels.gst} cents={totals.gstCents} testId="cart-gst" />
        <div className="mt-2 flex items-baseline justify-between border-t border-ink-200 pt-3">
          <dt className="text-base font-bold text-ink-950">Total</dt>
          <dd className="text-xl font-bold tabular-nums text-ink-950" data-testid="cart-total">
            {formatCents(totals.totalCents)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-ink-600">All amounts in CAD, charged once for the whole cart.</p>

      <Button
        size="lg"
        block
        className="mt-5"
        loading={busy}
        disabled={!quote.canCheckout || quote.items.length === 0 || stale}
        onClick={() => open(ids)}
      >
        {busy ? (
          'Creating Checkout...'
        ) : (
          <>
            <Lock aria-hidden="true" />
            Proceed to Checkout
          </>
        )}
      </Button>
      <ButtonLink to="/account" variant="secondary" size="lg" block className="mt-2">
        Continue Shopping
      </ButtonLink>
      <p className="mt-4 text-xs leading-relaxed text-ink-600">
        Pay within {PAYMENT_WINDOW_HOURS} hours of the auction's end, then book a pickup within{' '}
        {PICKUP_WINDOW_DAYS} days of the end. Bring photo ID.
      </p>
    </section>
  );
}

function SummaryLine({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-ink-700">{label}</dt>
      <dd className="font-medium tabular-nums text-ink-950" data-testid={testId}>
        {formatCents(cents)}
      </dd>
    </div>
  );
}
