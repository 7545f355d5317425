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
  successTitle: 'New drops by email',
  successHeading: "You'll get the new-drops email",
  successMessage:
    'Once a day we email you the lots that went live, with a one-click unsubscribe in every email. Create an account with this address to bid and to choose more alerts.',
  alreadyTitle: 'Already confirmed',
  alreadyHeading: 'Already confirmed',
  alreadyMessage: 'This address already gets the new-drops email. Nothing else to do.',
  errorTitle: 'Confirmation error',
  errorHeading: 'This link is not valid any more',
  errorMessage:
    'Confirmation links work once and for 48 hours. Enter your email again on the drops page or in the footer and use the newest email.',
} as const;
