/**
 * The one input guard for text (app.ts runs it before validation on every route's params, query
 * and body; admin-import/routes.ts on the names of uploaded files). Two things are refused:
 *
 * - a NUL character: PostgreSQL text cannot store one and answers with an error;
 * - half of a UTF-16 character pair (a lone surrogate, as JSON's "\ud83d" without its partner):
 *   it is not a character at all, PostgreSQL's jsonb refuses it with an error and text columns
 *   would silently keep U+FFFD instead. A whole pair (an emoji) is a character and passes.
 *
 * Keys are checked as well as values. docs/architecture.md "Input the server refuses".
 */

/** Why a string is refused, or null when it is fine. */
export type BadText = 'nul' | 'surrogate';

// With the u flag a well-formed pair is one code point (not in Cs); only a lone half matches \p{Cs}.
const BAD = /[\0\p{Cs}]/u;

/** What is wrong with one string (null: nothing). */
export function badText(text: string): BadText | null {
  const found = BAD.exec(text);
  if (!found) return null;
  return found[0] === '\u0000' ? 'nul' : 'surrogate';
}

export interface BadInput {
  kind: BadText;
  /** Where, as the validation errors name fields: `q`, `items.0.title` (empty: the value itself). */
  path: string;
}

/** The first refused string in a parsed request part (params, query or body), keys included. */
export function findBadInput(value: unknown, path = '', depth = 0): BadInput | null {
  if (typeof value === 'string') {
    const kind = badText(value);
    return kind ? { kind, path } : null;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  // Raw bodies (the Stripe webhook's bytes) are checked by their own route.
  if (Buffer.isBuffer(value)) return null;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadInput(value[i], at(String(i)), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const kind = badText(key);
    if (kind) return { kind, path: at(key.replace(BAD, '?')) };
    const found = findBadInput(v, at(key), depth + 1);
    if (found) return found;
  }
  return null;
}
