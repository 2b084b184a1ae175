// The portal's service worker: shows the server's push messages and opens their page on a click. The server
// writes each message in the language its subscription was made in: {title, body, url, tag, kind, ...}.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message of a push event, or null when it is not one of the portal's. */
function readMessage(data) {
  if (!data) return null;
  try {
    const message = data.json();
    return typeof message?.title === 'string' && typeof message?.url === 'string' ? message : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

/** Opens the ticket or machine of the notification: the tab already showing it, or a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only the portal's own pages: a message can never send the user elsewhere.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const showing = windows.find((client) => client.url === target.href);
      if (showing) {
        await showing.focus();
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
