import type { CreateCheckoutResponse, PayAllQuoteResponse } from '@rebound/contract/orders';
import { ORDER_TEXT } from '@rebound/contract/orders-text';
import { API } from '@rebound/contract/routes';
import { formatCents } from '@rebound/core/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { getJson, sendJson } from '../lib/api-client';
import { useHostedCheckout } from '../lib/hosted-checkout';
import { useRefetchOnOrdersChanged } from '../lib/orders-changed';
import { USER_SCOPE } from '../lib/query-scope';
import { useSession } from '../lib/session';
import { Button } from './ui/Button';

// 'Pay all (N) — $total' on the Orders tab and the cart (docs/product.md "Prices, premium and taxes"):
// the server picks the orders and prices them (GET /api/checkout/pay-all); the button sends the total
// it showed, and the server refuses a checkout whose total is no longer that one.

const PAY_ALL_KEY = [USER_SCOPE, 'pay-all'] as const;

/** The button's text: 'Pay all (3) — $128.80'. */
export function payAllLabel(count: number, totalCents: number): string {
  return `Pay all (${count}) — ${formatCents(totalCents)}`;
}

/** Shown only when two or more orders wait for payment; one checkout for them all. */
export function PayAllButton({ className }: { className?: string }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useRefetchOnOrdersChanged(PAY_ALL_KEY, user !== null);
  const quote = useQuery({
    queryKey: PAY_ALL_KEY,
    queryFn: ({ signal }) => getJson<PayAllQuoteResponse>(API.checkoutPayAll, signal),
    enabled: user !== null,
  });
  const pay = useMutation({
    mutationFn: (expectedTotalCents: number) =>
      sendJson<CreateCheckoutResponse>('POST', API.checkoutPayAll, { expectedTotalCents }),
  });
  // A refusal: the set or the total moved on, so show the new one.
  const checkout = useHostedCheckout(
    pay,
    () => void queryClient.invalidateQueries({ queryKey: PAY_ALL_KEY }),
  );

  const data = quote.data;
  if (!data || data.orderIds.length < 2) return null;
  const count = data.orderIds.length;
  const total = data.totals.totalCents;

  return (
    <div className={className}>
      <Button
        size="sm"
        onClick={() => checkout.open(total)}
        disabled={!data.canCheckout || checkout.busy}
        aria-describedby={data.canCheckout ? undefined : 'pay-all-no-location'}
        data-testid="pay-all"
      >
        <CreditCard aria-hidden="true" />
        {checkout.busy ? 'Opening checkout…' : payAllLabel(count, total)}
      </Button>
      {data.canCheckout ? null : (
        <p id="pay-all-no-location" className="mt-1 max-w-xs text-xs text-danger-700">
          {ORDER_TEXT.noLocation}.
        </p>
      )}
    </div>
  );
}
