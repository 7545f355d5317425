// Orders texts without zod: the web's header (every page) shows the cart, and must not load the schemas.

/** The checkout's texts and the Orders tab's, once. */
export const ORDER_TEXT = {
  ordersTitle: 'My Orders',
  ordersSubtitle: 'Track your order status and schedule pickups',
  noOrdersTitle: 'No orders yet',
  noOrdersMessage: 'Win an auction to see your orders here!',
  added: 'Added to cart',
  alreadyInCart: 'Item is already in your cart',
  removed: 'Removed from cart',
  cleared: 'Cart cleared',
  cartEmpty: 'Your cart is currently empty',
  emptyCartCheckout: 'Your cart is empty',
  noLocation: 'Please select a pickup location in your account settings before checking out',
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  paymentSuccess: 'Payment successful! Your orders have been confirmed.',
  notPaid: 'Payment verification failed. Please contact support.',
  verifyFailed: 'Failed to verify payment. Please contact support.',
} as const;

/** At most this many orders in one cart or checkout. */
export const CART_MAX_ITEMS = 50;
