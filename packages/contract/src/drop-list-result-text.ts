// The new-drops list's result pages (where a confirmation link lands): their own module, so the
// footer's form (every page) does not carry them (e2e/tests/budget.spec.ts).

export const DROP_LIST_RESULT_TEXT = {
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
