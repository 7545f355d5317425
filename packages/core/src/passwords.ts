import { COMMON_PASSWORDS_TOP_10K } from './common-passwords';

// Passwords people pick first are the ones attackers try first (OWASP ASVS 4.0.3 2.1.7 / 6.2.4):
// setting one is refused. The list is the 10,000 most common of a published breach corpus
// (./common-passwords.ts); compared without regard to case, as guessers vary case first.

/** How many of the list's most common passwords are refused (the whole shipped list). */
export const COMMON_PASSWORDS_CHECKED = 10_000;

let common: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  // Built on first use: a server that never sets a password never pays for the set.
  common ??= new Set(COMMON_PASSWORDS_TOP_10K.split(' ').map((word) => word.toLowerCase()));
  return common;
}

/** True when `password` is, ignoring case, one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
