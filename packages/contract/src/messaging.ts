import { z } from 'zod';
import { attachedFile, storedFileName } from './files.js';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds.js';
import { mobileNumber } from './people.js';
import { text } from './text.js';

/**
 * Messages to people's phones and mail (issue 24). Every notification reaches the bell (and Web
 * Push where a browser subscribed); the channels below carry it further, to a parent who chose
 * them or for an event the school decided needs them. SMS and WhatsApp cost the school money.
 */
export const PAID_CHANNELS = ['sms', 'whatsapp'] as const;
export const MESSAGE_CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const messageChannel = z.enum(MESSAGE_CHANNELS);

/** The kinds a person may choose channels for: every kind of notification but chat and the school's own alerts (the bell and push only). */
export const PREFERENCE_KINDS = NOTIFICATION_KINDS.filter((k) => k !== 'chat' && k !== 'other' && k !== 'messaging_limit') as Exclude<NotificationKind, 'chat' | 'other' | 'messaging_limit'>[];
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/**
 * What a school decides for a kind when a person has not chosen: which channels carry it, and
 * whether it is urgent (sent at night too). Built in: an absence and an overdue fee go by SMS and
 * WhatsApp (the events a school calls a parent about today), the rest by none of the paid channels.
 */
export const DEFAULT_CHANNEL_RULES: Readonly<Record<PreferenceKind, { sms: boolean; whatsapp: boolean; email: boolean; urgent: boolean }>> = Object.fromEntries(
  PREFERENCE_KINDS.map((k) => {
    const paid = k === 'absence' || k === 'fee_overdue';
    return [k, { sms: paid, whatsapp: paid, email: false, urgent: k === 'absence' }];
  }),
) as Record<PreferenceKind, { sms: boolean; whatsapp: boolean; email: boolean; urgent: boolean }>;

/** Night, in the school's time zone, by default: no SMS or WhatsApp between these minutes of the day unless urgent. */
export const DEFAULT_QUIET_HOURS = { from: 21 * 60, to: 7 * 60 } as const;

/** The life of one delivery (a notification on one channel to one person). */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why a delivery was skipped, failed or waits, in Shala's own codes (the report translates each;
 * issue 39): no account or template, too long, no browser subscribed, a push service unreachable,
 * gone or refusing, an unexpected error, a send cut short by a restart; a provider's refusal by its
 * kind, stored as `<kind>: <the provider's words>`; mail refused as `smtp_<code>`. A provider's
 * delivery report keeps the provider's own words.
 */
export const DELIVERY_REASONS = [
  'no_account',
  'no_template',
  'too_long',
  'no_subscription',
  'unreachable',
  'gone',
  'refused',
  'error',
  'interrupted',
  'network',
  'server',
  'rate_limited',
  'invalid_number',
  'template',
  'auth',
  'rejected',
  'smtp',
] as const;
export type DeliveryReason = (typeof DELIVERY_REASONS)[number];

/** A stored reason as its code (null: the provider's own words) and the provider's words, if any. */
export function deliveryReasonOf(reason: string): { code: DeliveryReason | null; detail: string | null } {
  const known = (c: string): c is DeliveryReason => (DELIVERY_REASONS as readonly string[]).includes(c);
  if (known(reason)) return { code: reason, detail: null };
  const smtp = /^smtp_(\d{3})$/.exec(reason);
  if (smtp) return { code: 'smtp', detail: smtp[1]! };
  const kind = /^([a-z_]+): ([\s\S]*)$/.exec(reason);
  if (kind && known(kind[1]!)) return { code: kind[1], detail: kind[2] || null };
  return { code: null, detail: reason };
}

/** A minute of the day (0 … 1439). */
const minuteOfDay = z.number().int().min(0).max(1439);
export const quietHours = z.object({ from: minuteOfDay, to: minuteOfDay });
export type QuietHours = z.infer<typeof quietHours>;

/** One channel of a kind as a person sees it: on or off, and whether that is the person's own choice or the school's rule. */
export const channelState = z.object({ enabled: z.boolean(), chosen: z.boolean() });

/**
 * `GET /api/account/notification-preferences`: how the caller is reached beyond the bell. Per kind
 * and channel the state in force (the caller's choice, else the school's rule); the mobile number
 * and whether it is verified; the mail address; WhatsApp consent; quiet hours (the caller's or the default).
 */
export const notificationPreferences = z.object({
  mobile: z.string().nullable(),
  mobileVerified: z.boolean(),
  /** The address mail goes to (the school keeps it on the person's record); null: none, no mail. */
  email: z.string().nullable(),
  whatsappOptIn: z.boolean(),
  /** The text the WhatsApp consent is given to (its version is recorded with it). */
  whatsappConsentVersion: z.string(),
  quietHours,
  kinds: z.array(
    z.object({
      kind: z.enum(PREFERENCE_KINDS as [PreferenceKind, ...PreferenceKind[]]),
      /** The school marks it urgent: sent at night too. */
      urgent: z.boolean(),
      channels: z.object({ sms: channelState, whatsapp: channelState, email: channelState }),
    }),
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/**
 * `PUT /api/account/notification-preferences`: any of the caller's choices (a channel of a kind on
 * or off; `enabled: null` gives the kind back to the school's rule), WhatsApp consent given or
 * withdrawn, quiet hours (null: the default). What is absent is left as it is.
 */
export const notificationPreferencesInput = z
  .object({
    choices: z
      .array(z.object({ kind: z.enum(PREFERENCE_KINDS as [PreferenceKind, ...PreferenceKind[]]), channel: messageChannel, enabled: z.boolean().nullable() }).strict())
      .max(PREFERENCE_KINDS.length * MESSAGE_CHANNELS.length)
      .optional(),
    whatsappOptIn: z.boolean().optional(),
    quietHours: quietHours.nullable().optional(),
  })
  .strict();
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;

/** The version of the WhatsApp consent text (web i18n `messaging.whatsappConsent`): a new text, a new version. */
export const WHATSAPP_CONSENT_VERSION = 'whatsapp-2026-11';

/** `POST /api/account/mobile`: the number to verify. */
export const mobileInput = z.object({ mobile: mobileNumber }).strict();
/** The code went out (the number as stored, and when the code stops working). */
export const mobileCodeSent = z.object({ mobile: z.string(), expiresAt: z.iso.datetime() });
/** `POST /api/account/mobile/verify`: the six digits received. */
export const mobileVerifyInput = z.object({ code: z.string().regex(/^\d{6}$/) }).strict();
/** How long a code works, and how many wrong tries it takes. */
export const MOBILE_CODE_TTL_MINUTES = 10;
export const MOBILE_CODE_ATTEMPTS = 5;
/** Codes one mobile number gets a day (the school's day), across every account and school (issue 39: SMS pumping). */
export const MOBILE_CODES_PER_NUMBER_DAY = 3;

/** `POST /api/hooks/sms/:provider`: the SMS providers Shala speaks to. */
export const SMS_PROVIDERS = ['msg91'] as const;
export const smsHookParams = z.object({ provider: z.enum(SMS_PROVIDERS) });

// ---------------------------------------------------------------------------------------------
// The composer (principal and system admin: /messages)

/** Channels a message can be sent on beyond the bell (which every recipient gets, and Web Push where a browser subscribed). */
export const COMPOSER_CHANNELS = ['sms', 'whatsapp', 'email'] as const;

/**
 * Who a message goes to: every active person of some roles; the parents (or the students) of some
 * classes (sections); or chosen people of the school.
 */
export const messageAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('roles'), roles: z.array(z.union([z.literal(112), z.literal(113), z.literal(114), z.literal(115), z.literal(116)])).min(1).max(5) }).strict(),
  z.object({ kind: z.literal('classes'), classIds: z.array(z.uuid()).min(1).max(100), who: z.enum(['parents', 'students']) }).strict(),
  z.object({ kind: z.literal('people'), userIds: z.array(z.uuid()).min(1).max(2000) }).strict(),
]);
export type MessageAudience = z.infer<typeof messageAudience>;

/** The longest title and text of a message. */
export const MESSAGE_LIMITS = { title: 120, body: 1000 } as const;

/** `POST /api/school/messages` (and its preview): the text as written, its audience, channels and, optionally, when. */
export const messageInput = z
  .object({
    title: text(MESSAGE_LIMITS.title).min(1, 'Required'),
    body: text(MESSAGE_LIMITS.body, { multiline: true }).min(1, 'Required'),
    audience: messageAudience,
    channels: z.array(z.enum(COMPOSER_CHANNELS)).max(COMPOSER_CHANNELS.length).default([]),
    /** Absent: now. */
    scheduledFor: z.iso.datetime().optional(),
    /**
     * One file the sender uploaded (`/api/fileupload/multi`), not yet attached to anything: it
     * becomes private, served only to the message's recipients and the school's admins.
     */
    attachment: storedFileName.optional(),
  })
  .strict();
export type MessageInput = z.infer<typeof messageInput>;

/** What sending would cost, before it is sent: recipients, and per channel those it reaches, parts and an estimate (mail: no parts, no cost). */
export const messagePreview = z.object({
  recipients: z.number().int().nonnegative(),
  channels: z.array(
    z.object({
      channel: z.enum(COMPOSER_CHANNELS),
      /** Recipients with a verified number (and WhatsApp consent), or a mail address, who have not turned the channel off. */
      reachable: z.number().int().nonnegative(),
      /** SMS: parts of the longest text (English or Hindi template); WhatsApp: 1; mail: 0. */
      parts: z.number().int().nonnegative(),
      /** Whether the school has an account on this channel, its own or the platform's (none: nothing is sent on it; mail: always). */
      account: z.boolean(),
      /** Whether the school has a template for messages on this channel (none: nothing is sent on it). */
      template: z.boolean(),
      /** reachable × parts × the account's price per part, in paise (0 when no price is set). */
      estimatedPaise: z.number().int().nonnegative(),
    }),
  ),
});
export type MessagePreview = z.infer<typeof messagePreview>;

export const MESSAGE_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;

/** A message as its list and page show it, with its deliveries counted by status. */
export const messageSummary = z.object({
  messageId: z.uuid(),
  title: z.string(),
  body: z.string(),
  audience: messageAudience,
  channels: z.array(z.enum(COMPOSER_CHANNELS)),
  status: z.enum(MESSAGE_STATUSES),
  scheduledFor: z.iso.datetime().nullable(),
  senderName: z.string(),
  recipients: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  /** Deliveries by status (`queued`, `sent`, `delivered`, `read`, `failed`, …). */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** The file sent with it, if any. */
  attachment: attachedFile.nullable(),
});
export type MessageSummary = z.infer<typeof messageSummary>;

/**
 * `GET /api/messages/:messageId`: a message as its recipients read it (its notification leads to
 * /inbox/<id>): the text as written, who sent it and when, and the file sent with it.
 */
export const receivedMessage = z.object({
  messageId: z.uuid(),
  title: z.string(),
  body: z.string(),
  senderName: z.string(),
  createdAt: z.iso.datetime(),
  attachment: attachedFile.nullable(),
});
export type ReceivedMessage = z.infer<typeof receivedMessage>;

export const messageParams = z.object({ messageId: z.uuid() });
export const deliveryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(DELIVERY_STATUSES).optional(),
  channel: z.enum(COMPOSER_CHANNELS).optional(),
});

/** One recipient on one channel: who, where it stands, and the provider's reason when it failed. */
export const deliveryRow = z.object({
  deliveryId: z.uuid(),
  userId: z.uuid(),
  fullName: z.string(),
  loginId: z.string(),
  channel: z.enum(COMPOSER_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  reason: z.string().nullable(),
  parts: z.number().int().nonnegative(),
  sentAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

/**
 * `GET /api/school/messages/usage`: per month (the school's time, newest first, the last 12) and
 * channel, what went out; and the codes sent today to verify mobile numbers against the school's
 * daily cap (issue 39).
 */
export const messageUsage = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      channel: z.enum(COMPOSER_CHANNELS),
      /** Deliveries the provider took (sent, delivered or read). */
      sent: z.number().int().nonnegative(),
      failed: z.number().int().nonnegative(),
      /** SMS parts billed (WhatsApp: one a message). */
      parts: z.number().int().nonnegative(),
    }),
  ),
  /** Mobile verification codes sent today (the school's day), and the most a day allows. */
  mobileCodes: z.object({ today: z.number().int().nonnegative(), cap: z.number().int().positive() }),
});
export type MessageUsage = z.infer<typeof messageUsage>;
