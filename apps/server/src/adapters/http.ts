import { createHash, timingSafeEqual } from 'node:crypto';
import { now as clockNow } from '../clock.js';

/**
 * What the clients of outside providers share (messaging/: SMS and WhatsApp; payments/: the
 * payment gateway): the one way they call a provider (JSON over fetch, bounded in time), the
 * rejection of a webhook that is not authentic, and the small readers of what arrives. Each client
 * turns a provider's answer into its own error (messaging's `SendError`, payments' `GatewayError`).
 */

/**
 * A webhook call that is not the provider's: no or a wrong signature or token (401), or a body
 * that cannot be read (400). The route answers its status and changes nothing.
 */
export class WebhookRejected extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

/** A webhook request as it arrived: the body's exact bytes (signatures are over them). */
export interface RawWebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | string;
  query?: Record<string, string | string[] | undefined>;
}

/** A JSON object (not an array, not null): what providers' bodies are read through. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One header's value (the first, when repeated), its name matched without regard to case. */
export function headerOf(req: Pick<RawWebhookRequest, 'headers'>, name: string): string | undefined {
  const key = Object.keys(req.headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : req.headers[key];
  return Array.isArray(value) ? value[0] : value;
}
/** One query parameter's value (the first, when repeated). */
export function queryOf(req: Pick<RawWebhookRequest, 'query'>, name: string): string | undefined {
  const value = req.query?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a presented secret equals the expected one, in time that does not depend on where they
 * differ or on their lengths (both are hashed first, so `timingSafeEqual` gets equal lengths).
 */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || expected === '') return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * A `Retry-After` value (seconds, or an HTTP date against `now`) in milliseconds; undefined when
 * absent or unreadable. `now` is asked only for a date (by default the server's clock).
 */
export function retryAfterMs(value: string | null | undefined, now: Date | (() => Date) = clockNow): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - (typeof now === 'function' ? now() : now).getTime()) : undefined;
}

export interface CallOptions {
  /** How long the provider may take to answer (each client has its default). */
  timeoutMs?: number;
  /** The instant an HTTP-date `Retry-After` is measured from (tests pass theirs); the server's clock by default. */
  now?: Date;
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or null when the body was not JSON. */
  json: unknown;
  text: string;
  retryAfterMs?: number;
}

/**
 * A call that got no answer: refused, reset, DNS, or none in time (`timedOut`). The cause (whose
 * message may quote the URL) stays on `cause`, which the logs reduce to codes; each client turns
 * this into its own retryable error.
 */
export class ProviderUnreachable extends Error {
  constructor(
    readonly timedOut: boolean,
    cause: unknown,
  ) {
    super(timedOut ? 'the provider did not answer in time' : 'the provider could not be reached', { cause });
    this.name = 'ProviderUnreachable';
  }
}

/**
 * Sends `body` as JSON (none for a GET) and reads the answer, giving up after `timeoutMs`. A
 * request that gets no answer in time, or none at all, throws `ProviderUnreachable`; every answer,
 * whatever its status, is returned for the provider's client to read (providers put their reasons
 * in the body). Redirects are refused: a provider's API does not move, and a redirect could carry
 * the credentials elsewhere.
 */
export async function callJson(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
  now?: Date,
): Promise<ProviderAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method,
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), accept: 'application/json', ...headers },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    throw new ProviderUnreachable(err instanceof DOMException && err.name === 'TimeoutError', err);
  }
  return { status: res.status, json: parseJson(text), text, retryAfterMs: retryAfterMs(res.headers.get('retry-after'), now) };
}

/** `text` as JSON, or null when it is not JSON (a proxy's HTML error page, an empty body). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
