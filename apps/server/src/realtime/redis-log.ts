import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../log.js';

/**
 * A Redis client that loses its server retries on its own; without a listener each failed attempt
 * would print "Unhandled error event". One warning per outage, one line when it is back.
 */
export function logRedisErrors(client: Redis, log: FastifyBaseLogger, name: string): Redis {
  let down = false;
  client.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: safeError(err), redis: name }, 'redis unreachable');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: name }, 'redis reachable again');
  });
  return client;
}
