// Which launch page a path shows, its title, and the utm_* parameters of the address.
import type { LaunchSignupInput } from '@rebound/contract/launch';
import { LAUNCH_TEXT } from '@rebound/contract/launch-text';

export type LaunchView = 'landing' | 'success' | 'alreadyConfirmed' | 'error';

/** The brand appended to page titles, as the main app does ('X | Rebound'). */
export const BRAND = 'Rebound';

const RESULT_VIEWS: Record<string, Exclude<LaunchView, 'landing'>> = {
  '/launch-success': 'success',
  '/launch-already-confirmed': 'alreadyConfirmed',
  '/launch-error': 'error',
};

/** The result pages by path (a trailing slash allowed); every other path shows the landing page. */
export function launchViewOf(pathname: string): LaunchView {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return RESULT_VIEWS[path] ?? 'landing';
}

const TITLES: Record<LaunchView, string> = {
  landing: `${BRAND} | Auctions for returns and overstock, launching soon in BC`,
  success: `${LAUNCH_TEXT.titles.success} | ${BRAND}`,
  alreadyConfirmed: `${LAUNCH_TEXT.titles.alreadyConfirmed} | ${BRAND}`,
  error: `${LAUNCH_TEXT.titles.error} | ${BRAND}`,
};

export function launchTitle(view: LaunchView): string {
  return TITLES[view];
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
type Utm = NonNullable<LaunchSignupInput['utm']>;

/** utm_source … utm_content from a query string; blank values are left out, each cut to 200 characters. */
export function readUtm(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`)?.trim();
    if (value) utm[key] = value.slice(0, 200);
  }
  return utm;
}
