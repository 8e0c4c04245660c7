/**
 * The service worker (src/sw.ts, built to /sms_frontend/sw.js): registered once per tab by the
 * signed-in layout, in production builds only (the dev server has none), never on the login page.
 */
let registration: Promise<ServiceWorkerRegistration | null> | undefined;

export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registration ??= (async () => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
    try {
      const base = import.meta.env.BASE_URL;
      return await navigator.serviceWorker.register(`${base}sw.js`, { scope: base });
    } catch {
      return null;
    }
  })();
  return registration;
}
