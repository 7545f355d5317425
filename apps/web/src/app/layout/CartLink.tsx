import { clsx } from 'clsx';
import { ShoppingCart } from 'lucide-react';
import { NavLink } from 'react-router';
import { useCartIds } from '../../lib/cart';

/**
 * The header's cart link (/cart) with the number of orders in the cart. 'row': an icon button with
 * a count bubble (desktop header); 'menu': a full-width row (the phone's side menu).
 */
export function CartLink({
  layout = 'row',
  onNavigate,
}: {
  layout?: 'row' | 'menu';
  onNavigate?: () => void;
}) {
  const count = useCartIds().length;
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

  if (layout === 'menu') {
    return (
      <NavLink
        to="/cart"
        onClick={onNavigate}
        data-testid="cart-link"
        className="inline-flex h-11 w-full items-center gap-1.5 rounded-full bg-ink-50 px-4 text-sm font-semibold text-ink-800 ring-1 ring-ink-200 ring-inset transition-colors hover:bg-ink-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
      >
        <ShoppingCart className="size-3.5 shrink-0" aria-hidden="true" />
        Cart
        <span className="ml-auto tabular-nums" data-testid="cart-count">
          {count}
        </span>
      </NavLink>
    );
  }

  return (
    <NavLink
      to="/cart"
      aria-label={label}
      title="Cart"
      data-testid="cart-link"
      className="relative inline-flex size-9 items-center justify-center rounded-lg text-ink-800 ring-1 ring-ink-200 ring-inset transition-colors hover:bg-ink-50 hover:ring-ink-300 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 aria-[current=page]:ring-brand-200"
    >
      <ShoppingCart className="size-4" aria-hidden="true" />
      <span
        data-testid="cart-count"
        aria-hidden="true"
        className={clsx(
          'absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[11px] leading-none font-bold tabular-nums ring-2 ring-white',
          count > 0 ? 'bg-brand-700 text-white' : 'bg-ink-200 text-ink-800',
        )}
      >
        {count > 9 ? '9+' : count}
      </span>
    </NavLink>
  );
}
