// Where to go after signing in (`/auth?next=/admin/orders`). Only a path on this site is accepted:
// anything that could leave it (`//evil.test`, `/\evil.test`, `https://…`, `javascript:`) or that
// loops back to the sign-in page gives null, and the caller goes home instead. No open redirect.

const BASE = 'https://rebound.invalid';
const MAX_LENGTH = 2000;

/** The same-origin path (with its query and hash) to return to, or null when `value` is not one. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  // A path, never a scheme or a protocol-relative address; browsers read '\' as '/'.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and whitespace are stripped by URL parsers: '/\t/evil.test' is '//evil.test'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of this check
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a person goes once signed in: the `?next=` path when it is a safe one (safeReturnPath), else
 * staff to the back-office (`/admin`) and shoppers home (docs/product.md "Accounts and sign-in").
 */
export function afterSignInPath(role: 'shopper' | 'staff', next: string | null | undefined): string {
  return safeReturnPath(next) ?? (role === 'staff' ? '/admin' : '/');
}
