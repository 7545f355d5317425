// What the Mail menu and /notifications show and where they lead.

/**
 * Where a notification leads: its target_url when that is a path inside the site, else /shop (the
 * fallback). Anything else ('//evil.example', 'javascript:…', a full URL) is never followed.
 */
export function notificationHref(targetUrl: string | null): string {
  if (!targetUrl?.startsWith('/') || targetUrl.startsWith('//') || targetUrl.includes('\\')) {
    return '/shop';
  }
  return targetUrl;
}

/** The badge's words: nothing at 0, '9+' above 9. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
