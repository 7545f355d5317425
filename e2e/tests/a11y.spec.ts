import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

// Accessibility (WCAG 2.2 AA): axe-core on every page once its data has loaded,
// on the desktop and the phone projects, plus the keyboard basics (skip link, visible focus).

const SHOPPER = { email: 'ava@rebound.test', password: 'shopper-demo-2026' };

// An axe scan takes seconds on a busy two-core machine, and several tests scan several pages.
test.describe.configure({ timeout: 60_000 });

/** The page has drawn its data: no skeleton blocks and nothing marked busy in <main>. */
async function loaded(page: Page) {
  const main = page.getByRole('main');
  await expect(main.locator('.animate-pulse')).toHaveCount(0);
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function liveSlug(page: Page): Promise<string> {
  const res = await page.request.get('/api/home');
  expect(res.ok()).toBe(true);
  const home = (await res.json()) as { latest: { slug: string }[] };
  expect(home.latest.length).toBeGreaterThan(0);
  return home.latest[0]!.slug;
}

test('home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Auctions' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/');
});

test('home: the product quick view opened from a card', async ({ page }) => {
  await page.goto('/');
  const first = cards(page).first();
  const title = ((await first.getByRole('heading').first().textContent()) ?? '').trim();
  // The title link (exact: the card's watch button names the product too).
  await first.getByRole('link', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View Full Page' })).toBeVisible();
  await expect(dialog.locator('.animate-pulse')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'product quick view');
});

test('home: How it Works and the phone menu', async ({ page, isMobile }) => {
  await page.goto('/');
  await loaded(page);
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'phone menu');
  }
  await page
    .getByRole('button', { name: /How it Works/i })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText(/Browse auctions/i);
  await expectNoSeriousA11yViolations(page, 'How it Works dialog');
});

test('shop', async ({ page, isMobile }) => {
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: /^\d[\d,]* auctions?$/ })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/shop');

  if (isMobile) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer.getByRole('radio').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/shop filter drawer');
  }
});

test('drops', async ({ page }) => {
  await page.goto('/drops');
  await expect(page.getByRole('heading', { level: 1, name: "This Week's Finds" })).toBeVisible();
  await expect(page.getByRole('region', { name: /Featured in This Drop/ })).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/drops');
});

test('product page', async ({ page }) => {
  const slug = await liveSlug(page);
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('timer').first()).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/product/:slug');
});

test('auth, every tab', async ({ page }) => {
  for (const [tab, heading] of [
    ['Sign In', 'Sign In'],
    ['Sign Up', 'Sign Up'],
    ['Phone', 'Sign in by phone'],
  ] as const) {
    await page.goto('/auth');
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | Rebound`);
    await loaded(page);
    await expectNoSeriousA11yViolations(page, `/auth ${tab} tab`);
  }
});

test('forms showing their errors: sign in and contact', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, '/auth sign-in errors');

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/contact errors');
});

test('account, signed in', async ({ page }) => {
  const signIn = await page.request.post('/api/auth/sign-in', { data: SHOPPER });
  expect(signIn.ok()).toBe(true);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Welcome, Ava' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Outbid alerts by email' })).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/account');

  // The My Bids tab with a row open, and the Watchlist tab.
  await page.goto('/account?tab=bids');
  await expect(page.getByRole('tab', { name: 'My Bids', selected: true })).toBeVisible();
  const rows = page.getByTestId('my-bid');
  await expect(rows.or(page.getByText('No active bids yet')).first()).toBeVisible();
  if ((await rows.count()) > 0) {
    await rows.first().getByRole('button', { name: 'Show bid history' }).click();
    await expect(rows.first().getByTestId('bid-history')).toBeVisible();
  }
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/account?tab=bids');

  await page.getByRole('tab', { name: 'Watchlist' }).click();
  await expect(page).toHaveURL(/tab=watchlist/);
  await expect(page.getByRole('heading', { name: /^My Watchlist \(\d+\)$/ })).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/account?tab=watchlist');
});

test('orders, cart and the checkout result, signed in', async ({ page }) => {
  // Four pages, each checked with axe.
  test.setTimeout(60_000);
  const signIn = await page.request.post('/api/auth/sign-in', { data: SHOPPER });
  expect(signIn.ok()).toBe(true);
  await page.goto('/cart');
  await expect(page.getByText('Your cart is currently empty')).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/cart (empty)');

  await page.goto('/account?tab=orders');
  await expect(page.getByRole('heading', { name: /^My Orders \(\d+\)$/ })).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/account?tab=orders');

  // One unpaid order in the cart (local storage only: nothing is paid).
  const ids = await page
    .getByTestId('order')
    .filter({ has: page.getByRole('button', { name: /^Pay Now/ }) })
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id')));
  if (ids[0]) {
    await page.evaluate((id) => localStorage.setItem('auction-cart', JSON.stringify([id])), ids[0]);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await loaded(page);
    await expectNoSeriousA11yViolations(page, '/cart');
  }

  await page.goto('/checkout/success');
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/checkout/success (error)');
});

test('pickup page and the Appointments tab, signed in', async ({ page }) => {
  const signIn = await page.request.post('/api/auth/sign-in', { data: SHOPPER });
  expect(signIn.ok()).toBe(true);
  await page.goto('/account?tab=orders');
  const schedule = page.getByRole('link', { name: 'Schedule Pickup' }).first();
  await expect(schedule).toBeVisible();
  await schedule.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule Pickup' })).toBeVisible();
  const dates = page.getByRole('group', { name: 'Choose a date' }).getByRole('radio');
  await expect(dates.or(page.getByTestId('pickup-no-slots')).first()).toBeVisible();
  if ((await dates.count()) > 0) {
    await dates.first().check();
    await expect(page.getByTestId('pickup-time').first()).toBeVisible();
  }
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/pickup-schedule/:orderId');

  await page.goto('/account?tab=appointments');
  await expect(page.getByRole('heading', { name: /^My Appointments \(\d+\)$/ })).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/account?tab=appointments');
});

for (const { path, h1 } of [
  { path: '/about', h1: 'Good things deserve a second chance.' },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/terms-of-service', h1: 'Terms of Service' },
  { path: '/refund-return-policy', h1: 'Refund & Return Policy' },
  { path: '/faq', h1: 'Frequently Asked Questions' },
]) {
  test(`static page ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await loaded(page);
    await expectNoSeriousA11yViolations(page, path);
  });
}

test('notifications page and the open Mail menu, signed in', async ({ page }) => {
  const signIn = await page.request.post('/api/auth/sign-in', { data: SHOPPER });
  expect(signIn.ok()).toBe(true);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(
    page.getByTestId('notification-card').or(page.getByText('No notifications yet')).first(),
  ).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/notifications');

  await page.getByRole('banner').getByTestId('mail-menu-button').click();
  await expect(page.getByRole('menu', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Mail menu');
});

test('development mailbox', async ({ page }, testInfo) => {
  // One message in the box, so a message card is checked too (each project its own shopper).
  const email = testInfo.project.name === 'phone' ? 'felix@rebound.test' : 'emma@rebound.test';
  await page.request.post('/api/auth/forgot-password', { data: { email } });
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/dev/mailbox');
});

test('not found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '404');
});

/**
 * How the focused element shows its focus: the site-wide outline ring on itself, or (cards, whose
 * whole-card link hides its own) on a close ancestor that draws it while a child has focus.
 */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const rect = el.getBoundingClientRect();
    let ring = false;
    let node: Element | null = el;
    for (let depth = 0; node && depth < 5 && !ring; depth++, node = node.parentElement) {
      const style = getComputedStyle(node);
      ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
    }
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return {
      label: `${el.tagName.toLowerCase()} "${name}"`,
      ring,
      visible: rect.width > 0 && rect.height > 0,
    };
  });
}

for (const path of ['/', '/shop', '/auth', '/product']) {
  // Tagged @keyboard: the phone project leaves these out (playwright.config.ts), a hardware keyboard
  // being a desktop matter.
  test(`keyboard on ${path}: a skip link first, then every focused control shows a focus ring`, {
    tag: '@keyboard',
  }, async ({ page }) => {
    await page.goto(path === '/product' ? `/product/${await liveSlug(page)}` : path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await loaded(page);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    // Up to 40 stops, or to the end of the page (focus leaves the document).
    let stops = 0;
    for (; stops < 40; stops++) {
      const focus = await focusIndicator(page);
      if (!focus) break;
      expect(focus.visible, `${focus.label} is visible when focused`).toBe(true);
      expect(focus.ring, `${focus.label} shows a focus ring`).toBe(true);
      await page.keyboard.press('Tab');
    }
    expect(stops, 'the header, the page and the footer take focus').toBeGreaterThan(15);

    // Skip to content moves focus to <main>, past the header.
    // (Once the page shows: a product page draws its first frame when its code and data are in,
    // decision 040, so a Tab before that has nothing to reach.)
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
}

// The back-office: its shell and the pages built with it, as the demo staff member.
test.describe('back-office', () => {
  const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };
  for (const [name, path, heading] of [
    ['dashboard', '/admin', 'Dashboard'],
    ['people', '/admin/people', 'People'],
    ['audit log', '/admin/audit', 'Audit log'],
    ['settings', '/admin/settings', 'Settings'],
    ['launch list', '/admin/launch-list', 'Launch list'],
  ] as const) {
    test(`back-office ${name}`, async ({ page, context, isMobile }) => {
      const res = await context.request.post('/api/auth/sign-in', { data: STAFF });
      expect(res.status()).toBe(200);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await loaded(page);
      await expectNoSeriousA11yViolations(page, path);
      if (isMobile) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expectNoSeriousA11yViolations(page, `${path} with the menu open`);
      }
    });
  }

  test('back-office person detail and the reason dialog', async ({ page, context }) => {
    const res = await context.request.post('/api/auth/sign-in', { data: STAFF });
    expect(res.status()).toBe(200);
    await page.goto('/admin/people?q=ava%40rebound.test');
    await page.getByRole('link', { name: /Ava Bennett/ }).click();
    await expect(page.getByRole('heading', { name: 'Ava Bennett', level: 1 })).toBeVisible();
    await loaded(page);
    await expectNoSeriousA11yViolations(page, 'person detail');
    await page.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'reason dialog');
  });

  test('back-office: Staff only for a shopper', async ({ page, context }) => {
    const res = await context.request.post('/api/auth/sign-in', { data: SHOPPER });
    expect(res.status()).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Staff only', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'staff only');
  });
});
