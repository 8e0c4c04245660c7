import type { Redis } from 'ioredis';
import type { Deps } from '../../context.js';
import { ping } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { asPlatform } from '../../db/scope.js';

/** A part that does not answer within this is down: a load balancer's probe must not hang. */
export const READY_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Readiness: the database answers a query, and Redis a PING where REDIS_URL is set. A part that
 * fails or is slow answers 503 UNAVAILABLE (reason `not_ready`) naming it, so a load balancer
 * sends this node no traffic until it answers again.
 */
export async function readiness(deps: Deps, redis: Redis | undefined, timeoutMs = READY_TIMEOUT_MS) {
  const checks: Array<[string, Promise<unknown>]> = [['database', ping(asPlatform(deps))]];
  if (redis) checks.push(['redis', redis.ping()]);
  const results = await Promise.allSettled(checks.map(([, check]) => within(check, timeoutMs)));
  const failed = checks.filter((_, i) => results[i]!.status === 'rejected').map(([name]) => name);
  if (failed.length) {
    deps.log.warn({ failed }, 'not ready');
    throw new AppError('UNAVAILABLE', `Not ready: ${failed.join(', ')} not answering.`, { reason: 'not_ready', params: { failed: failed.join(', ') } });
  }
  return { status: 'ok' as const, database: 'ok' as const, ...(redis ? { redis: 'ok' as const } : {}) };
}
