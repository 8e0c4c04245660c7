import { formatDateFor } from './dates.js';
import { formatRupees } from './money.js';

// What notifications are and how their texts are written, without schemas (the bell on the web's
// way in imports them, contract-web.ts); notifications.ts has the schemas.

/**
 * What a notification is about (the bell's icon and where a click leads): a chat message opens the
 * chat with its sender; the others open their screen (`link`), or the chat with the sender.
 */
export const NOTIFICATION_KINDS = [
  'chat',
  'notice',
  'classwork',
  'absence',
  'fee',
  'fee_due',
  'fee_overdue',
  'holiday',
  'result',
  'result_withdrawn',
  'report_cards',
  'message',
  'messaging_limit',
  'staff_leave',
  'substitution',
  'leave_requested',
  'leave_decided',
  'other',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds whose text the reader's app writes from `params`, in the reader's language (web i18n
 * `notifications.texts.<kind>`, the server's texts/notifications.ts for Web Push). The others
 * (a chat message, a notice's title) carry the sender's own words in `message`.
 */
export const TEMPLATED_KINDS = ['classwork', 'absence', 'fee', 'fee_due', 'fee_overdue', 'holiday', 'result', 'result_withdrawn', 'report_cards', 'messaging_limit', 'staff_leave', 'substitution', 'leave_requested', 'leave_decided'] as const satisfies readonly NotificationKind[];

/**
 * What a notification's text is made of: names, ISO dates (keys ending in `Date` or `date`),
 * amounts in paise (`amount`), numbers; a name with a Hindi form has it under `<key>Hi`. A
 * notification stored before these (old "English / Hindi" text) has its two halves as `en` and `hi`.
 */
export type NotificationParams = Record<string, string | number>;

/**
 * A notification's params as its reader sees them, the same on the web and in Web Push: amounts
 * (`amount`, paise) in rupees, days (keys ending in `date`) in the language's one date format, a
 * name's Hindi form (`<key>Hi`) in Hindi.
 */
export function notificationValues(params: NotificationParams, language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('Hi')) continue;
    const hindi = params[`${key}Hi`];
    if (language === 'hi' && hindi !== undefined) out[key] = String(hindi);
    else if (key === 'amount' && typeof value === 'number') out[key] = formatRupees(value);
    else if (/date$/i.test(key) && typeof value === 'string') out[key] = formatDateFor(language, value);
    else out[key] = String(value);
  }
  return out;
}

/**
 * Texts of a kind told apart by its params, and their kind: a holiday of several days; a fee
 * reminder carrying the school's UPI link (`upi`, `vpa`); a UPI reference a parent entered (to the
 * office) and one the office rejected (to the parent), by `upiClaim`.
 */
export const TEXT_VARIANTS = {
  holiday_range: 'holiday',
  fee_due_upi: 'fee_due',
  fee_overdue_upi: 'fee_overdue',
  fee_upi_claimed: 'fee',
  fee_upi_rejected: 'fee',
  staff_leave_approved: 'staff_leave',
  staff_leave_declined: 'staff_leave',
  staff_leave_cancelled: 'staff_leave',
  leave_requested_cancelled: 'leave_requested',
  leave_decided_approved: 'leave_decided',
  leave_decided_declined: 'leave_decided',
} as const satisfies Record<string, (typeof TEMPLATED_KINDS)[number]>;
export type NotificationTextKey = (typeof TEMPLATED_KINDS)[number] | keyof typeof TEXT_VARIANTS;

/** The text of a templated kind to write: its own, or a variant its params call for. */
export function notificationTextKey(kind: (typeof TEMPLATED_KINDS)[number], params: NotificationParams): NotificationTextKey {
  if (kind === 'holiday') return params.endDate !== undefined && params.endDate !== params.startDate ? 'holiday_range' : kind;
  if ((kind === 'fee_due' || kind === 'fee_overdue') && typeof params.upi === 'string') return `${kind}_upi`;
  if (kind === 'fee' && (params.upiClaim === 'claimed' || params.upiClaim === 'rejected')) return `fee_upi_${params.upiClaim}`;
  // Staff leave (issue 42): applied (to the admins, no `status`), then approved, declined or cancelled (to the applicant, or to the admins when it cancels).
  if (kind === 'staff_leave' && (params.status === 'approved' || params.status === 'declined' || params.status === 'cancelled')) return `staff_leave_${params.status}`;
  // Leave asked by parents (issue 43): asked (to the class teacher), cancelled (to the class teacher); approved or declined (to the parent).
  if (kind === 'leave_requested' && params.status === 'cancelled') return 'leave_requested_cancelled';
  if (kind === 'leave_decided' && (params.status === 'approved' || params.status === 'declined')) return `leave_decided_${params.status}`;
  return kind;
}

/** The languages a notification is written in for Web Push and mail (the web's UI languages). */
export const NOTIFICATION_LANGUAGES = ['en', 'hi'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** The language a person's messages are written in: Hindi for `hi`, else English. */
export function notificationLanguageOf(lang: string | null | undefined): NotificationLanguage {
  return lang === 'hi' ? 'hi' : 'en';
}

/** Realtime event the server emits to a user's room when a notification is created. */
export const REALTIME_EVENTS = { notification: 'notification', chatMessage: 'chat:message', chatRead: 'chat:read' } as const;

/** socket.io client settings of spec section 9. */
export const REALTIME_CLIENT = {
  path: '/socket.io',
  transports: ['polling', 'websocket'],
  timeout: 20000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const;
