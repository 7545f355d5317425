import { expect, type Page, test } from '@playwright/test';

const PAGES = [
  { path: '/privacy-policy', title: 'Privacy Policy | Rebound', h1: 'Privacy Policy' },
  { path: '/terms-of-service', title: 'Terms of Service | Rebound', h1: 'Terms of Service' },
  { path: '/refund-return-policy', title: 'Refund & Return Policy | Rebound', h1: 'Refund & Return Policy' },
  { path: '/about', title: 'About Us | Rebound', h1: 'Good things deserve a second chance.' },
  { path: '/contact', title: 'Contact Us | Rebound', h1: 'Contact Us' },
  { path: '/faq', title: 'Frequently Asked Questions | Rebound', h1: 'Frequently Asked Questions' },
] as const;

/** The numbered section headings of a policy page, e.g. '1.Who we are...'. */
function sectionHeadings(page: Page) {
  return page.locator('article').getByRole('heading', { level: 2 });
}

/** The table of contents: a sticky column on desktop, a collapsible box on phones (opened here). */
async function tableOfContents(page: Page, isMobile: boolean) {
  if (isMobile) await page.locator('summary', { hasText: 'On this page' }).click();
  return page.getByRole('navigation', { name: 'Table of contents' }).filter({ visible: true });
}

async function expectNumberedSections(page: Page, count: number) {
  const headings = sectionHeadings(page);
  await expect(headings).toHaveCount(count);
  const texts = (await headings.allTextContents()).map((text) => text.trim());
  texts.forEach((text, index) => {
    expect(text.startsWith(`${index + 1}.`)).toBe(true);
  });
}

for (const { path, title, h1 } of PAGES) {
  test(`${path} loads with its title and heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
}

test('the privacy policy has 18 numbered sections, a table of contents and the Canadian laws', async ({
  page,
  isMobile,
}) => {
  await page.goto('/privacy-policy');
  await expectNumberedSections(page, 18);
  await expect(page.getByText('Last updated: November 21, 2026')).toBeVisible();
  const article = page.locator('article');
  for (const law of ['PIPEDA', 'BC PIPA', 'CASL']) await expect(article).toContainText(law);
  await expect(article).toContainText('not intended for children under 13');

  const toc = await tableOfContents(page, isMobile);
  await expect(toc.getByRole('link')).toHaveCount(18);
  await toc.getByRole('link', { name: /Cookies and local storage/ }).click();
  await expect(page).toHaveURL(/#cookies$/);
  await expect(page.getByRole('heading', { level: 2, name: /Cookies and local storage/ })).toBeInViewport();
});

test('the terms of service have 25 numbered sections and state the store rules', async ({
  page,
  isMobile,
}) => {
  await page.goto('/terms-of-service');
  await expectNumberedSections(page, 25);
  const article = page.locator('article');
  await expect(article).toContainText('within 72 hours');
  await expect(article).toContainText('1-minute soft close');
  await expect(article).toContainText('Reserve not met');
  await expect(article).toContainText('$5.00 per item per day');
  await expect(article).toContainText('We do not charge a re-listing fee.');
  await expect(article).toContainText('Each item is priced on its own');
  await expect(article).toContainText('greater of CAD $100');
  // The worked example: $100.00 + 15% premium + 7% PST + 5% GST on both.
  await expect(article.getByRole('table', { name: /winning bid of \$100\.00/ })).toContainText('$128.80');

  const toc = await tableOfContents(page, isMobile);
  await expect(toc.getByRole('link')).toHaveCount(25);
});

test('a link to a section opens the page at that section', async ({ page }) => {
  await page.goto('/terms-of-service#pickup');
  const heading = page.getByRole('heading', { level: 2, name: /Pickup window and ID/ });
  await expect(heading).toBeInViewport();
});

test('the return policy leads with its summary and lists what cannot be returned', async ({ page }) => {
  await page.goto('/refund-return-policy');
  const summary = page.getByRole('region', { name: 'Returns at a glance' });
  await expect(summary).toContainText('7 days from pickup');
  await expect(summary).toContainText('Refund in 5–10 business days');
  const list = page.locator('#non-returnable');
  for (const item of [
    'Perishables',
    'Personal care',
    'Custom',
    'Hazardous',
    'Final Sale or As-Is',
    'Gift cards',
  ]) {
    await expect(list).toContainText(item);
  }
});

test('footer links reach every static page', async ({ page }) => {
  const links = [
    { name: 'About', h1: 'Good things deserve a second chance.' },
    { name: 'Contact', h1: 'Contact Us' },
    { name: 'FAQ', h1: 'Frequently Asked Questions' },
    { name: 'Privacy Policy', h1: 'Privacy Policy' },
    { name: 'Terms of Service', h1: 'Terms of Service' },
    { name: 'Refund & Return Policy', h1: 'Refund & Return Policy' },
  ];
  await page.goto('/');
  for (const link of links) {
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: link.name, exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: link.h1 })).toBeVisible();
  }
});

test('the FAQ answers bidding, fees with a worked example, payment, pickup and returns', async ({ page }) => {
  await page.goto('/faq');
  for (const topic of ['Bidding', 'Fees and taxes', 'Paying', 'Pickup', 'Returns']) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main).toContainText('maximum bid');
  await expect(main).toContainText('1-minute soft close');
  await expect(main).toContainText('Reserve not met');
  await expect(main).toContainText('Shill bidding');
  // $100.00 + 15% premium ($15.00) + 7% PST ($8.05) + 5% GST ($5.75) on $115.00 = $128.80.
  const example = main.getByRole('table', { name: /winning bid of \$100\.00/ });
  for (const amount of ['$15.00', '$8.05', '$5.75', '$128.80']) await expect(example).toContainText(amount);
  await expect(main).toContainText('72 hours');
  await expect(main).toContainText('non-payment strike');
  await expect(main).toContainText('three strikes');
  await expect(main).toContainText('photo ID');
  await expect(main).toContainText('Burnaby');
  await expect(main).toContainText('7 days of pickup');
  await expect(main).toContainText('5 to 10 business days');
  await expect(main).toContainText('Gift cards');

  // A topic link jumps to its section.
  await page.getByRole('navigation', { name: 'FAQ topics' }).getByRole('link', { name: 'Returns' }).click();
  await expect(page).toHaveURL(/#returns$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Returns' })).toBeInViewport();
});

test('the header links to the FAQ in the same tab, on phones from the menu', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'FAQ', exact: true }).click();
  } else {
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQ', exact: true });
    await expect(link).not.toHaveAttribute('target', '_blank');
    await link.click();
  }
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
});

test('the contact form explains what is missing, then thanks the sender', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByText('within 24 hours').first()).toBeVisible();
  await expect(page.getByText('support@rebound.example').first()).toBeVisible();

  const name = page.getByLabel('Name', { exact: true });
  const email = page.getByLabel('Email', { exact: true });
  const message = page.getByLabel('Message', { exact: true });
  const send = page.getByRole('button', { name: 'Send message' });

  await send.click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();

  await name.fill('Sam Lee');
  await email.fill('sam@example');
  await message.fill('Can I pick up on Saturday morning?');
  await send.click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Please enter your name.')).toBeHidden();
  await expect(email).toBeFocused();

  await email.fill('sam@example.com');
  // Sent from the keyboard: Enter in a field submits the form.
  await email.press('Enter');
  // The server stored it, and the toast says only that.
  await expect(page.getByText('Message received')).toBeVisible();
  await expect(
    page.getByText(
      'Thanks! Your message is saved for our team, who reply to sam@example.com within 24 hours.',
    ),
  ).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(message).toHaveValue('');
});
