import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import { nowMs } from '../clock.js';

/**
 * The second limiter against password spraying: failed sign-ins, failed codes and code requests
 * per client address, across every login id. Only failures count, so a classroom signing in
 * behind one school address is not blocked, while one password tried across many ids is.
 * Counters live in Redis when REDIS_URL is set (shared by every node), else in memory. The key is
 * the address, or `device:<nonce>` for a sign-in from a known device (auth/device.ts).
 */
export interface AddressLimiter {
  /** Throws 429 RATE_LIMITED when the address has used up its window. */
  check(ip: string): Promise<void>;
  /** Counts one failed attempt of the address. */
  fail(ip: string): Promise<void>;
}

export function createAddressLimiter(opts: { max: number; windowMs: number; redis?: Redis }): AddressLimiter {
  const { max, windowMs, redis } = opts;
  const refuse = (retryMs: number) =>
    new AppError('RATE_LIMITED', `Too many attempts from this network. Please try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minutes.`);
  if (redis) {
    const key = (ip: string) => `shala-rl:addr:${ip}`;
    return {
      async check(ip) {
        const [n, ttl] = await Promise.all([redis.get(key(ip)), redis.pttl(key(ip))]);
        if (Number(n ?? 0) >= max) throw refuse(ttl);
      },
      async fail(ip) {
        await redis.set(key(ip), 0, 'PX', windowMs, 'NX');
        await redis.incr(key(ip));
      },
    };
  }
  const counts = new Map<string, { n: number; until: number }>();
  const current = (ip: string, now: number) => {
    const c = counts.get(ip);
    return c && c.until > now ? c : undefined;
  };
  return {
    async check(ip) {
      const now = nowMs();
      const c = current(ip, now);
      if (c && c.n >= max) throw refuse(c.until - now);
    },
    async fail(ip) {
      const now = nowMs();
      if (counts.size > 50_000) for (const [k, v] of counts) if (v.until <= now) counts.delete(k);
      const c = current(ip, now);
      if (c) c.n++;
      else counts.set(ip, { n: 1, until: now + windowMs });
    },
  };
}
