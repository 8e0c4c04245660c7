import { callJson, ProviderUnreachable, type CallOptions, type ProviderAnswer } from './http.js';

export { WebhookRejected, isObject, headerOf, queryOf, sameSecret, retryAfterMs, type RawWebhookRequest, type ProviderAnswer } from './http.js';

/**
 * What the SMS and WhatsApp clients share: the error of a send (retryable or not, with the
 * provider's own words) and the one way they post to a provider. The transport, the rejection of a
 * webhook that is not authentic and the readers of what arrives are every provider client's
 * (adapters/http.ts), re-exported here for messaging's files.
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

/** How long a provider may take to answer a send before it counts as a network failure. */
export const SEND_TIMEOUT_MS = 15_000;

export type SendOptions = CallOptions;

/**
 * POSTs `body` as JSON and reads the answer. A request that gets no answer in time, or no answer
 * at all, throws a retryable `SendError('network')`; every answer, whatever its status, is
 * returned for the provider's client to read (providers put their reasons in the body).
 */
export async function postJson(url: string, headers: Record<string, string>, body: unknown, opts: SendOptions = {}): Promise<ProviderAnswer> {
  try {
    return await callJson('POST', url, headers, body, opts.timeoutMs ?? SEND_TIMEOUT_MS, opts.now);
  } catch (err) {
    if (!(err instanceof ProviderUnreachable)) throw err;
    // The cause's message may quote the URL; it stays on `cause`, which the logs reduce to codes.
    throw Object.assign(new SendError('network', err.message), { cause: err.cause });
  }
}

/** The retryable error of an answer with HTTP 429 or 5xx, else null: every provider means the same by them. */
export function transientFailure(answer: ProviderAnswer, reason: string, providerCode?: string): SendError | null {
  const detail = { status: answer.status, providerCode, retryAfterMs: answer.retryAfterMs };
  if (answer.status === 429) return new SendError('rate_limited', reason, detail);
  if (answer.status >= 500) return new SendError('server', reason, detail);
  return null;
}
