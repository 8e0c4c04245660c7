import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors.js';

/**
 * Every argon2 computation of the server goes through here: one setting for every secret
 * (argon2id with the library's defaults, 19 MiB and 2 passes: OWASP's recommended floor), so
 * a generated first password costs as much to check as a chosen one and timing tells nothing.
 */

/** How many argon2 computations ran: tests read it to prove that every branch does the same work. */
export const argonWork = { count: 0 };

/**
 * A cap on concurrent argon2 work for requests (sign-in, codes, password changes), so a burst of
 * attempts queues instead of slowing every other request; beyond the queue the answer is 429.
 */
class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    public concurrency: number,
    public queue: number,
  ) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) {
        throw new AppError('RATE_LIMITED', 'The server is busy checking passwords. Please try again in a moment.');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
const gate = new Gate(2, 64);

/** Sets the cap (from the configuration at start). */
export function configureArgon(opts: { concurrency: number; queue: number }): void {
  gate.concurrency = opts.concurrency;
  gate.queue = opts.queue;
}

function counted<T>(work: () => Promise<T>): Promise<T> {
  argonWork.count++;
  return work();
}

/** Hashes a secret (a password, a one-time code) for a request: through the gate. */
export function hashSecret(secret: string): Promise<string> {
  return gate.run(() => counted(() => hash(secret)));
}

export function verifySecret(hashed: string, secret: string): Promise<boolean> {
  return gate.run(() =>
    counted(async () => {
      try {
        return await verify(hashed, secret);
      } catch {
        return false;
      }
    }),
  );
}

/** A hash to verify against when there is nothing to check, so every branch does the same work. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(16).toString('hex'));
  return dummy;
}

/**
 * Hashes many generated passwords (bulk import, new accounts) with the full setting, a bounded
 * number at a time, outside the request gate so an import does not fill the sign-in queue.
 */
export async function hashMany(secrets: string[], concurrency = 2): Promise<string[]> {
  const out = new Array<string>(secrets.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < secrets.length; i = next++) out[i] = await counted(() => hash(secrets[i]!));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, secrets.length) }, worker));
  return out;
}

/** Hashes one generated first password (same setting as every other secret). */
export async function hashGenerated(secret: string): Promise<string> {
  const [h] = await hashMany([secret], 1);
  return h!;
}

/** A hash made with an older, lighter setting (generated first passwords before issue 6). */
export function isLightHash(hashed: string): boolean {
  return !hashed.includes('m=19456,t=2');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function newOtp(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** A readable first password: 10 characters from an alphabet without look-alikes. */
export function newPassword(length = 10): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}
