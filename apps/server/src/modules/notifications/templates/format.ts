// Reading payload values (checked by the template's schema, read by name: define.ts) and formatting them for messages: money in dollars and cents,
// times on the shop's clock (@rebound/core/shop-clock: never the runtime's time-zone data), links absolute on the site's public address.

import { dollarsToCents } from '@rebound/core/dollars';
import { formatCents, parseDollarsToCents } from '@rebound/core/money';
import { formatShopDateTime, formatShopTime } from '@rebound/core/shop-clock';
import type { RenderContext } from './types';

/** A non-empty string (trimmed, and capped: a payload is data, not a novel), or null. */
export function str(v: unknown, max = 500): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return s ? (s.length > max ? `${s.slice(0, max - 1)}…` : s) : null;
}

/** A finite number, or null. */
export function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Integer cents as '$1,234.56', or null when missing. */
export function money(v: unknown): string | null {
  const n = num(v);
  return n === null ? null : formatCents(Math.round(n));
}

/** Cents from a value in cents, or from one in dollars (the test email sends `bidAmount`). */
export function centsFrom(centsValue: unknown, dollars?: unknown): number | null {
  const cents = num(centsValue);
  if (cents !== null) return Math.round(cents);
  if (typeof dollars === 'number' && Number.isFinite(dollars) && dollars >= 0) return dollarsToCents(dollars);
  if (typeof dollars === 'string') return parseDollarsToCents(dollars);
  return null;
}

/** An instant stored as ISO text, or null. */
function instant(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'Fri, Nov 27, 3:00 p.m. PT' (the one format, @rebound/core/shop-clock), or null. */
export function longDateTime(v: unknown): string | null {
  const d = instant(v);
  return d ? formatShopDateTime(d) : null;
}

/** The same 'Fri, Nov 27, 3:00 p.m. PT' (lists, texts), or null. */
export function shortDateTime(v: unknown): string | null {
  return longDateTime(v);
}

/** '3:00 p.m. PT', or null. */
export function timeOfDay(v: unknown): string | null {
  const d = instant(v);
  return d ? formatShopTime(d) : null;
}

/**
 * An absolute link on the site from a path ('/product/x') or a URL on the site's own origin; null
 * for anything else (another site, 'javascript:', '//evil'), so a payload never sends a shopper away.
 */
export function sameSiteUrl(ctx: RenderContext, value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    const base = new URL(ctx.publicUrl);
    if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
      const url = new URL(value, base);
      if (url.origin === base.origin) return `${ctx.publicUrl}${url.pathname}${url.search}${url.hash}`;
    } else if (/^https?:\/\//i.test(value)) {
      const url = new URL(value);
      if (url.origin === base.origin) return url.toString();
    }
  } catch {
    // Not a URL.
  }
  return null;
}

/** The first value that makes a site link (e.g. the lotUrl, then the targetUrl), else the fallback path. */
export function siteUrl(ctx: RenderContext, values: unknown[], fallback = '/notifications'): string {
  for (const value of values) {
    const url = sameSiteUrl(ctx, value);
    if (url) return url;
  }
  return `${ctx.publicUrl}${fallback}`;
}

/** The in-app message, the generic text of every channel. */
export function messageOf(p: { message?: string | null | undefined }): string {
  return str(p.message, 1000) ?? 'You have a new notification from Rebound.';
}

/** An SMS: the brand, the words and the link, kept short (one or two segments). */
export function sms(words: string, url: string): string {
  const room = 300 - url.length;
  const text = words.length > room ? `${words.slice(0, Math.max(room - 1, 20))}…` : words;
  return `Rebound: ${text} ${url}`;
}
