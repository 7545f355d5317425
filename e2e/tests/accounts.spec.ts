import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { DEMO_PASSWORD, toast } from './support/shopper';

// Accounts: sign-up with the emailed confirmation, email and phone sign-in, sign-out and
// the signed-in-only pages. Emails and texts are read from the development mailbox (the server runs
// with NODE_ENV=test). The server limits sign-ins and codes per address, and both projects run
// every test, so each test signs in at most twice and each project texts its own demo shopper
// (a number gets one code a minute).

const PHONE_SHOPPER: Record<string, { email: string; handle: string }> = {
  desktop: { email: 'ava@rebound.test', handle: 'ava_b' },
  phone: { email: 'ben@rebound.test', handle: 'ben_t' },
};

type DevMessage = { recipient: string; subject: string | null; body: string; links: string[] };

/** The newest message of a channel to a recipient, waiting for it to arrive. */
async function latestMessage(
  request: APIRequestContext,
  recipient: string,
  channel: 'email' | 'sms',
): Promise<DevMessage> {
  let message: DevMessage | undefined;
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ recipient, channel, limit: '1' });
        const response = await request.get(`/api/dev/messages?${query}`);
        expect(response.ok()).toBe(true);
        message = ((await response.json()) as { messages: DevMessage[] }).messages[0];
        return message !== undefined;
      },
      { message: `a ${channel} to ${recipient}`, timeout: 10_000 },
    )
    .toBe(true);
  return message!;
}

/** The header's account link (the user's handle) once signed in. */
function accountLink(page: Page, handle: string) {
  return page.getByRole('banner').getByRole('link', { name: new RegExp(handle) });
}

function unique(testInfo: TestInfo) {
  const n = Date.now() % 100_000_000;
  const project = testInfo.project.name === 'phone' ? 2 : 1;
  return {
    email: `new.shopper.${n}.${project}@example.com`,
    handle: `e2e_${n}_${project}`,
    // A 778 (BC) number typed the way people do; 7 digits from the time and the project.
    phone: `778-${String((n % 1_000_000) * 10 + project)
      .padStart(7, '0')
      .replace(/^(\d{3})/, '$1-')}`,
  };
}

test('sign-up step 1 knows existing accounts and launch-list members', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Returns, Reimagined.' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sign Up' }).click();

  await page.getByLabel('Email', { exact: true }).fill('ava@rebound.test');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Account exists')).toContainText(
    'An account with this email already exists. Please sign in instead.',
  );
  // Stays on the email step.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill('  Early.Bird@rebound.test ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(toast(page, 'Welcome back!')).toContainText(
    "We found your launch signup. Let's complete your profile.",
  );
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByText('early.bird@rebound.test')).toBeVisible();

  // 'Change' goes back to the email step and leaves launch mode.
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('sign up, confirm by the emailed link and land signed in', async ({ page, request }, testInfo) => {
  const shopper = unique(testInfo);
  await page.goto('/auth?tab=sign-up');
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByText(shopper.email)).toBeVisible();

  await page.getByLabel('First name').fill('Nova');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Bidder handle').fill(shopper.handle);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(shopper.phone);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel('Confirm password').fill('a-different-one');

  // The form's own checks come first, with the catalogue's words, and nothing is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match.').first()).toBeVisible();
  await page.getByLabel('Confirm password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('You must accept the Terms and Conditions to create an account.').first(),
  ).toBeVisible();

  await page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'Account created!')).toContainText('Check your email to confirm your account.');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const email = await latestMessage(request, shopper.email, 'email');
  expect(email.subject).toBe('Confirm your Rebound account');
  const link = email.links.find((l) => l.includes('/verify-email'));
  expect(link).toBeTruthy();

  // The development mailbox shows it too, and its link opens on this site.
  await page.goto('/dev/mailbox');
  await page.getByRole('searchbox', { name: 'Filter by recipient' }).fill(shopper.email);
  const card = page.getByRole('article', { name: `Email to ${shopper.email}` });
  await expect(card.getByRole('heading', { name: 'Confirm your Rebound account' })).toBeVisible();
  await card.getByRole('link', { name: /verify-email/ }).click();

  // Home, signed in and told so.
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Email confirmed')).toContainText('you are signed in');
  await expect(accountLink(page, shopper.handle)).toBeVisible();
  await accountLink(page, shopper.handle).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Nova' })).toBeVisible();
  // The store's only pickup location is already chosen: nothing stands between a win and checkout.
  await expect(page.getByRole('radio', { name: /Rebound Warehouse — Burnaby/ })).toBeChecked();
  await expect(page.getByText('Choose a pickup location before checking out.')).toHaveCount(0);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Email:' }).getByText(shopper.email),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue(
    `+1${shopper.phone.replace(/\D/g, '')}`,
  );

  // The account's Logout signs out too.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  // The same link again: it says the email is confirmed already and how to get in.
  await page.goto(link!);
  await expect(toast(page, 'Email already confirmed')).toContainText('sign in with your email and password');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('sign in with email and password, then sign out', async ({ page, isMobile }) => {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill('ava@rebound.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Error signing in')).toContainText('Invalid email or password');

  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Welcome back!')).toContainText('Successfully signed in.');
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page, 'ava_b')).toBeVisible();

  // Signed in, /auth sends home.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Welcome, Ava' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Email:' }).getByText('ava@rebound.test'),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Outbid alerts by email' })).toBeVisible();

  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  }
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  // Every session ended: the account page is closed again.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
});

test('sign in by a texted code', async ({ page, request }, testInfo) => {
  const shopper = PHONE_SHOPPER[testInfo.project.name] ?? PHONE_SHOPPER.desktop!;
  // The shopper's number, as their profile has it.
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: shopper.email, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  const { profile } = (await (await request.get('/api/profile')).json()) as { profile: { phone: string } };
  await request.post('/api/auth/sign-out');
  expect(profile.phone).toMatch(/^\+1\d{10}$/);
  const national = profile.phone.slice(2);
  const typed = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Phone number').fill('555');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid phone number with country code').first()).toBeVisible();

  await page.getByLabel('Phone number').fill(typed);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, 'Code sent')).toContainText(`We sent a code to ${profile.phone}.`);

  const codeInput = page.getByLabel('Verification code');
  const verify = page.getByRole('button', { name: 'Verify & Sign In' });
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(verify).toBeDisabled();
  // The resend cooldown shows.
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();

  const sms = await latestMessage(request, profile.phone, 'sms');
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
  expect(code).toBeTruthy();

  await codeInput.fill(`ab${code!.slice(0, 4)}`);
  await expect(codeInput).toHaveValue(code!.slice(0, 4));
  await expect(verify).toBeDisabled();

  const wrong = `${(Number(code![0]) + 1) % 10}${code!.slice(1)}`;
  await codeInput.fill(wrong);
  await verify.click();
  await expect(toast(page, 'Invalid code')).toContainText('Please check the code and try again.');

  await codeInput.fill(code!);
  await verify.click();
  // A full reload of the home page, signed in, with the welcome toast.
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Verified')).toContainText('Signed in successfully.');
  await expect(accountLink(page, shopper.handle)).toBeVisible();
});

test('signed-out visitors are sent to sign in, and a bad confirmation link explains itself', async ({
  page,
}) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();

  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2F');
  await expect(toast(page, 'Confirmation link not valid')).toContainText(
    'sign in with your email and password and we will email you a new link',
  );
  await expect(page).toHaveURL(/\/$/);
});
