import { checkLaunchEmail, normalizeEmail } from '@rebound/core/email';
import { z } from 'zod';

// The contact form's own checks (name, email with the spec's shape rule, message).

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const CONTACT_TEXT = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Please keep your name under ${CONTACT_NAME_MAX} characters.`,
  messageRequired: 'Please enter a message.',
  messageTooShort: `Please write at least ${CONTACT_MESSAGE_MIN} characters so we can help.`,
  messageTooLong: `Please keep your message under ${CONTACT_MESSAGE_MAX.toLocaleString('en-CA')} characters.`,
  sentTitle: 'Message sent',
  sentDescription: "We'll get back to you within 24 hours.",
} as const;

export const ContactForm = z
  .object({ name: z.string(), email: z.string(), message: z.string() })
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
export type ContactFormInput = z.input<typeof ContactForm>;
export type ContactFormOutput = z.output<typeof ContactForm>;
