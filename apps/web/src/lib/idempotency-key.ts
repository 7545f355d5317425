/**
 * A fresh key per confirmation (a bid, a refund): a double click or a retried request acts once, as
 * the server keeps the first answer under its key. `prefix` names what the key is for.
 */
export function newIdempotencyKey(prefix = ''): string {
  const unique =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}${unique}`;
}
