import {
  HANDLE_MAX_LENGTH,
  HANDLE_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
} from '@rebound/contract/auth';
import { type ErrorCode, errorMessage } from '@rebound/contract/errors';
import { checkLaunchEmail } from '@rebound/core/email';
import { normalizePhone } from '@rebound/core/phone';
import { z } from 'zod';

// The forms' own checks, run before anything is sent: the contract's request schemas, refined with
// the product's rules and messages (the catalogue's, so the page and the server say the same thing).
// The server checks everything again.

/** 'Please fill in all required fields.': said once by the form, each empty field only marked. */
export const REQUIRED_MESSAGE = errorMessage('required_fields');

const say = (code: ErrorCode) => errorMessage(code);

/** The email rule (required, simple shape) as a form error, or null. */
export function emailProblem(value: string): string | null {
  const result = checkLaunchEmail(value);
  return result.ok ? null : result.message;
}

export const EmailStepForm = z.object({ email: z.string() }).superRefine((value, ctx) => {
  const problem = emailProblem(value.email);
  if (problem) ctx.addIssue({ code: 'custom', path: ['email'], message: problem });
});
export type EmailStepForm = z.infer<typeof EmailStepForm>;

export const SignInForm = SignInRequest.superRefine((value, ctx) => {
  const problem = emailProblem(value.email);
  if (problem) ctx.addIssue({ code: 'custom', path: ['email'], message: problem });
  if (value.password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: REQUIRED_MESSAGE });
});
export type SignInFormInput = z.input<typeof SignInForm>;
export type SignInFormOutput = z.output<typeof SignInForm>;

function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return say('password_too_short');
  if (password.length > PASSWORD_MAX_LENGTH) return say('password_too_long');
  return null;
}

/**
 * Sign-up step 2 (also the launch-list completion): the checks in the form's order (passwords
 * match, required fields, terms), then the handle, phone and password rules.
 */
export const DetailsForm = SignUpRequest.omit({ email: true }).superRefine((value, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.password !== value.confirmPassword) issue('confirmPassword', say('passwords_mismatch'));
  const required = ['firstName', 'lastName', 'handle', 'phone'] as const;
  for (const key of required) {
    if (value[key].trim() === '') issue(key, REQUIRED_MESSAGE);
  }
  if (value.password === '') issue('password', REQUIRED_MESSAGE);
  if (!value.termsAccepted) issue('termsAccepted', say('terms_required'));

  const handle = value.handle.trim();
  if (handle.length > HANDLE_MAX_LENGTH) issue('handle', say('handle_too_long'));
  else if (handle !== '' && !HANDLE_PATTERN.test(handle)) issue('handle', say('handle_invalid'));
  const phone = value.phone.trim();
  if (phone !== '') {
    const result = normalizePhone(phone);
    if (!result.ok) issue('phone', result.message);
  }
  if (value.password !== '') {
    const problem = passwordLengthProblem(value.password);
    if (problem) issue('password', problem);
  }
});
export type DetailsFormInput = z.input<typeof DetailsForm>;
export type DetailsFormOutput = z.output<typeof DetailsForm>;

/** Which of several problems to announce first: the form's order. */
export const DETAILS_PRIORITY = [
  'confirmPassword',
  'firstName',
  'lastName',
  'handle',
  'phone',
  'password',
  'termsAccepted',
] as const;

/** Picks the message a toast should carry: mismatch, then required fields, then terms, then the rest. */
export function firstDetailsProblem(errors: Partial<Record<string, { message?: string }>>): string | null {
  const messages = DETAILS_PRIORITY.map((key) => errors[key]?.message).filter(
    (m): m is string => typeof m === 'string',
  );
  const mismatch = errors.confirmPassword?.message === say('passwords_mismatch');
  if (mismatch) return say('passwords_mismatch');
  if (messages.includes(REQUIRED_MESSAGE)) return REQUIRED_MESSAGE;
  if (errors.termsAccepted?.message) return errors.termsAccepted.message;
  return messages[0] ?? null;
}

export const NewPasswordForm = ResetPasswordRequest.omit({ token: true }).superRefine((value, ctx) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: say('passwords_mismatch') });
  }
  if (value.password === '') {
    ctx.addIssue({ code: 'custom', path: ['password'], message: REQUIRED_MESSAGE });
    return;
  }
  const problem = passwordLengthProblem(value.password);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
});
export type NewPasswordFormInput = z.input<typeof NewPasswordForm>;
export type NewPasswordFormOutput = z.output<typeof NewPasswordForm>;
