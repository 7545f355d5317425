import { z } from 'zod';
import { Instant, Uuid } from './common';

// Accounts and sign-in (docs/product.md "Accounts and sign-in").
// Successful answers carry their toast text as { title, message }; failures use the usual
// ErrorBody, whose message the page shows under its own title ('Error signing in', ...).

/** The toast texts, for the page and the server alike (docs/product.md "Errors and messages"). */
export const AUTH_TEXT = {
  signInSuccess: { title: 'Welcome back!', message: 'Successfully signed in.' },
  signInErrorTitle: 'Error signing in',
  emailCheckErrorTitle: 'Error checking email',
  accountExists: {
    title: 'Account exists',
    message: 'An account with this email already exists. Please sign in instead.',
  },
  launchUserFound: {
    title: 'Welcome back!',
    message: "We found your launch signup. Let's complete your profile.",
  },
  signUpErrorTitle: 'Error creating account',
  signUpSuccess: { title: 'Account created!', message: 'Check your email to confirm your account.' },
  launchCompleteErrorTitle: 'Error',
  launchCompleteSuccess: { title: 'Welcome back!', message: 'Your account is all set up.' },
  codeSendErrorTitle: 'Could not send code',
  codeInvalidTitle: 'Invalid code',
  phoneVerified: { title: 'Verified', message: 'Signed in successfully.' },
  signOutSuccess: { title: 'Logged out successfully', message: '' },
  signOutErrorTitle: 'Error logging out',
  passwordResetRequested: {
    title: 'Check your email',
    message: 'If an account uses this email, we sent it a link to reset the password.',
  },
  passwordResetDone: { title: 'Password updated', message: 'You can now sign in with your new password.' },
  confirmationResent: {
    title: 'Check your email',
    message: 'If this email needs confirming, we sent it a new confirmation link.',
  },
} as const;

/** 'We sent a code to {phone}.' */
export const codeSentText = (phone: string) => ({
  title: 'Code sent',
  message: `We sent a code to ${phone}.`,
});

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const HANDLE_MAX_LENGTH = 20;
/** Letters, digits, dot, dash and underscore: handles are public, so no look-alike tricks. */
export const HANDLE_PATTERN = /^[A-Za-z0-9._-]+$/;

export const Toast = z.object({ title: z.string(), message: z.string() });
export type Toast = z.infer<typeof Toast>;

// Generous upper bounds only: the service checks the rules with the catalogue's messages.
const text = (max: number) => z.string().max(max).default('');

export const AuthUser = z.object({
  id: Uuid,
  email: z.string(),
  handle: z.string(),
  role: z.enum(['shopper', 'staff']),
  status: z.enum(['active', 'suspended']),
});
export type AuthUser = z.infer<typeof AuthUser>;

/** GET /api/auth/session: who the cookie belongs to (null when signed out). */
export const SessionResponse = z.object({ user: AuthUser.nullable() });

/** Sign-up step 1 (check-email). Deliberately tells whether the email has an account. */
export const CheckEmailRequest = z.object({ email: text(320) });
export const CheckEmailResponse = z.object({ exists: z.boolean(), isLaunchUser: z.boolean() });
export type CheckEmailResponse = z.infer<typeof CheckEmailResponse>;

export const SignUpRequest = z.object({
  email: text(320),
  firstName: text(100),
  lastName: text(100),
  handle: text(100),
  phone: text(40),
  password: text(1024),
  confirmPassword: text(1024),
  termsAccepted: z.boolean().default(false),
  marketingConsent: z.boolean().default(false),
});
export type SignUpRequest = z.input<typeof SignUpRequest>;
/** 201: the account exists, unconfirmed; a confirmation link went to the email. */
export const SignUpResponse = Toast.extend({ confirmationSent: z.literal(true) });

/** Completing a launch-list member's profile: a launch-list member's email becomes an account. */
export const CompleteLaunchProfileRequest = z.object({
  email: text(320),
  firstName: text(100),
  lastName: text(100),
  handle: text(100),
  phone: text(40),
  password: text(1024),
  /** Checked when given (the sign-up form sends it). */
  confirmPassword: z.string().max(1024).optional(),
  termsAccepted: z.boolean().default(false),
  marketingConsent: z.boolean().default(false),
});
export type CompleteLaunchProfileRequest = z.input<typeof CompleteLaunchProfileRequest>;
export const CompleteLaunchProfileResponse = Toast.extend({ confirmationSent: z.literal(true) });

export const SignInRequest = z.object({ email: text(320), password: text(1024) });
export const SignInResponse = Toast.extend({ user: AuthUser });

export const SignOutResponse = Toast;

export const ForgotPasswordRequest = z.object({ email: text(320) });
export const ResetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  password: text(1024),
  confirmPassword: text(1024),
});
export const ResendConfirmationRequest = z.object({ email: text(320) });

export const SendCodeRequest = z.object({ phone: text(40) });
/** phone: the normalised number the code went to. */
export const SendCodeResponse = Toast.extend({ phone: z.string(), expiresInSeconds: z.number().int() });
export const VerifyCodeRequest = z.object({ phone: text(40), code: text(20) });
export const VerifyCodeResponse = Toast.extend({ user: AuthUser });

/** Staff-only probe of the back-office guard. */
export const AdminPingResponse = z.object({ ok: z.literal(true), staff: AuthUser });

/** Development mailbox: what the local email and SMS stand-ins "sent", newest first. */
export const DevMessage = z.object({
  id: Uuid,
  channel: z.enum(['email', 'sms', 'push']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  html: z.string().nullable(),
  /** Every http(s) link in the message, in order, so a page or a test can follow them. */
  links: z.array(z.string()),
  /** Headers the real provider would have got: List-Unsubscribe on emails, url and tag on pushes. */
  headers: z.record(z.string(), z.string()),
  createdAt: Instant,
});
export type DevMessage = z.infer<typeof DevMessage>;
export const DevMessagesQuery = z.object({
  recipient: z.string().max(320).optional(),
  channel: z.enum(['email', 'sms', 'push']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const DevMessagesResponse = z.object({ messages: z.array(DevMessage) });
