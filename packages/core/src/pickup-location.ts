// Which pickup location a shopper has (its rates price their cart, checkout needs one).

/**
 * The location a shopper has without choosing: their own choice when they made one; else, when the
 * store has exactly one active location, that one (there is nothing to choose); else none, and the
 * shopper picks in their account settings.
 */
export function impliedPickupLocation(chosen: string | null, activeIds: readonly string[]): string | null {
  if (chosen !== null) return chosen;
  return activeIds.length === 1 ? activeIds[0]! : null;
}
