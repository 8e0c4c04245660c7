import { z } from 'zod';
import { pageOf } from './envelope.js';

/** Notification of spec section 3: sender, name, message, timestamp. */
export const notification = z.object({
  id: z.uuid(),
  senderId: z.uuid().nullable(),
  fullName: z.string(),
  message: z.string(),
  timestamp: z.iso.datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = pageOf(notification).extend({ unread: z.number().int().nonnegative() });
export type NotificationPage = z.infer<typeof notificationPage>;

/** Realtime event the server emits to a user's room when a notification is created. */
export const REALTIME_EVENTS = { notification: 'notification' } as const;

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
