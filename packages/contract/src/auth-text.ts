// Sign-up texts without zod: the home page says what became of a confirmation link, and must not
// load the schemas (e2e/tests/budget.spec.ts keeps its initial JavaScript within budget).

/**
 * What became of an emailed confirmation link: the server sends the browser to
 * `/?confirmation=<outcome>` and the page says so (apps/server/src/modules/auth/routes.ts).
 */
export const EMAIL_CONFIRMATION_OUTCOMES = ['confirmed', 'used', 'expired', 'invalid'] as const;
export type EmailConfirmationOutcome = (typeof EMAIL_CONFIRMATION_OUTCOMES)[number];
/** The query parameter that carries it. */
export const EMAIL_CONFIRMATION_PARAM = 'confirmation';

export const EMAIL_CONFIRMATION_TEXT: Readonly<
  Record<EmailConfirmationOutcome, { title: string; message: string; ok: boolean }>
> = {
  confirmed: {
    ok: true,
    title: 'Email confirmed',
    message: 'Welcome to Rebound! Your account is ready and you are signed in.',
  },
  used: {
    ok: true,
    title: 'Email already confirmed',
    message:
      'This link was used before, so it does not sign you in again. Your account is ready: sign in with your email and password.',
  },
  expired: {
    ok: false,
    title: 'Confirmation link expired',
    message:
      'Confirmation links work for 24 hours. Sign in with your email and password and we will email you a new link.',
  },
  invalid: {
    ok: false,
    title: 'Confirmation link not valid',
    message:
      'This link is incomplete or was changed. Open it again from the email, or sign in with your email and password and we will email you a new link.',
  },
};
