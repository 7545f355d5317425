/**
 * Where a notification leads: its target_url when that is a path inside the site, else /shop (the
 * spec's fallback). Anything else ('//evil.example', 'javascript:…', a full URL) is never followed.
 */
export function notificationHref(targetUrl: string | null): string {
  if (!targetUrl?.startsWith('/') || targetUrl.startsWith('//') || targetUrl.includes('\\')) {
    return '/shop';
  }
  return targetUrl;
}
