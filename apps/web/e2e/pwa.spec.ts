import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE, chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, signInAs, tr, type Lang } from './support';

// The installable app and the notifications (issue 10): the manifest and its icons, the service
// worker registered after sign-in (never on the login page) and controlling the page, the offline
// page, the notifications' history in English and Hindi, a click on a notification opening the
// chat with its sender, and the states of "Get alerts on this phone". The other journeys block
// the service worker (playwright.config.ts); these allow it.
test.use({ serviceWorkers: 'allow' });


/** The demo's welcome notification to the teacher, from the principal. */
const WELCOME = 'Welcome to Shala! The new session has started.';
const PRINCIPAL = 'Anita Sharma';
const WELCOME_NAME = new RegExp(WELCOME.replace(/[.!]/g, '\\$&'));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function open(browser: Browser, lang: Lang, width: number, init?: (page: Page) => Promise<void>, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, userAgent });
  const page = await context.newPage();
  if (init) await init(page);
  if (lang === 'hi') {
    await page.goto('./');
    await chooseLanguage(page, 'हिन्दी');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  }
  await signInAs(page, 114);
  return page;
}

test('manifest, service worker after sign-in, offline page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('./');

  // The manifest: linked, valid, its icons reachable.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe(`${BASE}/manifest.webmanifest`);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; icons: Array<{ src: string; sizes: string; purpose?: string }> };
  expect(manifest).toMatchObject({ name: 'Shala', short_name: 'Shala', start_url: `${BASE}/`, scope: `${BASE}/`, display: 'standalone', theme_color: '#4263eb' });
  expect(manifest.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await page.request.get(new URL(icon.src, new URL(href!, page.url())).href);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4263eb');

  // The worker itself: JavaScript, never cached long.
  const sw = await page.request.get(`${BASE}/sw.js`);
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // The login page registers no service worker.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);

  // After sign-in it does, with the app's scope, and controls the page.
  await page.locator('input[autocomplete="username"]').fill('DEMO-T0001');
  await page.locator('input[autocomplete="current-password"]').fill('Shala@2024');
  await page.locator('button[type="submit"]').click();
  await expectPath(page, '/teacherdashboard');
  const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
  expect(new URL(scope).pathname).toBe(`${BASE}/`);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sms_frontend\/sw\.js$/);

  // Offline, a navigation shows the offline page (English and Hindi together).
  await context.setOffline(true);
  await page.goto('notifications');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' })).toBeVisible();
  await shot(page, 'pwa-offline-1280');
  await context.setOffline(false);
  // Back online, the same navigation reaches the app again.
  await expect
    .poll(async () => {
      await page.goto('notifications');
      return page
        .getByRole('heading', { name: tr('en', 'notifications.historyTitle'), level: 1 })
        .waitFor({ timeout: 5000 })
        .then(() => true, () => false);
    }, { timeout: 30_000 })
    .toBe(true);
  await context.close();
});

for (const [lang, width] of [['en', 1280]] as const) {
  test(`notifications: the bell and the history (${lang}, ${width})`, async ({ browser }) => {
    const page = await open(browser, lang, width);
    const tag = `${lang}-${width}`;

    // The bell's panel: the demo's welcome from the principal, the consent, View all, Close.
    await page.getByRole('button', { name: tr(lang, 'notifications.title') }).click();
    const panel = page.getByRole('dialog', { name: tr(lang, 'notifications.title') });
    const welcome = panel.getByRole('button', { name: WELCOME_NAME }).first();
    await expect(welcome).toBeVisible();
    await expect(welcome.getByRole('img', { name: tr(lang, 'notifications.kinds.other') })).toBeVisible();
    await expect(panel.getByTestId('push-consent')).toBeVisible();
    await expect(panel.getByRole('link', { name: tr(lang, 'notifications.viewAll') })).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page, `bell panel (${tag})`);
    await shot(page, `notifications-bell-${tag}`);

    // View all: the history, newest first, with the same items.
    await panel.getByRole('link', { name: tr(lang, 'notifications.viewAll') }).click();
    await expectPath(page, '/notifications');
    await expect(page.getByRole('heading', { name: tr(lang, 'notifications.historyTitle'), level: 1 })).toBeVisible();
    const history = page.getByTestId('notification-history');
    await expect(history.getByText(WELCOME).first()).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page, `notifications history (${tag})`);
    await shot(page, `notifications-history-${tag}`);

    // A click on a notification with a sender opens the chat with the sender.
    await history.getByRole('button', { name: WELCOME_NAME }).first().click();
    await expectPath(page, '/chat');
    const url = new URL(page.url());
    expect(url.searchParams.get('teacherId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(url.searchParams.get('UserName')).toBe(PRINCIPAL);

    // The same from the bell.
    await page.goto('teacherdashboard');
    await page.getByRole('button', { name: tr(lang, 'notifications.title') }).click();
    await page.getByRole('dialog').getByRole('button', { name: WELCOME_NAME }).first().click();
    await expectPath(page, '/chat');
    expect(new URL(page.url()).searchParams.get('teacherId')).toBe(url.searchParams.get('teacherId'));
    await page.context().close();
  });
}

/**
 * A browser's push made predictable: the permission and the subscription are stubbed (a headless
 * Chromium has no push service), the server's routes are real.
 */
function stubPush(opts: { permission?: NotificationPermission; supported?: boolean; endpoint: string }) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  return async (page: Page) => {
    await page.addInitScript(
      ({ permission, supported, endpoint, keys }) => {
        const w = window as unknown as Record<string, unknown>;
        if (!supported) {
          delete w.PushManager;
          return;
        }
        let current: NotificationPermission = permission;
        Object.defineProperty(Notification, 'permission', { get: () => current });
        Notification.requestPermission = async () => (current = current === 'default' ? 'granted' : current);
        const sub = {
          endpoint,
          toJSON: () => ({ endpoint, keys }),
          unsubscribe: async () => {
            w.__sub = null;
            return true;
          },
        };
        PushManager.prototype.getSubscription = async () => (w.__sub as PushSubscription | null) ?? null;
        PushManager.prototype.subscribe = async () => (w.__sub = sub) as unknown as PushSubscription;
      },
      { permission: opts.permission ?? 'default', supported: opts.supported ?? true, endpoint: opts.endpoint, keys },
    );
  };
}

for (const [lang, width] of [['hi', 375]] as const) {
  test(`get alerts on this phone: on, off, blocked, not supported (${lang}, ${width})`, async ({ browser }) => {
    const tag = `${lang}-${width}`;
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(6).toString('hex')}`;
    const page = await open(browser, lang, width, stubPush({ endpoint }));
    await page.goto('notifications');
    const consent = page.getByTestId('push-consent');
    await expect(consent).toHaveAttribute('data-state', 'off');
    await expect(consent.getByText(tr(lang, 'push.offText'))).toBeVisible();
    await shot(page, `push-off-${tag}`);

    // On: permission asked, subscribed, stored by the server.
    await consent.getByRole('button', { name: tr(lang, 'push.turnOn') }).click();
    await expect(consent).toHaveAttribute('data-state', 'on');
    await expect(consent.getByText(tr(lang, 'push.onTitle'))).toBeVisible();
    await shot(page, `push-on-${tag}`);
    // Turn off: both sides.
    await consent.getByRole('button', { name: tr(lang, 'push.turnOff') }).click();
    await expect(consent).toHaveAttribute('data-state', 'off');
    await page.context().close();

    const blocked = await open(browser, lang, width, stubPush({ endpoint, permission: 'denied' }));
    await blocked.goto('notifications');
    await expect(blocked.getByTestId('push-consent')).toHaveAttribute('data-state', 'blocked');
    await expect(blocked.getByText(tr(lang, 'push.blockedText'))).toBeVisible();
    await expectNoOverflow(blocked);
    await shot(blocked, `push-blocked-${tag}`);
    await blocked.context().close();

    const none = await open(browser, lang, width, stubPush({ endpoint, supported: false }));
    await none.goto('notifications');
    await expect(none.getByTestId('push-consent')).toHaveAttribute('data-state', 'unsupported');
    await expect(none.getByText(tr(lang, 'push.unsupportedTitle'))).toBeVisible();
    await shot(none, `push-unsupported-${tag}`);
    await none.context().close();

    // An iPhone's Safari outside the home screen has no push: add the app to the home screen first.
    const iphone = await open(browser, lang, width, stubPush({ endpoint, supported: false }), IPHONE);
    await iphone.goto('notifications');
    await expect(iphone.getByTestId('push-consent')).toHaveAttribute('data-state', 'install');
    await expect(iphone.getByText(tr(lang, 'push.installTitle'))).toBeVisible();
    await expectNoOverflow(iphone);
    await shot(iphone, `push-install-${tag}`);
    await iphone.context().close();
  });
}
