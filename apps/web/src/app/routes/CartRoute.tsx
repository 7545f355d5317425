import { CartPage } from '../../features/cart/components/CartPage';

/** /cart (its own chunk). */
export default function CartRoute() {
  return <CartPage />;
}
