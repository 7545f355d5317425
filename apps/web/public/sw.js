// Rebound's service worker: web push only. It caches nothing and never touches page
// requests. A push carries JSON { title, body, url, tag } (apps/server/src/adapters/push/types.ts);
// a click focuses an open Rebound tab on that page, or opens one.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only this site's pages are opened; anything else goes to the notifications page. */
function sameOriginUrl(raw) {
  try {
    const url = new URL(typeof raw === 'string' && raw !== '' ? raw : '/notifications', self.location.origin);
    return url.origin === self.location.origin
      ? url.href
      : new URL('/notifications', self.location.origin).href;
  } catch {
    return new URL('/notifications', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : 'Rebound';
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    data: { url: sameOriginUrl(data.url) },
  };
  // The same tag replaces an earlier notification (a message sent twice shows once).
  if (typeof data.tag === 'string' && data.tag !== '') options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        if ('navigate' in client) {
          try {
            await client.focus();
            await client.navigate(url);
            return;
          } catch {
            // An uncontrolled tab cannot be navigated from here: open a new one instead.
          }
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
