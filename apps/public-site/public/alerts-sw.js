// Chairline's turn-alert service worker: shows the shop's push messages ("You're next at …") and
// brings the customer back to their ticket when they tap one. It handles no fetches: pages and API
// calls go to the network exactly as without it.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload's ticket address, kept only when it is a page of this site. */
function ticketUrl(data) {
  const raw = data && typeof data.url === 'string' ? data.url : '';
  try {
    const url = new URL(raw || self.registration.scope, self.location.origin);
    return url.origin === self.location.origin ? url.href : self.registration.scope;
  } catch {
    return self.registration.scope;
  }
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    const data = event.data.json();
    return data && typeof data === 'object' ? data : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = readPayload(event);
  const title = typeof data.title === 'string' && data.title ? data.title : 'Your turn is coming up';
  const url = ticketUrl(data);
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    // One notification per ticket: a newer alert replaces the older one and still buzzes.
    tag: typeof data.tag === 'string' && data.tag ? data.tag : url,
    renotify: true,
    vibrate: [300, 150, 300],
    data: { url },
  };
  if (typeof data.icon === 'string' && data.icon) options.icon = data.icon;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ticketUrl(event.notification.data);
  event.waitUntil(
    (async () => {
      const target = new URL(url);
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
