import { createHash, timingSafeEqual } from 'node:crypto';
import { now as clockNow } from '../clock.js';

/**
 * What the SMS and WhatsApp clients share: the error of a send (retryable or not, with the
 * provider's own words), the rejection of a webhook that is not authentic, and the one way they
 * call a provider (JSON over fetch, bounded in time).
 */

/** Why a send failed; the first three are worth retrying later, the rest never. */
export type SendFailureKind =
  | 'network' // no answer: refused, reset, DNS, timeout
  | 'server' // the provider's 5xx, or its "temporarily unavailable"
  | 'rate_limited' // 429, or the provider's throughput code
  | 'invalid_number' // not a number the provider can reach
  | 'template' // the registered template refuses these fields or variables
  | 'auth' // the credentials were refused
  | 'rejected'; // any other refusal

const RETRYABLE: ReadonlySet<SendFailureKind> = new Set(['network', 'server', 'rate_limited']);

/**
 * A send that did not go through. `retryable` says whether the job queue should try again
 * (after `retryAfterMs` when the provider said); `reason` is the provider's text, for the
 * delivery report ("failed, with the provider's reason").
 */
export class SendError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly kind: SendFailureKind,
    readonly reason: string,
    readonly detail: { status?: number; providerCode?: string; retryAfterMs?: number } = {},
  ) {
    super(`${kind}: ${reason}`);
    this.name = 'SendError';
    this.retryable = RETRYABLE.has(kind);
  }
  get retryAfterMs(): number | undefined {
    return this.detail.retryAfterMs;
  }
}

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

/** A `Retry-After` value (seconds, or an HTTP date against `now`) in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now.getTime()) : undefined;
}

/** How long a provider may take to answer a send before it counts as a network failure. */
export const SEND_TIMEOUT_MS = 15_000;

export interface SendOptions {
  /** Defaults to SEND_TIMEOUT_MS. */
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
 * POSTs `body` as JSON and reads the answer. A request that gets no answer in time, or no answer
 * at all, throws a retryable `SendError('network')`; every answer, whatever its status, is
 * returned for the provider's client to read (providers put their reasons in the body).
 */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, opts: SendOptions = {}): Promise<ProviderAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(opts.timeoutMs ?? SEND_TIMEOUT_MS),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    // The cause's message may quote the URL; it stays on `cause`, which the logs reduce to codes.
    throw Object.assign(new SendError('network', timedOut ? 'the provider did not answer in time' : 'the provider could not be reached'), { cause: err });
  }
  return { status: res.status, json: parseJson(text), text, retryAfterMs: retryAfterMs(res.headers.get('retry-after'), opts.now ?? clockNow()) };
}

/** `text` as JSON, or null when it is not JSON (a proxy's HTML error page, an empty body). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The retryable error of an answer with HTTP 429 or 5xx, else null: every provider means the same by them. */
export function transientFailure(answer: ProviderAnswer, reason: string, providerCode?: string): SendError | null {
  const detail = { status: answer.status, providerCode, retryAfterMs: answer.retryAfterMs };
  if (answer.status === 429) return new SendError('rate_limited', reason, detail);
  if (answer.status >= 500) return new SendError('server', reason, detail);
  return null;
}
