import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.js';
import { sha256 } from './crypto.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an id gets a signed cookie naming that id; its later sign-ins to that id count
 * failures in that device's own budget, so a school's network locked by a spray from the same
 * address still lets its known devices in. One cookie per id (a family's shared browser keeps
 * the parent's and the child's), sent only to the sign-in route, httpOnly.
 */
export const DEVICE_COOKIE_DAYS = 180;
const SIGNIN_PATH = '/api/signin';

/** The signing key: DEVICE_COOKIE_SECRET (several nodes share it), else made once in DATA_DIR. */
export function deviceSecret(config: Config): string {
  if (config.DEVICE_COOKIE_SECRET) return config.DEVICE_COOKIE_SECRET;
  const file = path.join(config.dataDir, 'device-cookie.key');
  const read = () => {
    try {
      const key = fs.readFileSync(file, 'utf8').trim();
      return key.length >= 32 ? key : null;
    } catch {
      return null;
    }
  };
  const found = read();
  if (found) return found;
  const made = randomBytes(32).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': a node starting at the same moment on the same directory keeps the first file.
    fs.writeFileSync(file, made, { mode: 0o600, flag: 'wx' });
    return made;
  } catch (err) {
    const other = (err as NodeJS.ErrnoException).code === 'EEXIST' ? read() : null;
    if (other) return other;
    throw err;
  }
}

export interface DeviceCookies {
  /** The device's nonce when the request carries a valid device cookie for this login id, else null. */
  trusted(headers: IncomingHttpHeaders, loginId: unknown): string | null;
  /** The Set-Cookie value for a successful sign-in to this login id. */
  issue(loginId: string, secure: boolean): string;
}

const normal = (loginId: string) => loginId.trim().toLowerCase();
const nameOf = (loginId: string) => `shala_device_${sha256(normal(loginId)).slice(0, 16)}`;

export function createDeviceCookies(secret: string): DeviceCookies {
  const sign = (loginId: string, nonce: string) => createHmac('sha256', secret).update(`${normal(loginId)}|${nonce}`).digest('base64url');
  return {
    trusted(headers, loginId) {
      if (typeof loginId !== 'string' || !headers.cookie) return null;
      const prefix = `${nameOf(loginId)}=`;
      const raw = headers.cookie
        .split(';')
        .map((c) => c.trim())
        .find((c) => c.startsWith(prefix))
        ?.slice(prefix.length);
      const [nonce, sig, extra] = raw?.split('.') ?? [];
      if (!nonce || !sig || extra !== undefined || !/^[\w-]{16,64}$/.test(nonce)) return null;
      const want = Buffer.from(sign(loginId, nonce));
      const got = Buffer.from(sig);
      return got.length === want.length && timingSafeEqual(got, want) ? nonce : null;
    },
    issue(loginId, secure) {
      const nonce = randomBytes(16).toString('base64url');
      return [
        `${nameOf(loginId)}=${nonce}.${sign(loginId, nonce)}`,
        `Path=${SIGNIN_PATH}`,
        `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}
