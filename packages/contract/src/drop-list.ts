// The new-drops email list of an open store (docs/decisions/045-texts-that-are-true.md). Zod-free: the
// drops page, the footer and the result pages use it. The launch list (launch-text.ts) belongs to the
// locked store; while the store is open, the same forms join this list instead.

/** The pages the confirmation link lands on (the server redirects there). */
export const DROP_LIST_PAGES = {
  success: '/drops-confirmed',
  alreadyConfirmed: '/drops-already-confirmed',
  error: '/drops-confirm-error',
} as const;

export const DROP_LIST_TEXT = {
  checkEmailTitle: 'Check your email',
  checkEmailMessage: 'We sent you a confirmation link. Open it to get the new-drops email.',
} as const;
