/**
 * Whether a parsed request part (params, query or body) holds a NUL character anywhere. PostgreSQL
 * text cannot store one and answers with an error, so such input is refused up front, the same way
 * for every route (the auth handler's included).
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}
