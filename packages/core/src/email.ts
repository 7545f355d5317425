// Email checks for the launch list and the sign-up email step (docs/product.md "Accounts and sign-in").
// The shape check is deliberately a simple one: text, '@', text, '.', text, no spaces.
// The address is trimmed and lowercased before it is sent or stored.

/** RFC 5321's limit on a whole address; longer input is not an address. */
export const MAX_EMAIL_LENGTH = 254;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_REQUIRED = {
  title: 'Email required',
  message: 'Please enter your email address.',
} as const;
export const EMAIL_INVALID = {
  title: 'Invalid email',
  message: 'Please enter a valid email address.',
} as const;

export type LaunchEmailResult =
  | { ok: true; email: string }
  | { ok: false; title: typeof EMAIL_REQUIRED.title; message: typeof EMAIL_REQUIRED.message }
  | { ok: false; title: typeof EMAIL_INVALID.title; message: typeof EMAIL_INVALID.message };

/** The simple shape: something@something.something, no whitespace, one '@'. */
export function isEmailShape(value: string): boolean {
  return typeof value === 'string' && value.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(value);
}

/** Trim and lowercase. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Launch signup, resend and drop-list email check: required, then shape; returns the normalised address. */
export function checkLaunchEmail(input: string | null | undefined): LaunchEmailResult {
  const email = normalizeEmail(input ?? '');
  if (email === '') return { ok: false, ...EMAIL_REQUIRED };
  if (!isEmailShape(email)) return { ok: false, ...EMAIL_INVALID };
  return { ok: true, email };
}
