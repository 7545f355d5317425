import type {
  CartQuoteResponse,
  CreateCheckoutResponse,
  VerifyPaymentResponse,
} from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { sendJson } from '../../lib/api-client';
import { meKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

/**
 * The server's quote for the cart's order ids: every line rebuilt from the shopper's own unpaid
 * orders, the ids it dropped (with why), the pickup location, its rates and the totals.
 */
export function useCartQuote(orderIds: readonly string[]) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...meKeys.cartQuoteAll(), [...orderIds]],
    queryFn: () => sendJson<CartQuoteResponse>('POST', API.cartQuote, { orderIds }),
    enabled: user !== null && orderIds.length > 0,
    // Removing a line keeps the old summary on screen (dimmed) until the new quote arrives.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/checkout: a hosted checkout session for these orders; the page then goes to its url. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: (orderIds: readonly string[]) =>
      sendJson<CreateCheckoutResponse>('POST', API.checkout, { orderIds }),
  });
}

/** POST /api/checkout/verify: the success page's check (the same sync the webhook runs). */
export function verifyPayment(sessionId: string): Promise<VerifyPaymentResponse> {
  return sendJson<VerifyPaymentResponse>('POST', API.checkoutVerify, { sessionId });
}
