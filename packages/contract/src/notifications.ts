import { z } from 'zod';
import { pageOf } from './envelope.js';
import { NOTIFICATION_KINDS, NOTIFICATION_LANGUAGES, type NotificationParams } from './notification-kinds.js';

/** A notification's params (what its text is made of: notification-kinds.ts). */
export const notificationParams: z.ZodType<NotificationParams> = z.record(z.string(), z.union([z.string(), z.number()]));

/** Notification of spec section 3: sender, name, message, timestamp. */
export const notification = z.object({
  id: z.uuid(),
  senderId: z.uuid().nullable(),
  fullName: z.string(),
  /** The sender's own words (a chat message, a notice's title); '' for a templated kind. */
  message: z.string(),
  params: notificationParams,
  timestamp: z.iso.datetime(),
  read: z.boolean(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Where a click leads (a web path under the app), when not the chat with the sender. */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = pageOf(notification).extend({ unread: z.number().int().nonnegative() });
export type NotificationPage = z.infer<typeof notificationPage>;

/** The language a person's messages are written in (notification-kinds.ts). */
export const notificationLanguageInput = z.object({ language: z.enum(NOTIFICATION_LANGUAGES) });

/** Web Push (issue 10): the server's VAPID public key, and a browser's subscription. */
export const pushKey = z.object({ publicKey: z.string() });
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Not a push key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'Not a push secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;
export const pushUnsubscribeInput = z.object({ endpoint: z.url().max(2000) });
/** What the service worker receives in a push (shown as a system notification). */
export const pushPayload = z.object({ title: z.string(), body: z.string(), link: z.string(), tag: z.string().optional() });
export type PushPayload = z.infer<typeof pushPayload>;
