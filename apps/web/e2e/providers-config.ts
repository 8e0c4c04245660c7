import { BASE_PORT } from './servers';

/**
 * The fake SMS, WhatsApp and Razorpay providers the journeys' servers send to (apps/web/e2e/providers.ts,
 * started by playwright.config.ts beside the servers): their ports, the credentials a school's
 * accounts carry, the templates they know (registered DLT templates, approved WhatsApp ones).
 */
export const PROVIDERS = {
  msg91Port: BASE_PORT + 40,
  whatsappPort: BASE_PORT + 41,
  /** What the fakes got, and reports they post on a journey's request. */
  controlPort: BASE_PORT + 42,
  /** The fake Razorpay API, and the origin its fake Checkout script is served from (issue 25). */
  razorpayPort: BASE_PORT + 43,
  checkoutPort: BASE_PORT + 44,
  razorpay: { keyId: 'rzp_test_JourneySchool01', keySecret: 'journey-razorpay-key-secret', webhookSecret: 'journey-razorpay-webhook-secret' },
  msg91AuthKey: 'journey-msg91-key-0001',
  whatsapp: { phoneNumberId: '109876543210', accessToken: 'journey-wa-token', appSecret: 'journey-wa-app-secret', verifyToken: 'journey-wa-verify' },
  /** SECRETS_KEY of the journeys' servers: 32 bytes, base64 (a test key, never a real one). */
  secretsKey: Buffer.alloc(32, 7).toString('base64'),
} as const;

/**
 * The DLT templates the fake MSG91 knows, by MSG91's template id. A school's message (kind
 * `message`) is spread over the template's variables of 30 characters each: five hold 150.
 */
export const MSG91_TEMPLATES = {
  absent_en: { dltTemplateId: '1107170000000000001', header: 'SHALAS', body: 'Dear parent, ##var1## was absent on ##var2##. - ##var3##' },
  absent_hi: { dltTemplateId: '1107170000000000002', header: 'SHALAS', body: 'प्रिय अभिभावक, ##var1## ##var2## को अनुपस्थित रहे। - ##var3##' },
  message_en: { dltTemplateId: '1107170000000000003', header: 'SHALAS', body: '##var1####var2####var3####var4####var5## - ##var6##' },
} as const;

/** The WhatsApp templates Meta approved, by `name:language` (a message in the reader's language: both). */
export const WHATSAPP_TEMPLATES = {
  'absence_alert:en': '{{1}} was absent on {{2}}. - {{3}}',
  'absence_alert:hi': '{{1}} {{2}} को अनुपस्थित रहे। - {{3}}',
  'school_message:en': '{{1}}: {{2}}',
  'school_message:hi': '{{1}}: {{2}}',
} as const;

/** A DLT template's text as a school registers it: its variables as `{#var#}`. */
const dltText = (key: keyof typeof MSG91_TEMPLATES) => MSG91_TEMPLATES[key].body.replace(/##var\d##/g, '{#var#}');

/** A school's SMS account on the fake MSG91 with its absence templates in English and Hindi (`PUT /api/school/messaging/sms`). */
export const ABSENCE_SMS_ACCOUNT = {
  entityId: '1201159000000000001',
  header: 'SHALAS',
  authKey: PROVIDERS.msg91AuthKey,
  templates: [
    { kind: 'absence', templateId: MSG91_TEMPLATES.absent_en.dltTemplateId, providerTemplateId: 'absent_en', text: dltText('absent_en'), params: ['child', 'date', 'school'] },
    { kind: 'absence:hi', templateId: MSG91_TEMPLATES.absent_hi.dltTemplateId, providerTemplateId: 'absent_hi', text: dltText('absent_hi'), params: ['child', 'date', 'school'] },
  ],
};
