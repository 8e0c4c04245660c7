import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The messaging providers' secrets at rest (issue 24): a school's SMS auth key, its WhatsApp
 * token and app secret are sealed with AES-256-GCM under `SECRETS_KEY` before they reach the
 * database, and opened only to call the provider. A sealed value is one string,
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), so a column holds it as text; the version lets a later
 * key or cipher sit beside it. GCM's tag makes any change to the stored string, or a value opened
 * under another key or another context, fail instead of opening to garbage.
 *
 * Without `SECRETS_KEY` nothing is sealed: `sealSecret` throws `SecretsKeyMissing`, and no caller
 * keeps the plain secret instead. Secrets are never shown again once stored; `secretHint` gives
 * what a screen may show ("set, ends in …").
 */

const VERSION = 'v1';
/** 96-bit IVs, the size GCM is defined for; a random one per seal (never reused under one key). */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** The error of a seal or open asked for while `SECRETS_KEY` is unset. */
export class SecretsKeyMissing extends Error {
  constructor() {
    super('SECRETS_KEY is not set: Shala does not store provider secrets without it (set 32 random bytes in base64, e.g. from `openssl rand -base64 32`).');
    this.name = 'SecretsKeyMissing';
  }
}

/** A sealed value that is malformed, was changed, or belongs to another key or context. */
export class SecretUnreadable extends Error {
  constructor(why: string) {
    super(`The stored secret cannot be opened: ${why}.`);
    this.name = 'SecretUnreadable';
  }
}

/**
 * The key from the configuration's `SECRETS_KEY` (base64 of 32 bytes; config.ts checks its form),
 * or null when unset: the callers then refuse to seal or open.
 */
export function secretsKey(configured: string | undefined): Buffer | null {
  if (!configured) return null;
  const key = Buffer.from(configured, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('SECRETS_KEY must be 32 bytes in base64.');
  return key;
}

/**
 * Seals `plain` under `key`. `context` (for example `school:<id>:msg91.authKey`) is authenticated
 * with it, so a sealed value copied to another school's row or another field does not open there.
 */
export function sealSecret(plain: string, key: Buffer | null, context = ''): string {
  if (!key) throw new SecretsKeyMissing();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Opens what `sealSecret` made under the same key and context; anything else throws. */
export function openSecret(sealed: string, key: Buffer | null, context = ''): string {
  if (!key) throw new SecretsKeyMissing();
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretUnreadable('not a sealed value of this version');
  const [iv, tag, body] = parts.slice(1).map((p) => (/^[A-Za-z0-9_-]*$/.test(p) ? Buffer.from(p, 'base64url') : null));
  if (!iv || !tag || !body || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretUnreadable('malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable('changed, or sealed under another key or context');
  }
}

/**
 * What a screen may show of a stored secret: its last 4 characters (`…a1b2`), or nothing of one
 * too short to give any away (a secret of 8 characters or fewer shows only that it is set).
 */
export function secretHint(plain: string): string {
  const chars = [...plain];
  return chars.length > 8 ? `…${chars.slice(-4).join('')}` : '…';
}
