import { z } from 'zod';
import { pageOf } from './envelope.js';

/**
 * What a notification is about (the bell's icon and where a click leads): a chat message opens the
 * chat with its sender; the others open their screen (`link`), or the chat with the sender.
 */
export const NOTIFICATION_KINDS = ['chat', 'notice', 'classwork', 'absence', 'fee', 'holiday', 'result', 'result_withdrawn', 'other'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notification of spec section 3: sender, name, message, timestamp. */
export const notification = z.object({
  id: z.uuid(),
  senderId: z.uuid().nullable(),
  fullName: z.string(),
  message: z.string(),
  timestamp: z.iso.datetime(),
  read: z.boolean(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Where a click leads (a web path under the app), when not the chat with the sender. */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = pageOf(notification).extend({ unread: z.number().int().nonnegative() });
export type NotificationPage = z.infer<typeof notificationPage>;

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
