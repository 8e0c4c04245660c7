import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIndianMobile, toIndianMobile } from '@shala/contract';
import { SendError, WebhookRejected, headerOf, isObject, postJson, queryOf, sameSecret, transientFailure, type RawWebhookRequest, type SendFailureKind, type SendOptions } from '../send.js';

/*
 * WhatsApp through Meta's WhatsApp Business Cloud API, built against Meta's documentation:
 * - Sending a template message: POST https://graph.facebook.com/<version>/<phone-number-id>/messages
 *   with `Authorization: Bearer <token>` and `{ messaging_product: 'whatsapp', to, type: 'template',
 *   template: { name, language: { code }, components: [{ type: 'body', parameters: [{ type: 'text',
 *   text }] }] } }`; the answer names the message in `messages[0].id` (a `wamid.…`):
 *   https://developers.facebook.com/docs/whatsapp/cloud-api/overview and Meta's own SDK reference,
 *   https://whatsapp.github.io/WhatsApp-Nodejs-SDK/api-reference/messages/template and
 *   https://whatsapp.github.io/WhatsApp-Nodejs-SDK/api-reference/types/TemplateObject
 * - Errors, a Graph error object `{ error: { message, type, code, error_subcode, error_data:
 *   { details }, fbtrace_id } }`, and what each code means:
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 *   (throttling: 4 app calls, 80007 account rate limit, 130429 throughput, 131056 pair rate limit;
 *   131000 something went wrong, 131016 service unavailable, 131057 maintenance, 2 service
 *   temporary; 131026 message undeliverable; 132xxx template errors; 0, 3, 10, 190, 200–299
 *   authorization and permissions).
 * - Webhooks: https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/create-webhook-endpoint
 *   (GET verification: `hub.mode=subscribe`, `hub.verify_token`, answer `hub.challenge`; every POST
 *   signed in `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the payload under the app secret>`)
 *   and https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status/
 *   (statuses sent, delivered, read, failed with `errors`; `timestamp` in Unix seconds).
 *
 * Choices: the Graph version is pinned (below) so Meta's changes reach Shala only when it is raised
 * on purpose. 131048 (spam rate limit: the number's quality is low) is not retried: sending again
 * soon makes it worse. A Graph error with HTTP 429 or 5xx is retried whatever its code.
 */

/** The Graph API version the client calls. */
export const WHATSAPP_API_VERSION = 'v25.0';

export interface WhatsAppCredentials {
  /** The WhatsApp business phone number's id (digits), the school's or the platform's. */
  phoneNumberId: string;
  /** A system user's access token with `whatsapp_business_messaging`. */
  accessToken: string;
}

/** An approved template (utility) in English or Hindi, with its body's parameters in order. */
export interface WhatsAppTemplateMessage {
  /** E.164, an Indian mobile: `+91XXXXXXXXXX`. */
  to: string;
  template: string;
  language: 'en' | 'hi';
  parameters: readonly string[];
}

export interface WhatsAppStatus {
  /** The `wamid.…` the send answered. */
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  /** The recipient (E.164). */
  to?: string;
  /** For a failure: the error's code, title and details. */
  reason?: string;
  /** The business phone number the event is for: the route keeps only its school's. */
  phoneNumberId: string;
}

/** A message a parent sent (a reply of STOP, to record the opt-out). */
export interface WhatsAppInbound {
  providerMessageId: string;
  /** E.164 (`+91…` for an Indian number). */
  from: string;
  text: string;
  at: Date;
  phoneNumberId: string;
}

export interface WhatsAppEvents {
  statuses: WhatsAppStatus[];
  inbound: WhatsAppInbound[];
}

const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);
const SERVER_CODES = new Set([2, 131000, 131016, 131057]);
const AUTH_CODES = new Set([0, 3, 10, 190]);
const NUMBER_CODES = new Set([131026, 131030]);
const TEMPLATE_CODES = new Set([131008, 131009]);

function kindOf(code: number): SendFailureKind {
  if (RATE_LIMIT_CODES.has(code)) return 'rate_limited';
  if (SERVER_CODES.has(code)) return 'server';
  if (AUTH_CODES.has(code) || (code >= 200 && code <= 299)) return 'auth';
  if (NUMBER_CODES.has(code)) return 'invalid_number';
  if (TEMPLATE_CODES.has(code) || (code >= 132000 && code <= 132999)) return 'template';
  return 'rejected';
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The error object's code, message and details as one refusal. */
function graphError(status: number, body: unknown, retryAfterMs: number | undefined): SendError {
  const error = isObject(body) && isObject(body.error) ? body.error : {};
  const code = typeof error.code === 'number' ? error.code : undefined;
  const details = isObject(error.error_data) ? str(error.error_data.details) : undefined;
  const reason = [str(error.message) ?? `HTTP ${status}`, details].filter(Boolean).join(': ');
  const providerCode = code === undefined ? undefined : String(code);
  const transient = transientFailure({ status, json: body, text: '', retryAfterMs }, reason, providerCode);
  if (transient) return transient;
  return new SendError(code === undefined ? 'rejected' : kindOf(code), reason, { status, providerCode, retryAfterMs });
}

/** The Cloud API client; `graphUrl` is `WHATSAPP_GRAPH_URL` (Meta's, or a test's fake). */
export function whatsAppCloud(graphUrl: string) {
  return {
    /** Sends one template message; throws `SendError` (retryable or not) when it does not go. */
    async send(message: WhatsAppTemplateMessage, credentials: WhatsAppCredentials, opts?: SendOptions): Promise<{ providerMessageId: string }> {
      if (!isIndianMobile(message.to)) throw new SendError('invalid_number', 'not an Indian mobile number in E.164 (+91 and ten digits)');
      // The id goes into the URL's path: digits only, so a stored value cannot point it elsewhere.
      if (!/^\d{1,30}$/.test(credentials.phoneNumberId)) throw new SendError('auth', 'the WhatsApp phone number id is not digits');
      if (!credentials.accessToken) throw new SendError('auth', 'no WhatsApp access token');
      const url = new URL(`/${WHATSAPP_API_VERSION}/${credentials.phoneNumberId}/messages`, graphUrl).toString();
      const answer = await postJson(
        url,
        { authorization: `Bearer ${credentials.accessToken}` },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          template: {
            name: message.template,
            language: { code: message.language },
            components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }],
          },
        },
        opts,
      );
      const messages = isObject(answer.json) && Array.isArray(answer.json.messages) ? answer.json.messages : [];
      const id = isObject(messages[0]) ? str(messages[0].id) : undefined;
      if (answer.status >= 200 && answer.status < 300) {
        // Not retried: the message may have gone, and sending twice is worse.
        if (!id) throw new SendError('rejected', 'WhatsApp answered without a message id', { status: answer.status });
        return { providerMessageId: id };
      }
      throw graphError(answer.status, answer.json, answer.retryAfterMs);
    },
  };
}

/**
 * The verification handshake (GET): the challenge to answer as text when `hub.mode` is
 * `subscribe` and `hub.verify_token` is ours; a `WebhookRejected` (403) otherwise.
 */
export function verifyWhatsAppSubscription(req: Pick<RawWebhookRequest, 'query'>, verifyToken: string): string {
  const challenge = queryOf(req, 'hub.challenge');
  if (queryOf(req, 'hub.mode') !== 'subscribe' || !sameSecret(queryOf(req, 'hub.verify_token'), verifyToken) || !challenge) {
    throw new WebhookRejected(403, 'not a verification of this webhook');
  }
  return challenge;
}

/** Whether `X-Hub-Signature-256` is the HMAC-SHA256 of the exact body under the app secret. */
function signedByMeta(req: RawWebhookRequest, appSecret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(headerOf(req, 'x-hub-signature-256')?.trim() ?? '');
  if (!m || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(req.body).digest();
  return timingSafeEqual(Buffer.from(m[1]!, 'hex'), expected);
}

const instant = (seconds: unknown): Date | undefined => {
  const n = typeof seconds === 'string' && /^\d{1,12}$/.test(seconds) ? Number(seconds) : typeof seconds === 'number' ? seconds : NaN;
  return Number.isFinite(n) ? new Date(n * 1000) : undefined;
};

/** `+` and the digits of a WhatsApp id; an Indian number in the contract's one form. */
const e164 = (waId: string): string => toIndianMobile(waId) ?? `+${waId}`;

function statusOf(raw: Record<string, unknown>, phoneNumberId: string): WhatsAppStatus | null {
  const status = raw.status;
  if (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed') return null; // e.g. "deleted": not Shala's
  const id = str(raw.id);
  const at = instant(raw.timestamp);
  if (!id || !at) throw new WebhookRejected(400, 'a status without an id or time');
  const errors = Array.isArray(raw.errors) ? raw.errors.filter(isObject) : [];
  const reason = errors
    .map((e) => [e.code, str(e.title) ?? str(e.message), isObject(e.error_data) ? str(e.error_data.details) : undefined].filter((p) => p !== undefined && p !== '').join(' '))
    .join('; ');
  const to = str(raw.recipient_id);
  return { providerMessageId: id, status, at, phoneNumberId, ...(to ? { to: e164(to) } : {}), ...(reason ? { reason } : {}) };
}

function inboundOf(raw: Record<string, unknown>, phoneNumberId: string): WhatsAppInbound | null {
  // A typed text, or the text of a template's quick-reply button ("Stop").
  const text = raw.type === 'text' && isObject(raw.text) ? str(raw.text.body) : raw.type === 'button' && isObject(raw.button) ? str(raw.button.text) : undefined;
  const id = str(raw.id);
  const from = str(raw.from);
  const at = instant(raw.timestamp);
  if (text === undefined) return null; // media, reactions, …: nothing Shala records
  if (!id || !from || !at) throw new WebhookRejected(400, 'a message without an id, sender or time');
  return { providerMessageId: id, from: e164(from), text, at, phoneNumberId };
}

/**
 * The statuses and inbound texts of a signed webhook POST. Rejects (401) a missing, malformed or
 * wrong signature before reading anything, and (400) a body that is not a WhatsApp webhook.
 * `req.body` must be the exact bytes received: the signature is over them, not over re-serialised
 * JSON (the route reads the body raw). One app's secret signs the events of every number of that
 * app: the route keeps only the events whose `phoneNumberId` is a number of the school (or the
 * platform) whose app secret it passed, so one school's app cannot report on another's messages.
 */
/**
 * The phone number a WhatsApp webhook's body is about (the first change's
 * `metadata.phone_number_id`), read before the signature is checked and only to pick the one
 * account whose app secret may check it (issue 39: one HMAC a request, not one per school); null
 * when the body is not JSON or names none.
 */
export function whatsAppPhoneNumberIdOf(req: RawWebhookRequest): string | null {
  let payload: unknown;
  try {
    payload = JSON.parse(typeof req.body === 'string' ? req.body : req.body.toString('utf8'));
  } catch {
    return null;
  }
  if (!isObject(payload) || !Array.isArray(payload.entry)) return null;
  for (const entry of payload.entry) {
    for (const change of isObject(entry) && Array.isArray(entry.changes) ? entry.changes : []) {
      const id = isObject(change) && isObject(change.value) && isObject(change.value.metadata) ? str(change.value.metadata.phone_number_id) : undefined;
      if (id) return id;
    }
  }
  return null;
}

export function parseWhatsAppWebhook(req: RawWebhookRequest, appSecret: string): WhatsAppEvents {
  if (!signedByMeta(req, appSecret)) throw new WebhookRejected(401, 'no valid X-Hub-Signature-256');
  let payload: unknown;
  try {
    payload = JSON.parse(typeof req.body === 'string' ? req.body : req.body.toString('utf8'));
  } catch {
    throw new WebhookRejected(400, 'not JSON');
  }
  if (!isObject(payload) || payload.object !== 'whatsapp_business_account' || !Array.isArray(payload.entry)) {
    throw new WebhookRejected(400, 'not a WhatsApp Business Account webhook');
  }
  const events: WhatsAppEvents = { statuses: [], inbound: [] };
  for (const entry of payload.entry) {
    const changes = isObject(entry) && Array.isArray(entry.changes) ? entry.changes : [];
    for (const change of changes) {
      if (!isObject(change) || change.field !== 'messages' || !isObject(change.value)) continue; // other fields: not Shala's
      const value = change.value;
      const phoneNumberId = isObject(value.metadata) ? str(value.metadata.phone_number_id) : undefined;
      if (!phoneNumberId) throw new WebhookRejected(400, 'a change without its phone number id');
      for (const s of Array.isArray(value.statuses) ? value.statuses.filter(isObject) : []) {
        const status = statusOf(s, phoneNumberId);
        if (status) events.statuses.push(status);
      }
      for (const m of Array.isArray(value.messages) ? value.messages.filter(isObject) : []) {
        const inbound = inboundOf(m, phoneNumberId);
        if (inbound) events.inbound.push(inbound);
      }
    }
  }
  return events;
}
