import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4650';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await ctx.newPage();
  const r = await page.request.post(`${base}/api/auth/sign-in`, { data: { email: 'staff@rebound.test', password: 'staff-demo-2026' } });
  if (r.status() !== 200) throw new Error(await r.text());
  for (const [name, path] of [['orders', '/admin/orders'], ['catalogue', '/admin/catalogue']]) {
    await page.goto(base + path);
    await page.getByRole('table').locator('tbody tr').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/scaffold-shots/${name}-${width}.png`, fullPage: true });
  }
  await page.goto(base + '/admin/auctions');
  await page.getByRole('table').locator('tbody tr a').first().click();
  await page.getByRole('link', { name: 'All auctions' }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/scaffold-shots/auction-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
