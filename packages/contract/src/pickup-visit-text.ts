// The words for orders picked up in one visit (docs/decisions/058), in a module without zod: the
// Orders tab and the Appointments tab import it.

/** 'Picked up together with 2 other orders'. */
export function visitSharedText(otherOrders: number): string {
  return otherOrders === 1
    ? 'Picked up together with 1 other order'
    : `Picked up together with ${otherOrders} other orders`;
}
