import { randomBytes } from 'node:crypto';
import { isIndianMobile } from '@shala/contract';
import { SendError, type RawWebhookRequest, type SendOptions } from '../send.js';

/**
 * The one shape of an SMS provider (issue 24). Every SMS to an Indian number follows TRAI's DLT
 * rules: it names the school's registered entity (principal entity id), goes out under a registered
 * 6-character header, and fills a registered content template whose variables (`{#var#}`) are
 * given in order. A message that fits no registered template is not sent: the provider refuses it
 * (`SendError` kind `template`), and `checkDltMessage` refuses the obvious cases before any call.
 *
 * Credentials are passed on every call (the school's own DLT registration, or the platform's), so
 * an adapter holds no secret. Delivery reports come back by webhook; a provider that signs them is
 * checked by its signature, one that does not (MSG91) by a per-school secret token in the webhook's
 * URL (see msg91.ts).
 */

export interface SmsMessage {
  /** E.164, an Indian mobile: `+91XXXXXXXXXX` (the contract's `toIndianMobile`). */
  to: string;
  /** The DLT principal entity id of the school (or the platform). */
  entityId: string;
  /** The DLT header (sender id): 6 letters for a service or transactional message. */
  header: string;
  /** The DLT content template id. */
  templateId: string;
  /**
   * The provider's own id of that registered template, where the provider keeps one (MSG91's
   * `template_id`, which MSG91 has verified against the DLT template, header and entity).
   */
  providerTemplateId?: string;
  /** The whole text as the parent will read it (parts, encoding; Hindi as Unicode). */
  text: string;
  /** The template's variables, in the order the template has them. */
  variables: readonly string[];
}

export interface SmsSent {
  /** The provider's id of this message; its delivery reports name it. */
  providerMessageId: string;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'failed';

export interface DeliveryReport {
  providerMessageId: string;
  status: DeliveryStatus;
  /** The number the report is about (E.164), when the provider says. */
  to?: string;
  /** The provider's reason for a failure, in its words. */
  reason?: string;
  /** When the provider says it happened. */
  at?: Date;
}

export interface SmsAdapter<Credentials> {
  readonly provider: string;
  /** Sends one DLT SMS; throws `SendError` (retryable or not) when it does not go. */
  send(message: SmsMessage, credentials: Credentials, opts?: SendOptions): Promise<SmsSent>;
  /**
   * The secret a delivery report presents, to find whose report it is (the route looks the school
   * up by it, then calls `parseDeliveryReport` with that school's token); null when it has none.
   */
  reportToken(req: RawWebhookRequest): string | null;
  /** The reports in an authentic webhook call; throws `WebhookRejected` (4xx) for any other. */
  parseDeliveryReport(req: RawWebhookRequest, expectedToken: string): DeliveryReport[];
}

/**
 * TRAI's limit on a template variable's value (`{#var#}`): 30 characters. A longer value cannot
 * fit the registered template, so it is refused here rather than by the operator's scrubbing.
 */
export const DLT_VARIABLE_MAX = 30;

/**
 * The fields every DLT message needs, checked before a provider is called: a refused message is a
 * permanent `SendError` (no retry can fix it). Ids are digits (DLT portals issue 19 today; the
 * check leaves room); a header is 6 letters, or 6 digits for a promotional one.
 */
export function checkDltMessage(message: SmsMessage): void {
  if (!isIndianMobile(message.to)) throw new SendError('invalid_number', 'not an Indian mobile number in E.164 (+91 and ten digits)');
  if (!/^\d{6,30}$/.test(message.entityId)) throw new SendError('template', 'the DLT entity id is missing or not digits');
  if (!/^\d{6,30}$/.test(message.templateId)) throw new SendError('template', 'the DLT template id is missing or not digits');
  if (!/^(?:[A-Za-z]{6}|\d{6})$/.test(message.header)) throw new SendError('template', 'the DLT header is not 6 letters (or 6 digits)');
  if (message.text.trim() === '') throw new SendError('template', 'the text is empty');
  const long = message.variables.findIndex((v) => [...v].length > DLT_VARIABLE_MAX);
  if (long >= 0) throw new SendError('template', `variable ${long + 1} is longer than ${DLT_VARIABLE_MAX} characters`);
}

/**
 * A new secret token for a school's delivery-report URL (32 random bytes, base64url): what a
 * provider without signatures presents, and all that tells its reports from forged ones.
 */
export function newReportToken(): string {
  return randomBytes(32).toString('base64url');
}
