import type { Config } from '../config.js';
import { msg91, type Msg91Credentials } from './sms/msg91.js';
import type { SmsAdapter } from './sms/adapter.js';
import { whatsAppCloud } from './whatsapp/cloud.js';

/**
 * The providers that carry messages to parents' phones (issue 24), made once from the
 * configuration: the SMS adapters by name (the `:provider` of `POST /api/hooks/sms/:provider`),
 * and the WhatsApp Cloud client. They hold no credentials: each call is given the school's (or the
 * platform's), opened from the database with `openSecret` (adapters/secrets.ts).
 */
export interface Messaging {
  sms: { msg91: SmsAdapter<Msg91Credentials> };
  whatsapp: WhatsAppCloud;
}

export type WhatsAppCloud = ReturnType<typeof whatsAppCloud>;
export type SmsProvider = keyof Messaging['sms'];

export function createMessaging(config: Pick<Config, 'SMS_MSG91_URL' | 'WHATSAPP_GRAPH_URL'>): Messaging {
  return {
    sms: { msg91: msg91(config.SMS_MSG91_URL) },
    whatsapp: whatsAppCloud(config.WHATSAPP_GRAPH_URL),
  };
}

export { smsParts, type SmsParts } from './sms/parts.js';
export { checkDltMessage, DLT_VARIABLE_MAX, newReportToken, type DeliveryReport, type DeliveryStatus, type SmsAdapter, type SmsMessage, type SmsSent } from './sms/adapter.js';
export type { Msg91Credentials } from './sms/msg91.js';
export {
  parseWhatsAppWebhook,
  whatsAppPhoneNumberIdOf,
  verifyWhatsAppSubscription,
  WHATSAPP_API_VERSION,
  type WhatsAppCredentials,
  type WhatsAppEvents,
  type WhatsAppInbound,
  type WhatsAppStatus,
  type WhatsAppTemplateMessage,
} from './whatsapp/cloud.js';
export { SendError, WebhookRejected, sameSecret, type RawWebhookRequest, type SendFailureKind, type SendOptions } from './send.js';
