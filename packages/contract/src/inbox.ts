// What visitors hand the store outside an account: the contact form and the drop list (the drops
// page's early-access form and the footer's 'Get the Drop First'). Both are stored durably; the
// answers say only that (the staff inbox and the launch list's emails come with later issues).
import { checkLaunchEmail, normalizeEmail } from '@rebound/core/email';
import { z } from 'zod';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const CONTACT_TEXT = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Please keep your name under ${CONTACT_NAME_MAX} characters.`,
  messageRequired: 'Please enter a message.',
  messageTooShort: `Please write at least ${CONTACT_MESSAGE_MIN} characters so we can help.`,
  messageTooLong: `Please keep your message under ${CONTACT_MESSAGE_MAX.toLocaleString('en-CA')} characters.`,
  receivedTitle: 'Message received',
} as const;

/** The contact form, checked the same way in the browser and on the server. */
export const ContactMessageRequest = z
  .object({
    name: z.string().max(1_000),
    email: z.string().max(1_000),
    message: z.string().max(10_000),
  })
  .superRefine((value, ctx) => {
    const issue = (path: 'name' | 'email' | 'message', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });

    const name = value.name.trim();
    if (name === '') issue('name', CONTACT_TEXT.nameRequired);
    else if (name.length > CONTACT_NAME_MAX) issue('name', CONTACT_TEXT.nameTooLong);

    const email = checkLaunchEmail(value.email);
    if (!email.ok) issue('email', email.message);

    const message = value.message.trim();
    if (message === '') issue('message', CONTACT_TEXT.messageRequired);
    else if (message.length < CONTACT_MESSAGE_MIN) issue('message', CONTACT_TEXT.messageTooShort);
    else if (message.length > CONTACT_MESSAGE_MAX) issue('message', CONTACT_TEXT.messageTooLong);
  })
  .transform((value) => ({
    name: value.name.trim(),
    email: normalizeEmail(value.email),
    message: value.message.trim(),
  }));
export type ContactMessageInput = z.input<typeof ContactMessageRequest>;
export type ContactMessageRequest = z.output<typeof ContactMessageRequest>;

/** What the store did with a message: kept for the team, who answer by email. */
export const ContactMessageResponse = z.object({ id: z.string(), title: z.string(), message: z.string() });
export type ContactMessageResponse = z.infer<typeof ContactMessageResponse>;

export function contactReceivedText(email: string): string {
  return `Thanks! Your message is saved for our team, who reply to ${email} within 24 hours.`;
}

export const LIST_SIGNUP_SOURCES = ['drops-early-access', 'footer'] as const;

/** The drop list: an email and the form it came from. */
export const ListSignupRequest = z
  .object({
    email: z.string().max(1_000),
    source: z.enum(LIST_SIGNUP_SOURCES),
  })
  .superRefine((value, ctx) => {
    const email = checkLaunchEmail(value.email);
    if (!email.ok) ctx.addIssue({ code: 'custom', path: ['email'], message: email.message });
  })
  .transform((value) => ({ email: normalizeEmail(value.email), source: value.source }));
export type ListSignupInput = z.input<typeof ListSignupRequest>;

export const ListSignupResponse = z.object({ title: z.string(), message: z.string() });
export type ListSignupResponse = z.infer<typeof ListSignupResponse>;

export const LIST_SAVED_TITLE = "You're on the list";
export function listSavedText(email: string): string {
  return `We saved ${email} for news of the next drop.`;
}
