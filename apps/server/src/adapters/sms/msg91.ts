import { toIndianMobile } from '@shala/contract';
import { WebhookRejected, isObject, postJson, queryOf, headerOf, sameSecret, transientFailure, SendError, type RawWebhookRequest, type SendOptions } from '../send.js';
import { checkDltMessage, type DeliveryReport, type DeliveryStatus, type SmsAdapter, type SmsMessage, type SmsSent } from './adapter.js';
import { smsParts } from './parts.js';

/*
 * MSG91 (an Indian SMS provider), built against its documentation:
 * - Send SMS via Flow (v5): https://control.msg91.com/apidoc/textsms/send-sms-flow.php
 *   (also https://api.msg91.com/apidoc/textsms/send-sms-flow.php): POST /api/v5/flow/ with the
 *   `authkey` header; the template, `sender`, `unicode`, and `recipients: [{ mobiles, <variables> }]`;
 *   answers `{ "message": "<request id>", "type": "success" }`.
 * - Templates and DLT: https://msg91.com/help/template/how-to-create-flow-id-to-send-sms-via-api and
 *   https://msg91.com/help/dlt-registration-in-india/map-sms-content-template-on-msg91-api-panel
 *   (a school adds its DLT template to MSG91 with the DLT template id, header and content; MSG91
 *   checks them and the entity id, "Verified by DLT", and gives the template its own id).
 * - The DLT template field `DLT_TE_ID`: https://api.msg91.com/apidoc/textsms/send-sms-v1.php and
 *   MSG91's send API samples; errors `{ "type": "error", "message": …, "code": … }` as on that page.
 * - API security (whitelisted IPs, error 418): https://msg91.com/help/api
 * - Delivery reports by webhook: https://msg91.com/help/how-can-i-get-the-delivery-reports-on-my-webhook-url
 *   (version 2: a form post whose `data` is a JSON array of `{ requestId, report: [{ date, number,
 *   status, desc, failedReason }] }`; version 3: one such report as a JSON object; status 1
 *   delivered, 2 failed, 9 NDNC, 16 and 25 rejected, 17 blocked number).
 *
 * Choices where the documentation is unclear or silent:
 * - Template variables: the Flow API takes them by the names the MSG91 template uses. Shala's
 *   variables are ordered (the DLT template's `{#var#}`s), so a school's MSG91 template names them
 *   `##var1##`, `##var2##`, … in that order, and they are sent as `var1`, `var2`, ….
 * - The entity id is not sent: the Flow API has no field for it; MSG91 binds it to the account and
 *   verifies it with each template. `DLT_TE_ID` (the DLT template id) is sent beside MSG91's
 *   `template_id`, as MSG91's other send APIs take it, so a template of another DLT id can be refused.
 * - Error codes of the Flow API are not listed. A refusal is read from HTTP 429 and 5xx first
 *   (retryable), then from the body's code and message: 401/403 or codes 207 (invalid auth key) and
 *   418 (IP not whitelisted) are `auth`, a message about the template, flow, sender, DLT or
 *   variables `template`, code 202 or a message about the mobile number `invalid_number`, anything
 *   else `rejected`. MSG91 may answer a refusal with HTTP 200, so `type` decides, never the status
 *   alone.
 * - Reports are not signed: MSG91 documents no signature or secret for its webhook. So each school's
 *   webhook URL carries a secret token of its own (`/api/hooks/sms/msg91?token=…`, long and random,
 *   compared in constant time); a call without the right token is refused (401). The server logs
 *   paths without query strings (log.ts), so the token does not reach the logs.
 * - Report times (`2024-05-22 10:06:20`) carry no zone; they are read as India's time (+05:30).
 *   Status codes other than those listed are taken as "sent" (still with the operator).
 */

export interface Msg91Credentials {
  /** The MSG91 account's auth key (the school's, or the platform's). */
  authKey: string;
}

const FAILED_CODES = new Set(['2', '9', '16', '17', '25']);

function statusOf(code: string): DeliveryStatus {
  if (code === '1') return 'delivered';
  return FAILED_CODES.has(code) ? 'failed' : 'sent';
}

/** `YYYY-MM-DD HH:MM:SS` in India's time, or undefined. */
function istInstant(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  const at = m ? new Date(`${m[1]}T${m[2]}+05:30`) : undefined;
  return at && Number.isFinite(at.getTime()) ? at : undefined;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** The kind of a refusal MSG91 gave in its body (see the choices above). */
function refusal(status: number, code: string | undefined, message: string): SendError {
  const detail = { status, providerCode: code };
  if (status === 401 || status === 403 || code === '207' || code === '418' || /auth|whitelist/i.test(message)) return new SendError('auth', message, detail);
  // The template's words first: "number of variables" is about the template, not the phone.
  if (/template|flow|sender|dlt|variable/i.test(message)) return new SendError('template', message, detail);
  if (code === '202' || /mobile|number/i.test(message)) return new SendError('invalid_number', message, detail);
  return new SendError('rejected', message, detail);
}

/** One report of version 2's `report` array or version 3's body, under its request id. */
function reportOf(requestId: unknown, entry: Record<string, unknown>): DeliveryReport {
  const id = text(requestId);
  const code = text(entry.status);
  if (!id || !code) throw new WebhookRejected(400, 'a report without a request id or status');
  const status = statusOf(code);
  const number = text(entry.number);
  const to = number === undefined ? null : toIndianMobile(number);
  const reason = status === 'failed' ? text(entry.failedReason) || text(entry.desc) : undefined;
  const at = istInstant(entry.date);
  return { providerMessageId: id, status, ...(to ? { to } : {}), ...(reason ? { reason } : {}), ...(at ? { at } : {}) };
}

/** The reports of a body in version 2 (a form, or JSON, with `data`) or version 3 (one report, or a list). */
function reportsOf(body: string, contentType: string): DeliveryReport[] {
  let payload: unknown;
  try {
    if (contentType.includes('application/x-www-form-urlencoded')) {
      const data = new URLSearchParams(body).get('data');
      if (data === null) throw new Error('no data');
      payload = { data };
    } else {
      payload = JSON.parse(body);
    }
    if (isObject(payload) && typeof payload.data === 'string') payload = JSON.parse(payload.data);
  } catch {
    throw new WebhookRejected(400, 'not a delivery report');
  }
  const items = Array.isArray(payload) ? payload : [payload];
  return items.flatMap((item) => {
    if (!isObject(item)) throw new WebhookRejected(400, 'not a delivery report');
    if (!Array.isArray(item.report)) return [reportOf(item.requestId, item)];
    return item.report.map((entry) => {
      if (!isObject(entry)) throw new WebhookRejected(400, 'not a delivery report');
      return reportOf(item.requestId, entry);
    });
  });
}

/** The MSG91 adapter; `baseUrl` is `SMS_MSG91_URL` (the real API, or a test's fake). */
export function msg91(baseUrl: string): SmsAdapter<Msg91Credentials> {
  const url = new URL('/api/v5/flow/', baseUrl).toString();
  return {
    provider: 'msg91',

    async send(message: SmsMessage, credentials: Msg91Credentials, opts?: SendOptions): Promise<SmsSent> {
      checkDltMessage(message);
      if (!message.providerTemplateId) throw new SendError('template', 'no MSG91 template id for this DLT template');
      if (!credentials.authKey) throw new SendError('auth', 'no MSG91 auth key');
      const recipient: Record<string, string> = { mobiles: message.to.slice(1) };
      message.variables.forEach((value, i) => (recipient[`var${i + 1}`] = value));
      const answer = await postJson(
        url,
        { authkey: credentials.authKey },
        {
          template_id: message.providerTemplateId,
          sender: message.header,
          short_url: '0',
          unicode: smsParts(message.text).encoding === 'ucs2' ? 1 : 0,
          DLT_TE_ID: message.templateId,
          recipients: [recipient],
        },
        opts,
      );
      const body = isObject(answer.json) ? answer.json : {};
      const reason = text(body.message) || answer.text.slice(0, 200) || `HTTP ${answer.status}`;
      const code = text(body.code);
      const transient = transientFailure(answer, reason, code);
      if (transient) throw transient;
      if (answer.status >= 200 && answer.status < 300 && body.type === 'success') {
        const id = text(body.message);
        // An answer without an id is not retried: the SMS may have gone, and sending twice is worse.
        if (!id) throw new SendError('rejected', 'MSG91 answered success without a request id', { status: answer.status });
        return { providerMessageId: id };
      }
      throw refusal(answer.status, code, reason);
    },

    reportToken(req: RawWebhookRequest): string | null {
      return queryOf(req, 'token') ?? null;
    },

    parseDeliveryReport(req: RawWebhookRequest, expectedToken: string): DeliveryReport[] {
      if (!sameSecret(queryOf(req, 'token'), expectedToken)) throw new WebhookRejected(401, 'no valid token');
      const body = typeof req.body === 'string' ? req.body : req.body.toString('utf8');
      return reportsOf(body, (headerOf(req, 'content-type') ?? '').toLowerCase());
    },
  };
}
