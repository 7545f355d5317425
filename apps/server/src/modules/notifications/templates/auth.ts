import { defineTemplate, flag, text } from './define';
import { str } from './format';
import type { RenderContext } from './types';

// The account emails and the sign-in text (moved here from auth.ts): the same words as before,
// since shoppers, tests and the browser journeys read them. Their links are better-auth's, made on
// the site's public address; anything else is refused for the site's own page.

function authLink(value: unknown, ctx: RenderContext, fallback: string): string {
  const v = str(value, 2000);
  if (v && /^https?:\/\//i.test(v)) {
    try {
      if (new URL(v).origin === new URL(ctx.publicUrl).origin) return v;
    } catch {
      // Not a URL: the fallback.
    }
  }
  if (v?.startsWith('/') && !v.startsWith('//')) return `${ctx.publicUrl}${v}`;
  return `${ctx.publicUrl}${fallback}`;
}

const ACCOUNT_REASON = 'someone (we hope you) used this address on Rebound';

export const authConfirmEmail = defineTemplate({
  name: 'auth_confirm_email',
  fields: { url: text },
  render: (p, ctx) => {
    const url = authLink(p.url, ctx, '/auth');
    const after = 'The link works for 24 hours. If you did not create an account, ignore this email.';
    return {
      email: {
        subject: 'Confirm your Rebound account',
        preheader: 'Confirm your email address to start bidding.',
        heading: 'Welcome to Rebound!',
        blocks: [
          { type: 'p', text: 'Confirm your email address to finish creating your account.' },
          { type: 'button', label: 'Confirm your email address', url },
          { type: 'note', text: after },
        ],
        text: ['Welcome to Rebound!', '', `Confirm your email address: ${url}`, '', after].join('\n'),
        reason: ACCOUNT_REASON,
        footer: 'account',
      },
      sms: `Rebound: confirm your email address: ${url}`,
      push: { title: 'Confirm your Rebound account', body: 'Confirm your email address.', url },
    };
  },
});

export const authResetPassword = defineTemplate({
  name: 'auth_reset_password',
  fields: { url: text },
  render: (p, ctx) => {
    const url = authLink(p.url, ctx, '/auth');
    const intro = 'Someone asked to reset the password of your Rebound account.';
    const after =
      'The link works for one hour. If it was not you, ignore this email: your password stays as it is.';
    return {
      email: {
        subject: 'Reset your Rebound password',
        preheader: intro,
        heading: 'Reset your password',
        blocks: [
          { type: 'p', text: intro },
          { type: 'button', label: 'Choose a new password', url },
          { type: 'note', text: after },
        ],
        text: [intro, '', `Choose a new password: ${url}`, '', after].join('\n'),
        reason: ACCOUNT_REASON,
        footer: 'account',
      },
      sms: `Rebound: choose a new password: ${url}`,
      push: { title: 'Reset your Rebound password', body: intro, url },
    };
  },
});

/** 'auth_phone_code': an SMS; the other channels never carry it. */
export const authPhoneCode = defineTemplate({
  name: 'auth_phone_code',
  fields: { code: text, known: flag, signUpUrl: text },
  render: (p, ctx) => {
    const code = str(p.code, 12) ?? '';
    const signUp = authLink(p.signUpUrl, ctx, '/auth');
    const text =
      p.known === true
        ? `Your Rebound sign-in code is ${code}. It expires in 5 minutes. Never share it.`
        : `Someone asked to sign in to Rebound with this number, but no account uses it. Sign up at ${signUp}`;
    return {
      email: {
        subject: 'Your Rebound sign-in code',
        preheader: text,
        heading: 'Your sign-in code',
        blocks: [{ type: 'p', text }],
        text,
        reason: ACCOUNT_REASON,
        footer: 'account',
      },
      sms: text,
      push: { title: 'Rebound sign-in', body: text, url: `${ctx.publicUrl}/auth` },
    };
  },
});

/** 'launch_confirm': the pre-launch list's double opt-in. */
export const launchConfirm = defineTemplate({
  name: 'launch_confirm',
  fields: { url: text },
  render: (p, ctx) => {
    const url = authLink(p.url, ctx, '/');
    const after = 'If you did not ask to join, ignore this email: we will not write to you again.';
    return {
      email: {
        subject: 'Confirm you want Rebound launch news',
        preheader: 'One click to join the Rebound launch list.',
        heading: 'Confirm your email',
        blocks: [
          {
            type: 'p',
            text: 'Thanks for joining the Rebound launch list! Confirm your email address and we will tell you when the first drop goes live.',
          },
          { type: 'button', label: 'Confirm my email', url },
          { type: 'note', text: after },
        ],
        reason: 'this address was entered on the Rebound launch list',
        footer: 'account',
      },
      sms: `Rebound: confirm your email for launch news: ${url}`,
      push: { title: 'Confirm your email', body: 'Confirm you want Rebound launch news.', url },
    };
  },
});

/** 'drop_list_confirm': the open store's new-drops email list, double opt-in. */
export const dropListConfirm = defineTemplate({
  name: 'drop_list_confirm',
  fields: { url: text },
  render: (p, ctx) => {
    const url = authLink(p.url, ctx, '/');
    const after = 'If you did not ask for it, ignore this email: we will not write to you again.';
    return {
      email: {
        subject: 'Confirm you want the Rebound new-drops email',
        preheader: 'One click and we email you new lots once a day.',
        heading: 'Confirm your email',
        blocks: [
          {
            type: 'p',
            text: 'You asked for the Rebound new-drops email. Confirm your address and we will email you the lots that went live, once a day. Every email has a one-click unsubscribe.',
          },
          { type: 'button', label: 'Yes, email me new drops', url },
          { type: 'note', text: after },
        ],
        reason: 'this address was entered for the Rebound new-drops email',
        footer: 'account',
      },
      sms: `Rebound: confirm the new-drops email: ${url}`,
      push: { title: 'Confirm your email', body: 'Confirm you want the Rebound new-drops email.', url },
    };
  },
});
