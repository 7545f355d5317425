/**
 * A failure that no retry can fix (an invalid phone number, a mailbox the server says does not
 * exist, a payload the push service refuses): the sender makes the message a dead letter at once.
 * Every other error thrown by an adapter is retried with backoff.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

export function isPermanent(err: unknown): boolean {
  return err instanceof PermanentDeliveryError;
}
