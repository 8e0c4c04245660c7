import { call } from '../../api/client';
import { registerServiceWorker } from './register-sw';

/**
 * This browser's Web Push state and the steps between them:
 * - unsupported: no service worker or push in this browser;
 * - install: an iPhone or iPad outside the home screen (Safari allows push to installed apps only);
 * - blocked: the user (or the browser) denied notifications for the site;
 * - off / on: whether this browser is subscribed.
 */
export type PushState = 'unsupported' | 'install' | 'blocked' | 'off' | 'on';

function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export async function pushState(): Promise<PushState> {
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!supported) return isAppleMobile() && !isStandalone() ? 'install' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registerServiceWorker();
  if (!reg) return 'unsupported';
  const sub = await reg.pushManager.getSubscription();
  if (sub && Notification.permission === 'granted') return 'on';
  // A server with push turned off (PUSH=off) has no key to subscribe with.
  return serverKey().then(
    () => 'off',
    () => 'unsupported',
  );
}

let key: Promise<string> | undefined;
/** The server's VAPID public key, asked once per tab. */
function serverKey(): Promise<string> {
  key ??= call('pushKey').then((r) => r.publicKey);
  key.catch(() => (key = undefined));
  return key;
}

/** The VAPID key (URL-safe base64) as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Asks for permission, subscribes this browser and tells the server. */
export async function turnOnPush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registerServiceWorker();
  if (!reg) return 'unsupported';
  const ready = await navigator.serviceWorker.ready;
  const publicKey = await serverKey();
  const sub =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON();
  await call('pushSubscribe', { body: { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } } });
  return 'on';
}

/** Forgets this browser on the server and in the browser. */
export async function turnOffPush(): Promise<PushState> {
  const reg = await registerServiceWorker();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await call('pushUnsubscribe', { body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return 'off';
}

/**
 * On sign-out: this browser stops receiving the user's alerts (a shared family phone), on the
 * server and in the browser. Never blocks sign-out for long, never throws.
 */
export async function forgetThisBrowser(): Promise<void> {
  const forget = (async () => {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sub = await reg?.pushManager?.getSubscription();
    if (!sub) return;
    await call('pushUnsubscribe', { body: { endpoint: sub.endpoint } }).catch(() => undefined);
    await sub.unsubscribe();
  })().catch(() => undefined);
  await Promise.race([forget, new Promise((resolve) => setTimeout(resolve, 2000))]);
}
