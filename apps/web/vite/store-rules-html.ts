import type { Plugin } from 'vite';
// A relative path on purpose: Vite bundles it into the config; the package name would be loaded by
// Node as a .ts file, which this Node version cannot run.
import {
  PAYMENT_WINDOW_HOURS,
  PICKUP_WINDOW_DAYS,
  RETURN_WINDOW_DAYS,
} from '../../../packages/core/src/windows';

// The HTML entries (launch.html is plain HTML, not React) state store rules too: they write
// `{{rule:RETURN_WINDOW_DAYS}}` and the build fills in core's figure (packages/core/src/windows.ts), so
// the landing page cannot say another window than the store applies.

const RULES: Readonly<Record<string, number>> = {
  PAYMENT_WINDOW_HOURS,
  PICKUP_WINDOW_DAYS,
  RETURN_WINDOW_DAYS,
};
const PLACEHOLDER = /\{\{rule:([A-Z_]+)\}\}/g;

/** The HTML with each `{{rule:NAME}}` replaced by core's value; an unknown name is an error. */
export function fillStoreRules(html: string): string {
  return html.replace(PLACEHOLDER, (_, name: string) => {
    const value = RULES[name];
    if (value === undefined) throw new Error(`Unknown store rule in HTML: {{rule:${name}}}`);
    return String(value);
  });
}

export function storeRulesHtml(): Plugin {
  return {
    name: 'rebound:store-rules-html',
    transformIndexHtml: { order: 'pre', handler: fillStoreRules },
  };
}
