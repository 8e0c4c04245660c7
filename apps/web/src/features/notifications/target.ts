import { canOpen, type Notification, type Role } from '@shala/contract';

/**
 * Where a notification click leads: its own link (a notice, class work), else the chat with its
 * sender when the reader's role has a chat (spec section 2), else nowhere.
 */
export function notificationTarget(item: Pick<Notification, 'link' | 'senderId' | 'fullName'>, role: Role | null): string | null {
  if (item.link) return item.link;
  if (!item.senderId || !canOpen(role, '/chat')) return null;
  return `/chat?${new URLSearchParams({ teacherId: item.senderId, UserName: item.fullName }).toString()}`;
}
