// Zod-free launch constants: the sources, the result pages' paths, the texts and the bypass's
// storage key. Kept apart from launch.ts so the tiny launch landing page's script (apps/web/src/launch)
// can use them without bundling zod; launch.ts re-exports them, so either import works.

/** Where a signup came from: the landing page, the error page's resend, the drops page, the footer. */
export const LAUNCH_SOURCES = [
  'landing-page',
  'launch-error-resend',
  'drops-early-access',
  'footer',
] as const;
export type LaunchSource = (typeof LAUNCH_SOURCES)[number];

export const LAUNCH_UNLOCK_STORAGE_KEY = 'rebound-launch-unlock';

/** The result pages the confirmation link lands on (the server redirects there). */
export const LAUNCH_PAGES = {
  success: '/launch-success',
  alreadyConfirmed: '/launch-already-confirmed',
  error: '/launch-error',
} as const;

export const LAUNCH_TEXT = {
  checkEmailTitle: 'Check your email',
  checkEmailMessage: 'We sent you a confirmation link. Open it to join the launch list.',
  failureTitle: 'Something went wrong',
  failureMessage: 'Please try again.',
  unlockedTitle: 'Unlocked',
  unlockedMessage: 'This browser now sees the store.',
  successHeading: "You're on the list",
  alreadyHeading: 'Already Confirmed',
  errorHeading: 'Confirmation Error',
  /** Page titles, with the brand appended by the page (e.g. 'Launch Confirmed | Rebound'). */
  titles: {
    success: 'Launch Confirmed',
    alreadyConfirmed: 'Already Confirmed',
    error: 'Confirmation Error',
  },
  lockedBanner: 'The store is locked: visitors see the launch page. You see the store because you are staff.',
} as const;
