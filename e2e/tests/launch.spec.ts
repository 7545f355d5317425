import {
  type APIRequestContext,
  request as api,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { demoLots } from './support/demo';
import { toast } from './support/shopper';

// Pre-launch mode: with the lock on, store pages are the launch landing page (in the HTML
// too); the launch list's double opt-in from the landing page through the emailed link to the result
// pages; a tampered link and its resend; the bypass address unlocking a browser; staff opening the
// store from Settings. Staff switch the lock on through the API before the tests and off afterwards,
// whatever happens (other specs share the server). Desktop, apart from the landing page itself.

const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };
const BYPASS = 'insider@rebound.test';
const HEADLINE = /Auction prices\./;

test.describe.configure({ mode: 'serial' });

async function setLock(testInfo: TestInfo, locked: boolean) {
  const request = await api.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const signIn = await request.post('/api/auth/sign-in', { data: STAFF });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const put = await request.put('/api/admin/settings', { data: { locked, confirm: true } });
    expect(put.status(), await put.text()).toBe(200);
  } finally {
    await request.dispose();
  }
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures it needs from this pattern (none).
test.beforeAll(async ({}, testInfo) => {
  await setLock(testInfo, true);
});

// biome-ignore lint/correctness/noEmptyPattern: as above.
test.afterAll(async ({}, testInfo) => {
  await setLock(testInfo, false);
});

type DevMessage = { recipient: string; subject: string | null; links: string[] };

/** The newest email to a recipient, waiting for it to arrive. */
async function latestEmail(request: APIRequestContext, recipient: string): Promise<DevMessage> {
  let message: DevMessage | undefined;
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ recipient, channel: 'email', limit: '1' });
        const response = await request.get(`/api/dev/messages?${query}`);
        expect(response.ok()).toBe(true);
        message = ((await response.json()) as { messages: DevMessage[] }).messages[0];
        return message !== undefined;
      },
      { message: `an email to ${recipient}`, timeout: 10_000 },
    )
    .toBe(true);
  return message!;
}

function confirmLinkOf(message: DevMessage): string {
  const link = message.links.find((l) => l.includes('/api/launch/confirm'));
  expect(link, `a confirmation link in ${JSON.stringify(message.links)}`).toBeTruthy();
  return link!;
}

function unique(testInfo: TestInfo, name: string) {
  return `${name}.${Date.now() % 100_000_000}.${testInfo.project.name}@example.com`;
}

async function expectLanding(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
}

test('with the lock on, store pages are the launch landing page, in the HTML too', async ({
  page,
  request,
}) => {
  test.slow();
  const lot = demoLots().find((l) => l.status === 'live') ?? demoLots()[0]!;
  for (const path of ['/', '/shop', `/product/${lot.slug}`]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('id="landing-hero"');
    expect(html, path).not.toContain(lot.title);
    await page.goto(path);
    await expectLanding(page);
    await expect(page).toHaveTitle(/^Rebound \| .*launching soon/i);
  }
  // The store's data is refused to visitors too.
  expect((await request.get('/api/home')).status()).toBe(403);
  // How it works, our story and why us, then the footer.
  for (const name of [
    'Three steps from auction to your hands',
    'Good things deserve a second chance',
    'Smarter shopping, less waste',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  for (const step of [
    'Browse auctions',
    'Place your bid',
    'Pick up your item',
    'Daily auctions',
    'Sustainable shopping',
    'Quality assured',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toContainText('Rebound');
  await expectNoSeriousA11yViolations(page, 'launch landing');
});

test('join the list, confirm by email, confirm again, and resend from a tampered link', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a desktop journey');
  test.slow();
  await page.goto('/?utm_source=e2e&utm_campaign=launch');
  await expectLanding(page);
  const email = page.getByRole('textbox', { name: 'Email address' });
  const join = page.getByRole('button', { name: 'Join', exact: true });

  // The form's checks, before anything is sent.
  await join.click();
  await expect(page.getByText('Email required: Please enter your email address.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('not-an-email');
  await join.click();
  await expect(page.getByText('Invalid email: Please enter a valid email address.')).toBeVisible();

  const address = unique(testInfo, 'launch');
  await email.fill(`  ${address.toUpperCase()} `);
  await join.click();
  await expect(page.getByRole('status').getByText('Check your email')).toBeVisible();
  await expect(email).toHaveValue('');

  // The link from the development mailbox (the address was trimmed and lowercased).
  const message = await latestEmail(request, address);
  expect(message.subject).toBe('Confirm you want Rebound launch news');
  const link = confirmLinkOf(message);

  await page.goto(link);
  await expect(page).toHaveURL(/\/launch-success$/);
  await expect(page.getByRole('heading', { level: 1, name: "You're on the list" })).toBeVisible();
  await expect(page).toHaveTitle('Launch Confirmed | Rebound');
  for (const item of ['Launch date update', 'Early access', 'First-look deals']) {
    await expect(page.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page, 'launch success');

  // The link is single-use: opened again, it says so kindly.
  await page.goto(link);
  await expect(page).toHaveURL(/\/launch-already-confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Already Confirmed' })).toBeVisible();
  await expect(page).toHaveTitle('Already Confirmed | Rebound');

  // A tampered link: the error page, whose form sends a fresh link.
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? '';
  url.searchParams.set('token', `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
  await page.goto(url.toString());
  await expect(page).toHaveURL(/\/launch-error$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation Error' })).toBeVisible();
  await expect(page).toHaveTitle('Confirmation Error | Rebound');
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'launch error');
  const second = unique(testInfo, 'resend');
  await page.getByRole('textbox', { name: 'Email address' }).fill(second);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('status').getByText('Check your email')).toBeVisible();
  const resent = await latestEmail(request, second);
  await page.goto(confirmLinkOf(resent));
  await expect(page.getByRole('heading', { level: 1, name: "You're on the list" })).toBeVisible();
});

test('the bypass address unlocks this browser, and the browser remembers it', async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a desktop journey');
  test.slow();
  await page.goto('/shop');
  await expectLanding(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill(BYPASS);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  // The page reloads into the store.
  await expect(page.getByRole('combobox', { name: 'Search auctions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('rebound-launch-unlock'))).toBeTruthy();

  // The cookie is gone (cleared, expired): the landing page presents the remembered token again.
  await context.clearCookies();
  await page.goto('/shop');
  await expect(page.getByRole('combobox', { name: 'Search auctions' })).toBeVisible();
});

test('staff see the store with a banner and check the launch list', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a desktop journey');
  test.slow();
  const signIn = await context.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signIn.status(), await signIn.text()).toBe(200);

  await page.goto('/');
  const banner = page.getByText('The store is locked: visitors see the launch page.');
  await expect(banner).toBeVisible();
  // With the product photos (media are served to staff while locked).
  const photo = page.getByRole('main').locator('img[src^="/media/"]').first();
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // The launch list: counts, the list, the export and the announce confirmation.
  await page.goto('/admin/launch-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Launch list' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export confirmed (CSV)' })).toHaveAttribute(
    'href',
    '/api/admin/launch/export.csv',
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill('.desktop@example.com');
  await expect(
    page
      .getByRole('table')
      .getByText(/^launch\.\d+\.desktop@example\.com$/)
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Announce launch' }).click();
  const announce = page.getByRole('dialog', { name: 'Announce the launch?' });
  await expect(announce).toContainText(/This emails \d+ confirmed signups? that the store is open/);
  await announce.getByRole('button', { name: 'Cancel' }).click();
  await expect(announce).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'admin launch list');
});

test('staff open the store from Settings, and visitors get the store', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a desktop journey');
  test.slow();
  const signIn = await context.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const banner = page.getByText('The store is locked: visitors see the launch page.');

  // Settings: the lock is on; switching it off asks first and says what changes.
  await page.goto('/');
  await page.getByRole('link', { name: 'Lock settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const lock = page.getByRole('switch', { name: 'Pre-launch lock' });
  await expect(lock).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'admin settings');
  await lock.click();
  const dialog = page.getByRole('dialog', { name: 'Open the store?' });
  await expect(dialog).toContainText('Everyone sees the store again');
  await dialog.getByRole('button', { name: 'Open the store' }).click();
  await expect(toast(page, 'The store is open')).toBeVisible();
  await expect(lock).not.toBeChecked();

  // A visitor now gets the store.
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const other = await visitor.newPage();
    await other.goto('/shop');
    await expect(other.getByRole('combobox', { name: 'Search auctions' })).toBeVisible();
    const html = await (await visitor.request.get('/shop')).text();
    expect(html).not.toContain('id="landing-hero"');
  } finally {
    await visitor.close();
  }
  // And the store's pages are no longer marked locked, so staff no longer see the banner.
  await page.goto('/shop');
  await expect(page.getByRole('combobox', { name: 'Search auctions' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.locked ?? null)).not.toBe('true');
  await expect(banner).toHaveCount(0);
});
