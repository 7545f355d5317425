import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (the bar is WCAG 2.2 AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Waits for the page's one-off animations (dialogs sliding in, fades) so colours are final. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Runs axe-core on the page as it is now and fails on every 'serious' or 'critical' violation,
 * listing each one's rule, help text and the elements (CSS selectors) that break it. Lesser
 * violations do not fail the test; they are attached to its report.
 */
export async function expectNoSeriousA11yViolations(page: Page, name: string): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const lesser = results.violations.filter((v) => !FAILING_IMPACTS.has(v.impact ?? ''));
  if (results.violations.length > 0) {
    await test.info().attach(`axe ${name}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  if (lesser.length > 0) {
    test.info().annotations.push({
      type: 'a11y (minor/moderate)',
      description: `${name}: ${lesser.map((v) => `${v.id} (${v.nodes.length})`).join(', ')}`,
    });
  }
  const report = serious.flatMap((v) => [
    `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.map(
      (n) =>
        `    at ${n.target.map(String).join(' >>> ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  ]);
  expect(report, `serious or critical accessibility violations on ${name}`).toEqual([]);
}
