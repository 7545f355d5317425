import { CheckoutSuccessPage } from '../../features/cart/components/CheckoutSuccessPage';

/** /checkout/success?session_id=... (its own chunk). */
export default function CheckoutSuccessRoute() {
  return <CheckoutSuccessPage />;
}
