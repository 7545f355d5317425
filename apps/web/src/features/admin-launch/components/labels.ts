import type { LaunchSource } from '@rebound/contract/launch-text';

/** How the back-office names where a signup came from. */
export const SOURCE_LABELS: Record<LaunchSource, string> & Record<string, string | undefined> = {
  'landing-page': 'Landing page',
  'launch-error-resend': 'Error page resend',
  'drops-early-access': 'Drops early access',
  footer: 'Footer',
};
