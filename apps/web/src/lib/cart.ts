import { CART_MAX_ITEMS, ORDER_TEXT } from '@rebound/contract/orders-text';
import { useSyncExternalStore } from 'react';
import { toast } from './toast';

// The cart, kept in local storage under 'auction-cart', but only as a list of order ids
// (docs/product.md "Prices, premium and taxes"): the server rebuilds every line from the shopper's
// own unpaid orders. The
// header, the Orders tab, My Bids and the cart page all read this one store; other tabs follow
// through the 'storage' event.

export const CART_STORAGE_KEY = 'auction-cart';

const EMPTY: readonly string[] = Object.freeze([]);
let cached: readonly string[] | undefined;
const listeners = new Set<() => void>();

function parse(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const ids = value.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100);
    return Object.freeze([...new Set(ids)].slice(0, CART_MAX_ITEMS));
  } catch {
    return EMPTY;
  }
}

function read(): readonly string[] {
  if (cached !== undefined) return cached;
  try {
    cached = parse(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    cached = EMPTY;
  }
  return cached;
}

function write(ids: readonly string[]): void {
  cached = Object.freeze([...ids]);
  try {
    if (ids.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage blocked: the cart lives for this page only.
  }
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
  cached = undefined;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The order ids in the cart (a stable array until the cart changes). */
export function useCartIds(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/** Adding's error toast (a full cart): closed once an order goes in. */
const ADD_ACTION = 'cart-add';

/** Adds an order: 'Added to cart', or 'Item is already in your cart' when it is there. */
export function addToCart(orderId: string): boolean {
  const ids = read();
  if (ids.includes(orderId)) {
    toast.info(ORDER_TEXT.alreadyInCart);
    return false;
  }
  if (ids.length >= CART_MAX_ITEMS) {
    toast.failed(ADD_ACTION, `A cart holds at most ${CART_MAX_ITEMS} items.`);
    return false;
  }
  write([...ids, orderId]);
  toast.succeeded(ADD_ACTION);
  toast.success(ORDER_TEXT.added);
  return true;
}

/** Removes one order ('Removed from cart'). */
export function removeFromCart(orderId: string): void {
  write(read().filter((id) => id !== orderId));
  toast.success(ORDER_TEXT.removed);
}

/** Empties the cart ('Cart cleared'). */
export function clearCart(): void {
  write([]);
  toast.success(ORDER_TEXT.cleared);
}

/** Forgets ids quietly: ones the server dropped, or ones just paid. */
export function forgetCartIds(orderIds: readonly string[]): void {
  const drop = new Set(orderIds);
  const ids = read();
  if (!ids.some((id) => drop.has(id))) return;
  write(ids.filter((id) => !drop.has(id)));
}
