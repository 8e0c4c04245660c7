import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { REALTIME_EVENTS, type Notification, type NotificationPage, type PageQuery } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

type Row = typeof notifications.$inferSelect;

function present(n: Row): Notification {
  return {
    id: n.id,
    senderId: n.senderId,
    fullName: n.senderName,
    message: n.message,
    timestamp: n.createdAt.toISOString(),
    read: n.readAt !== null,
  };
}

export async function listNotifications(deps: Deps, caller: Caller, page: PageQuery): Promise<NotificationPage> {
  const mine = eq(notifications.userId, caller.userId);
  const [items, [totals]] = await Promise.all([
    deps.db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    deps.db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
      .from(notifications)
      .where(mine),
  ]);
  return {
    items: items.map(present),
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}

export async function markAllRead(deps: Deps, caller: Caller): Promise<void> {
  await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, caller.userId), isNull(notifications.readAt)));
}

export interface NewNotification {
  schoolId: string | null;
  userId: string;
  senderId: string | null;
  senderName: string;
  message: string;
}

/** Stores a notification and pushes it live to the recipient's open tabs on any node. */
export async function notify(deps: Pick<Deps, 'realtime'>, db: DbOrTx, input: NewNotification): Promise<Notification> {
  const [row] = await db.insert(notifications).values(input).returning();
  const n = present(row!);
  deps.realtime.toUser(input.userId, REALTIME_EVENTS.notification, n);
  return n;
}
