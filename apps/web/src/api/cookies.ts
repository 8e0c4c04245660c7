/** Minimal cookie helpers: SameSite=Strict, path=/ (DESIGN section 5). */

export interface CookieOptions {
  expires?: Date;
}

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Strict'];
  if (options.expires) parts.push(`expires=${options.expires.toUTCString()}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

/** Removes a cookie by giving it an expiry one day in the past (spec section 9). */
export function removeCookie(name: string): void {
  const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Strict; expires=${past.toUTCString()}`;
}
