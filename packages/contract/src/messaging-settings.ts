import { z } from 'zod';
import { PREFERENCE_KINDS, type PreferenceKind } from './messaging.js';
import { safeString, text } from './text.js';

/**
 * The school's messaging settings (issue 24; the principal's /messagingsettings): its own SMS
 * (MSG91, TRAI DLT) and WhatsApp (Meta Cloud API) accounts, their registered templates, and the
 * school's rules per kind. Secrets are write-only: an answer carries only their hint.
 */

/** The channels a school may have its own provider account for. */
export const ACCOUNT_CHANNELS = ['sms', 'whatsapp'] as const;
export type AccountChannel = (typeof ACCOUNT_CHANNELS)[number];
export const accountChannelParams = z.object({ channel: z.enum(ACCOUNT_CHANNELS) });

/** A template is for a kind of notification, or `otp` (the mobile number's code, SMS only). */
export type TemplateKind = PreferenceKind | 'otp';

/**
 * The values a kind's notifications carry, by name: what a template's params may take (the
 * `{{name}}`s of the kind's text; server test `messaging-settings.test.ts` keeps them in step).
 * Every kind also has `school` (its name) and `message` (a notice's title, a message's text).
 */
const KIND_PARAMS: Record<PreferenceKind, readonly string[]> = {
  notice: [],
  classwork: ['subject', 'title'],
  absence: ['child', 'date'],
  fee: ['amount', 'child', 'receiptNo', 'seq', 'reference', 'reason'],
  fee_due: ['seq', 'amount', 'child', 'dueDate', 'vpa', 'upi'],
  fee_overdue: ['seq', 'amount', 'child', 'dueDate', 'vpa', 'upi'],
  holiday: ['title', 'startDate', 'endDate'],
  result: ['exam'],
  result_withdrawn: ['exam', 'reason'],
  report_cards: ['class'],
  message: [],
  // staff (issue 42): a leave applied or decided (`name` the applicant, `code` its type); a substitution (`className`, `period`, `date`, `absent` the teacher covered)
  staff_leave: ['name', 'code', 'fromDate', 'toDate', 'days', 'status', 'comment'],
  substitution: ['className', 'period', 'date', 'absent'],
  // leave asked by parents (issue 43): `child`, its range, `reason` (a code the text names), `status` of the decision, the teacher's `comment`
  leave_requested: ['child', 'fromDate', 'toDate', 'days', 'reason', 'status'],
  leave_decided: ['child', 'fromDate', 'toDate', 'days', 'status', 'comment'],
};

/** The names a template of this kind may use as params. */
export function templateParamsOf(kind: TemplateKind): readonly string[] {
  return kind === 'otp' ? ['code', 'minutes'] : ['school', 'message', ...KIND_PARAMS[kind]];
}

/** An SMS template's key: the kind (English), or `<kind>:hi` for Hindi readers. */
export const SMS_TEMPLATE_KEYS = [...PREFERENCE_KINDS, 'otp' as const].flatMap((k) => [k, `${k}:hi`]) as [string, ...string[]];
/** The kind of a template key (`absence:hi` → `absence`). */
export const templateKindOf = (key: string): TemplateKind => key.replace(/:hi$/, '') as TemplateKind;

/** Where each `{#var#}` of a DLT template's text goes. */
export const DLT_VARIABLE = '{#var#}';
export const countTemplateVariables = (value: string): number => value.split(DLT_VARIABLE).length - 1;

/** Limits of the settings' fields. */
export const MESSAGING_LIMITS = { templateText: 1000, params: 20, secret: 1000, price: 100_000 } as const;

/** A refinement with our own issue code (the web translates `validation.<code>`). */
const own = (code: string, message: string) => ({ message, params: { code } });
const digits = (max: number) => z.string().trim().min(1, 'Required').max(max).refine((v) => /^\d+$/.test(v), own('digits', 'Use digits only'));
/** A secret: given to store or change it, left out to keep the stored one. */
const secret = safeString().trim().min(8).max(MESSAGING_LIMITS.secret).refine((v) => !/\s/.test(v), own('no_spaces', 'Remove the spaces'));
const paramName = z.string().max(40);
const price = z.number().int().min(0).max(MESSAGING_LIMITS.price).nullable().optional();

/** Each kind at most once in a list of templates (a 400 on the second). */
function eachKindOnce(templates: ReadonlyArray<{ kind: string }>, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  templates.forEach((t, i) => {
    if (seen.has(t.kind)) ctx.addIssue({ code: 'custom', path: [i, 'kind'], ...own('each_once', 'Choose each one only once') });
    seen.add(t.kind);
  });
}

/** Params a kind's notifications carry (a 400 on another name). */
function knownParams(kind: TemplateKind, params: readonly string[], ctx: z.RefinementCtx) {
  const allowed = templateParamsOf(kind);
  params.forEach((p, i) => {
    if (!allowed.includes(p)) ctx.addIssue({ code: 'custom', path: ['params', i], ...own('template_param', `Not a value of this kind: use one of ${allowed.join(', ')}`) });
  });
}

/**
 * A registered DLT template: its DLT id (digits), MSG91's id of it (optional), its text with a
 * `{#var#}` for each param, and the params that fill them, in order.
 */
export const smsTemplate = z
  .object({
    kind: z.enum(SMS_TEMPLATE_KEYS),
    templateId: digits(30),
    providerTemplateId: z
      .string()
      .trim()
      .max(64)
      .refine((v) => /^[A-Za-z0-9_-]*$/.test(v), own('template_id', 'Use letters, digits, - and _'))
      .transform((v) => v || undefined)
      .optional(),
    text: text(MESSAGING_LIMITS.templateText, { multiline: true }).min(1, 'Required'),
    params: z.array(paramName).max(MESSAGING_LIMITS.params),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (countTemplateVariables(t.text) !== t.params.length) {
      ctx.addIssue({ code: 'custom', path: ['params'], ...own('template_vars', 'Give one param for each {#var#} of the text, in order') });
    }
    knownParams(templateKindOf(t.kind), t.params, ctx);
  });
export type SmsTemplateInput = z.infer<typeof smsTemplate>;

/** An approved WhatsApp template for a kind: its name at Meta and the params of its body, in order (the reader's language is sent with it). */
export const whatsAppTemplate = z
  .object({
    kind: z.enum(PREFERENCE_KINDS as [PreferenceKind, ...PreferenceKind[]]),
    name: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(512)
      .refine((v) => /^[a-z0-9_]+$/.test(v), own('template_name', 'Use lower-case letters, digits and _')),
    params: z.array(paramName).max(MESSAGING_LIMITS.params),
  })
  .strict()
  .superRefine((t, ctx) => knownParams(t.kind, t.params, ctx));
export type WhatsAppTemplateInput = z.infer<typeof whatsAppTemplate>;

/**
 * `PUT /api/school/messaging/sms`: the school's MSG91 account. The DLT principal entity id and
 * header, the templates, the price per SMS part (paise, for the composer's estimate), and the auth
 * key: required the first time, left out to keep the stored one.
 */
export const smsAccountInput = z
  .object({
    entityId: digits(30),
    header: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => /^[A-Z]{6}$/.test(v), own('dlt_header', 'Use the 6 letters of the DLT header')),
    templates: z.array(smsTemplate).max(SMS_TEMPLATE_KEYS.length).superRefine(eachKindOnce),
    pricePaisePerPart: price,
    authKey: secret.optional(),
  })
  .strict();
export type SmsAccountInput = z.infer<typeof smsAccountInput>;

/**
 * `PUT /api/school/messaging/whatsapp`: the school's WhatsApp Business number (its phone number
 * id at Meta), approved templates, the price per message (paise), and the secrets: the access
 * token, the app secret (checks Meta's webhook signature) and the webhook's verify token, each
 * required the first time and left out to keep the stored one.
 */
export const whatsAppAccountInput = z
  .object({
    phoneNumberId: digits(30),
    templates: z.array(whatsAppTemplate).max(PREFERENCE_KINDS.length).superRefine(eachKindOnce),
    pricePaise: price,
    accessToken: secret.optional(),
    appSecret: secret.optional(),
    verifyToken: secret.optional(),
  })
  .strict();
export type WhatsAppAccountInput = z.infer<typeof whatsAppAccountInput>;

/** The secrets of each channel's account, as named in its input. */
export const ACCOUNT_SECRETS = { sms: ['authKey'], whatsapp: ['accessToken', 'appSecret', 'verifyToken'] } as const;

/** A stored secret as a screen may show it: `…a1b2` (its end), `…` (set, too short to show any), null (cannot be read: enter it again). */
const hint = z.string().nullable();

/** Whose account a school sends on: its own, the platform's, or none (nothing goes on that channel). */
export const ACCOUNT_SOURCES = ['own', 'platform', 'none'] as const;

/** One kind's rule: its channels when a person has not chosen, and urgent (sent in quiet hours too). */
const channelRuleShape = z.object({ kind: z.enum(PREFERENCE_KINDS as [PreferenceKind, ...PreferenceKind[]]), sms: z.boolean(), whatsapp: z.boolean(), email: z.boolean(), urgent: z.boolean() });
export const channelRule = channelRuleShape.strict();
export type ChannelRule = z.infer<typeof channelRule>;

/** `PUT /api/school/messaging/rules`: the rules of some kinds (the others stay). */
export const channelRulesInput = z.object({ rules: z.array(channelRule).min(1).max(PREFERENCE_KINDS.length).superRefine(eachKindOnce) }).strict();
export type ChannelRulesInput = z.infer<typeof channelRulesInput>;
/** The answer of a rules save: every kind's rule. */
export const channelRuleList = z.array(channelRuleShape);

/**
 * `GET /api/school/messaging/settings`. Per channel whose account the school sends on and, for its
 * own, what is not secret, the secrets' hints, and the webhook URL (whole, on the server's PUBLIC_URL) to give
 * the provider. The SMS webhook URL carries the account's report token, a secret: only the
 * principal gets it (null for a system admin). The rules of every kind.
 */
export const messagingSettings = z.object({
  /** The server has SECRETS_KEY: without it no account can be saved. */
  secretsKey: z.boolean(),
  sms: z.object({
    source: z.enum(ACCOUNT_SOURCES),
    account: z
      .object({
        provider: z.literal('msg91'),
        entityId: z.string(),
        header: z.string(),
        templates: z.array(z.object({ kind: z.string(), templateId: z.string(), providerTemplateId: z.string().optional(), text: z.string(), params: z.array(z.string()) })),
        pricePaisePerPart: z.number().int().nullable(),
        secrets: z.object({ authKey: hint }),
        webhookUrl: z.string().nullable(),
        updatedAt: z.iso.datetime(),
      })
      .nullable(),
  }),
  whatsapp: z.object({
    source: z.enum(ACCOUNT_SOURCES),
    account: z
      .object({
        provider: z.literal('meta'),
        phoneNumberId: z.string(),
        templates: z.array(z.object({ kind: z.string(), name: z.string(), params: z.array(z.string()) })),
        pricePaise: z.number().int().nullable(),
        secrets: z.object({ accessToken: hint, appSecret: hint, verifyToken: hint }),
        webhookUrl: z.string(),
        updatedAt: z.iso.datetime(),
      })
      .nullable(),
  }),
  rules: z.array(channelRuleShape),
});
export type MessagingSettings = z.infer<typeof messagingSettings>;
