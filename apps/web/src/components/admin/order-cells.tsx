import type { ReactNode } from 'react';
import { Link } from 'react-router';

// Cells that back-office lists of a shopper's order share (the orders, the returns): the order's
// number linking to the row's page, the item over a line of details, and the shopper.

/** The order's number, linking to `to`; `srLabel` tells a screen reader what the row is. */
export function OrderNumberCell({ to, number, srLabel }: { to: string; number: string; srLabel: string }) {
  return (
    <Link to={to} className="font-mono font-semibold text-brand-800 underline-offset-2 hover:underline">
      #{number}
      <span className="sr-only">, {srLabel}</span>
    </Link>
  );
}

/** The item's title over a line of details (its SKU, the return's reason). */
export function OrderItemCell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-40">
      <p className="line-clamp-2 font-medium text-ink-900">{title}</p>
      {children}
    </div>
  );
}

/** The shopper's email over their handle. */
export function ShopperCell({ shopper }: { shopper: { email: string; handle: string } }) {
  return (
    <div>
      <p className="text-ink-900">{shopper.email}</p>
      <p className="text-xs text-ink-600">@{shopper.handle}</p>
    </div>
  );
}
