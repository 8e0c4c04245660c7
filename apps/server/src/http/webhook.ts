import type { FastifyRequest } from 'fastify';
import { WebhookRejected, type RawWebhookRequest } from '../adapters/http.js';
import { AppError } from '../errors.js';
import type { App } from './types.js';

/**
 * Webhooks: the public routes a provider calls (SMS reports, WhatsApp, Razorpay). Each takes its
 * body as it came, whatever its content type (a signature is over the exact bytes), and trusts a
 * call only when the provider's client has checked its signature or token. Anything else answers
 * 400 `webhook_untrusted`: a public route has no session to refuse, and a 4xx changes nothing, as
 * for any bad input.
 */

/** A provider's call is small: one event, or a few hundred delivery reports at most. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Mounts `routes` in a scope of their own where every body is read as raw bytes. */
export async function registerWebhooks(app: App, routes: (hooks: App) => void): Promise<void> {
  await app.register(async (hooks: App) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    routes(hooks);
  });
}

/** The request as the providers' clients read it: headers, the body's bytes, the query. */
export const rawWebhook = (req: FastifyRequest): RawWebhookRequest => ({
  headers: req.headers as Record<string, string | string[] | undefined>,
  body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
  query: req.query as Record<string, string | string[] | undefined>,
});

/** The answer to a call that is not the provider's (no school of that token, a bad signature, an unreadable body). */
export const webhookUntrusted = (message: string) => new AppError('BAD_REQUEST', message, { reason: 'webhook_untrusted' });

/** Runs a provider client's check: its `WebhookRejected` becomes `webhookUntrusted`. */
export function trusted<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof WebhookRejected) throw webhookUntrusted(err.message);
    throw err;
  }
}
