import type { CreateCheckoutResponse } from '@rebound/contract/orders';
import { ORDER_TEXT } from '@rebound/contract/orders-text';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from './api-client';
import { toast } from './toast';

/** Opening the checkout's error toast, shared by the cart's button and 'Pay all': closed once one opens it. */
const CHECKOUT_ACTION = 'checkout';

/**
 * Opening the hosted checkout (Stripe's page or the test one) from a mutation that creates the
 * checkout session: the cart's 'Proceed to Checkout' and 'Pay all'. The page leaves for the answer's
 * address in this tab (it returns to /checkout/success) and stays busy until it has gone. A refusal
 * the shopper can act on (a 4xx) is toasted in the server's words, anything else (and an answer with
 * no address) in the catalogue's; `onRefused` then runs (e.g. to ask for a total that moved on).
 */
export function useHostedCheckout<V>(
  checkout: Pick<UseMutationResult<CreateCheckoutResponse, Error, V>, 'mutate' | 'isPending'>,
  onRefused?: () => void,
): { open: (variables: V) => void; busy: boolean } {
  const [leaving, setLeaving] = useState(false);
  function open(variables: V) {
    checkout.mutate(variables, {
      onSuccess: (answer) => {
        if (!answer.url) {
          toast.failed(CHECKOUT_ACTION, ORDER_TEXT.checkoutFailed);
          return;
        }
        toast.succeeded(CHECKOUT_ACTION);
        setLeaving(true);
        window.location.assign(answer.url);
      },
      onError: (error) => {
        const clear = error instanceof ApiError && error.status >= 400 && error.status < 500;
        toast.failed(CHECKOUT_ACTION, clear ? error.message : ORDER_TEXT.checkoutFailed);
        onRefused?.();
      },
    });
  }
  return { open, busy: checkout.isPending || leaving };
}
