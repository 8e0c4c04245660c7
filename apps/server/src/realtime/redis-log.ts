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
  // Once reconnected, ioredis selects the database and subscribes again to what the client had,
  // without waiting for the answers: a connection that drops again before they come rejects them
  // unhandled, and an unhandled rejection stops Node. Each call's rejection is seen here (a caller
  // that awaits one still gets it); the error listener above has already said Redis is out of reach.
  for (const method of ['select', 'subscribe', 'psubscribe', 'ssubscribe'] as const) {
    const call = client[method] as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const answer = call.apply(client, args);
      answer.catch(() => undefined);
      return answer;
    };
  }
  return client;
}
