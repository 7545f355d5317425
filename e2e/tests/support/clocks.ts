import { expect, type Page } from '@playwright/test';

/**
 * Moves time forward for the page and the server together (call `page.clock.install()` before the
 * page loads). Moving only the page's clock does not last: the page re-syncs to the server's time on
 * every fetch and socket message. The server's test clock is shared by the whole run, so keep `ms`
 * small (a minute is enough to change any countdown that shows minutes).
 */
export async function moveClocks(page: Page, ms: number): Promise<void> {
  const moved = await page.request.post('/api/test/clock', { data: { advanceMs: ms } });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.clock.fastForward(ms);
}
