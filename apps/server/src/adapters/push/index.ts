import fs from 'node:fs';
import path from 'node:path';
import { eq, and } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { chatsByRole, type Notification, type PushPayload } from '@shala/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';
import { asPlatform } from '../../db/scope.js';
import { safeError } from '../../log.js';
import { languageOf, renderNotification } from '../../texts/notifications.js';

/**
 * Web Push (issue 10): a notification reaches the user's subscribed browsers with the app closed.
 * Pushes are deliveries (channel `push`) on the deliveries queue (issue 24): queued with the
 * notification, sent at once by the node that made it and, after a restart, by the job. `deliver`
 * sends one push to one subscription and never throws; a gone subscription (404/410) is removed.
 */
export interface Push {
  /** The VAPID public key browsers subscribe with (null: push is off). */
  readonly publicKey: string | null;
  /** Sends one payload to one browser subscription. */
  deliver(sub: PushTarget, payload: PushPayload): Promise<PushResult>;
}

/** A browser's subscription as stored. */
export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of one push: the push service took it; the subscription is gone (removed); the
 * service refused it for good; or it could not be reached or asked to wait (worth another try).
 */
export type PushResult = 'sent' | 'gone' | 'refused' | 'unreachable';

/** For code paths with no push (seed scripts, tests that do not look at it). */
export const noPush: Push = { publicKey: null, deliver: async () => 'refused' };

/** A push service that does not answer in this time is tried again later. */
const TIMEOUT_MS = 10_000;

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Whether a subscription's endpoint is one of the configured push services: the server only ever
 * sends to these (a subscription cannot make it request an arbitrary host).
 */
export function isPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return services.some((service) => {
    if (service.includes('://')) {
      try {
        return new URL(service).origin === url.origin;
      } catch {
        return false;
      }
    }
    if (url.protocol !== 'https:' || url.port !== '') return false;
    if (service.startsWith('*.')) return host.endsWith(service.slice(1)) && host.length > service.length - 1;
    return host === service;
  });
}

/** The VAPID keys: from the environment (several nodes share them), else made once in DATA_DIR. */
export function vapidKeys(config: Config): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const file = path.join(config.dataDir, 'vapid.json');
  const read = (): VapidKeys | null => {
    try {
      const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      return typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string' ? { publicKey: keys.publicKey, privateKey: keys.privateKey } : null;
    } catch {
      return null;
    }
  };
  const found = read();
  if (found) return found;
  const made = webpush.generateVAPIDKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': a node starting at the same moment on the same directory keeps the first file.
    fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
    return made;
  } catch (err) {
    const other = (err as NodeJS.ErrnoException).code === 'EEXIST' ? read() : null;
    if (other) return other;
    throw err;
  }
}

/** The address of MAIL_FROM ("Shala <no-reply@x>") as a VAPID subject. */
function subjectOf(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}

/** What the browser shows: the sender, the text in the recipient's language, and where a click leads. */
export function payloadOf(notification: Notification, roleId: number, lang: string | null = null): PushPayload {
  const chats = notification.senderId !== null && chatsByRole(roleId);
  const link =
    notification.link ??
    (chats ? `/chat?teacherId=${notification.senderId}&UserName=${encodeURIComponent(notification.fullName)}` : '/notifications');
  return { title: notification.fullName || 'Shala', body: renderNotification(notification, languageOf(lang)), link, tag: notification.id };
}

export function createPush(opts: { config: Config; data: Database; log: FastifyBaseLogger }): Push {
  const { config, log } = opts;
  if (!config.PUSH) return noPush;
  const keys = vapidKeys(config);
  const vapidDetails = { subject: subjectOf(config), ...keys };
  const db = asPlatform(opts);

  async function deliver(sub: PushTarget, payload: PushPayload): Promise<PushResult> {
    if (!isPushService(sub.endpoint, config.PUSH_SERVICES)) return 'refused'; // PUSH_SERVICES narrowed since
    let status: number;
    try {
      const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        TTL: config.PUSH_TTL_SECONDS,
        vapidDetails,
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const res = await fetch(sub.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      status = res.status;
    } catch (err) {
      // The endpoint carries a capability token in its path: log the host only.
      log.warn({ err: safeError(err), host: new URL(sub.endpoint).host }, 'push failed');
      return 'unreachable';
    }
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
      return 'gone';
    }
    if (status >= 200 && status < 300) return 'sent';
    log.warn({ status, host: new URL(sub.endpoint).host }, 'push refused');
    return status === 429 || status >= 500 ? 'unreachable' : 'refused';
  }

  return { publicKey: keys.publicKey, deliver };
}
