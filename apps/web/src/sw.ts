/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The app's service worker (scope /sms_frontend/): the app shell precached, an offline page for a
 * navigation the network cannot answer, and Web Push shown as system notifications whose click
 * opens the app at the notification's link.
 */
declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

const OFFLINE_PAGE = 'offline.html';

// Pages come from the network (they need the API anyway); without one, the offline page.
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

interface Payload {
  title: string;
  body: string;
  link: string;
  tag?: string;
}

function parse(data: PushMessageData | null): Payload {
  try {
    const p = data?.json() as Partial<Payload> | undefined;
    if (p && typeof p.title === 'string' && typeof p.body === 'string') {
      return { title: p.title, body: p.body, link: typeof p.link === 'string' ? p.link : '/', tag: typeof p.tag === 'string' ? p.tag : undefined };
    }
  } catch {
    /* not JSON: a generic notice */
  }
  return { title: 'Shala', body: '', link: '/notifications' };
}

/** A web path of the app (`/chat?…`) as a URL under the scope; anything else: the app's start. */
function appUrl(link: unknown): string {
  const scope = new URL(self.registration.scope);
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return scope.href;
  const url = new URL(link.slice(1), scope);
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname) ? url.href : scope.href;
}

self.addEventListener('push', (event) => {
  const p = parse(event.data);
  event.waitUntil(
    self.registration.showNotification(p.title, {
      body: p.body,
      tag: p.tag,
      data: { link: p.link },
      icon: new URL('pwa-192x192.png', self.registration.scope).href,
      badge: new URL('badge-96x96.png', self.registration.scope).href,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = appUrl((event.notification.data as { link?: unknown } | null)?.link);
  event.waitUntil(
    (async () => {
      const scope = new URL(self.registration.scope).pathname;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = windows.find((w) => new URL(w.url).pathname.startsWith(scope));
      if (tab) {
        const focused = await tab.focus();
        try {
          await focused.navigate(target);
          return;
        } catch {
          /* an uncontrolled tab cannot be navigated: open a window */
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
