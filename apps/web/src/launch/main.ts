// The launch landing page and the three launch result pages. launch.html carries the landing
// page itself, so it is drawn before any script runs (it is the first thing every visitor sees, on a
// phone, and must be fast); this small script adds the signup form's behaviour and, on the result
// paths, swaps the hero for the result. No framework: the page is static apart from one form.
import { LAUNCH_TEXT, LAUNCH_UNLOCK_STORAGE_KEY } from '@rebound/contract/launch-text';
import { API } from '@rebound/contract/routes';
import { checkLaunchEmail } from '@rebound/core/email';
import { type LaunchView, launchTitle, launchViewOf, readUtm } from './launch-view';
import { signUp } from './signup';

const view: LaunchView = launchViewOf(location.pathname);
document.title = launchTitle(view);
const year = document.getElementById('year');
if (year) year.textContent = String(new Date().getFullYear());

const CHECK = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 12l5 5 9-10"/></svg>`;

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function emailForm(idPrefix: string, buttonLabel: string, hint: string): string {
  return `<form class="join" id="${idPrefix}" novalidate>
  <label for="${idPrefix}-email">Email address</label>
  <div class="row">
    <input id="${idPrefix}-email" name="email" type="email" autocomplete="email" inputmode="email" placeholder="you@example.com" aria-describedby="${idPrefix}-hint" required />
    <button class="btn" type="submit">${esc(buttonLabel)}</button>
  </div>
  <p class="field-error" id="${idPrefix}-error" hidden></p>
  <p class="hint" id="${idPrefix}-hint">${esc(hint)}</p>
  <div id="${idPrefix}-notice" role="status" aria-live="polite"></div>
</form>`;
}

const HOME_BUTTON = '<div class="actions"><a class="btn" href="/">Go to the homepage</a></div>';

function resultHtml(v: Exclude<LaunchView, 'landing'>): string {
  if (v === 'success') {
    const expect = [
      ['Launch date update', 'We will email you the moment the launch date is set.'],
      ['Early access', 'Launch-list members get in before the doors open to everyone.'],
      ['First-look deals', 'See the first auctions and the best lots before anyone else.'],
    ]
      .map(
        ([title, text]) =>
          `<li><span class="icon">${CHECK}</span><div><b>${esc(title!)}</b><span>${esc(text!)}</span></div></li>`,
      )
      .join('');
    return `<p class="eyebrow">Email confirmed</p>
<h1>${esc(LAUNCH_TEXT.successHeading)}</h1>
<p class="lede">Thanks for confirming your email. You are on the Rebound launch list. Here is what to expect:</p>
<ul class="expect">${expect}</ul>${HOME_BUTTON}`;
  }
  if (v === 'alreadyConfirmed') {
    return `<p class="eyebrow">Nothing more to do</p>
<h1>${esc(LAUNCH_TEXT.alreadyHeading)}</h1>
<p class="lede">You already confirmed this email address, so you are on the launch list. We will be in touch before the launch.</p>${HOME_BUTTON}`;
  }
  return `<p class="eyebrow">Launch list</p>
<h1>${esc(LAUNCH_TEXT.errorHeading)}</h1>
<p class="lede">This confirmation link is invalid or has expired. Enter your email address and we will send you a new one.</p>
${emailForm('resend', 'Send a new link', 'We will send a fresh confirmation link to this address.')}${HOME_BUTTON}`;
}

/** Wires an email form: checks the address, sends the signup, shows the outcome beside the form. */
function wireForm(idPrefix: string, source: 'landing-page' | 'launch-error-resend'): void {
  const form = document.getElementById(idPrefix) as HTMLFormElement | null;
  const input = document.getElementById(`${idPrefix}-email`) as HTMLInputElement | null;
  const error = document.getElementById(`${idPrefix}-error`);
  const notice = document.getElementById(`${idPrefix}-notice`);
  const hint = `${idPrefix}-hint`;
  if (!form || !input || !error || !notice) return;
  const button = form.querySelector('button');
  let busy = false;

  const showNotice = (kind: 'ok' | 'bad', title: string, message: string) => {
    notice.innerHTML = `<div class="notice ${kind}"><strong>${esc(title)}</strong>${esc(message)}</div>`;
  };
  const clearError = () => {
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    input.setAttribute('aria-describedby', hint);
  };
  input.addEventListener('input', () => {
    if (!error.hidden) clearError();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkLaunchEmail(input.value);
    if (!checked.ok) {
      notice.textContent = '';
      error.textContent = `${checked.title}: ${checked.message}`;
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `${error.id} ${hint}`);
      input.focus();
      return;
    }
    clearError();
    busy = true;
    button?.setAttribute('aria-disabled', 'true');
    notice.textContent = '';
    const outcome = await signUp({
      email: checked.email,
      source,
      utm: readUtm(location.search),
      metadata: { locale: navigator.language || undefined },
    });
    busy = false;
    button?.removeAttribute('aria-disabled');
    if (outcome.kind === 'bypass') {
      if (outcome.unlockToken) {
        try {
          localStorage.setItem(LAUNCH_UNLOCK_STORAGE_KEY, outcome.unlockToken);
        } catch {}
      }
      showNotice('ok', LAUNCH_TEXT.unlockedTitle, LAUNCH_TEXT.unlockedMessage);
      // The landing stands in for whatever page was asked for: reload it. A result page goes home.
      if (view === 'landing') location.reload();
      else location.assign('/');
      return;
    }
    if (outcome.kind === 'sent') {
      input.value = '';
      showNotice('ok', LAUNCH_TEXT.checkEmailTitle, LAUNCH_TEXT.checkEmailMessage);
    } else {
      showNotice('bad', LAUNCH_TEXT.failureTitle, LAUNCH_TEXT.failureMessage);
    }
  });
}

const UNLOCK_TRIED = 'rebound-launch-unlock-tried';

/** A browser unlocked by the bypass whose cookie is gone: present the remembered token again. */
async function restoreUnlock(): Promise<void> {
  let token: string | null = null;
  try {
    token = localStorage.getItem(LAUNCH_UNLOCK_STORAGE_KEY);
  } catch {}
  // Once per tab session: if the server still shows the landing after an accepted token, do not loop.
  if (!token || sessionStorage.getItem(UNLOCK_TRIED)) return;
  sessionStorage.setItem(UNLOCK_TRIED, '1');
  try {
    const response = await fetch(API.launchUnlock, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (response.ok) location.reload();
    else if (response.status >= 400 && response.status < 500)
      localStorage.removeItem(LAUNCH_UNLOCK_STORAGE_KEY);
  } catch {}
}

if (view === 'landing') {
  wireForm('join', 'landing-page');
  void restoreUnlock();
} else {
  const hero = document.getElementById('landing-hero');
  const more = document.getElementById('landing-more');
  if (hero) {
    hero.className = 'result';
    hero.innerHTML = resultHtml(view);
  }
  if (more) more.hidden = true;
  if (view === 'error') wireForm('resend', 'launch-error-resend');
}
