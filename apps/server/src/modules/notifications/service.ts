import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { REALTIME_EVENTS, type Notification, type NotificationKind, type NotificationPage, type NotificationParams, type NotificationLanguage, type PageQuery } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { scopeOf, tenantDb } from '../../policy/index.js';
import { prepared } from '../../db/prepared.js';
import { noRealtime } from '../../realtime/index.js';
import type { Push } from '../../push/index.js';
import type { JobSender } from '../../jobs/queue.js';
import { DELIVERY_JOB, queueDeliveries } from '../messaging/index.js';
import { now } from '../../clock.js';

type Row = typeof notifications.$inferSelect;

function present(n: Row): Notification {
  return {
    id: n.id,
    senderId: n.senderId,
    fullName: n.senderName,
    message: n.message,
    params: n.params,
    timestamp: n.createdAt.toISOString(),
    read: n.readAt !== null,
    kind: n.kind as NotificationKind,
    link: n.link,
  };
}

/**
 * How notifications reach people: live to open tabs, by Web Push to closed ones, and by SMS or
 * WhatsApp where they chose it (`jobs`: the deliveries queued with them are sent by a job).
 */
export type Delivery = Pick<Deps, 'realtime'> & { push?: Push; jobs?: Pick<JobSender, 'send'> };

/** Tells each recipient live and by push, and queues their phone deliveries in `db` (sent once it commits). */
async function deliver(deps: Delivery, db: DbOrTx, rows: Row[]): Promise<Notification[]> {
  const out = rows.map(present);
  if ((await queueDeliveries(db, rows)) > 0) void deps.jobs?.send(DELIVERY_JOB, {});
  rows.forEach((row, i) => deps.realtime.toUser(row.userId, REALTIME_EVENTS.notification, out[i]));
  deps.push?.send(rows.map((row, i) => ({ userId: row.userId, notification: out[i]! })));
  return out;
}

/**
 * Delivery held until `flush()`: notify inside a transaction with `via`, flush after it commits, so
 * nobody is told of what was rolled back.
 */
export function afterCommit(deps: Delivery): { via: Delivery; flush(): void } {
  const held: Array<() => void> = [];
  const via: Delivery = {
    realtime: { ...noRealtime, toUser: (userId, event, payload) => void held.push(() => deps.realtime.toUser(userId, event, payload)) },
    push: { publicKey: deps.push?.publicKey ?? null, send: (items) => void held.push(() => deps.push?.send(items)), idle: async () => {} },
    jobs: { send: async (spec, data) => void held.push(() => void deps.jobs?.send(spec, data)) },
  };
  return { via, flush: () => held.splice(0).forEach((run) => run()) };
}

/** A page of the caller's notifications with the total and unread counts, in one statement. */
export async function listNotifications(deps: Deps, caller: Caller, page: PageQuery): Promise<NotificationPage> {
  const query = prepared(tenantDb(deps, scopeOf(caller)), 'notifications_page', (db, name) => {
    const mine = eq(notifications.userId, sql.placeholder('user'));
    const unread = sql<number>`count(*) filter (where ${notifications.readAt} is null)`;
    return {
      page: db
        .select({ n: notifications, total: sql<number>`count(*) over ()`.mapWith(Number), unread: sql<number>`${unread} over ()`.mapWith(Number) })
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      // A page past the end has no rows to carry the counts: ask for them alone.
      counts: db.select({ total: count(), unread: unread.mapWith(Number) }).from(notifications).where(mine).prepare(`${name}_n`),
    };
  });
  const values = { user: caller.userId, limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const rows = await query.page.execute(values);
  const counts = rows[0] ?? (await query.counts.execute(values))[0];
  return {
    items: rows.map((r) => present(r.n)),
    total: counts?.total ?? 0,
    unread: counts?.unread ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}

export async function markAllRead(deps: Deps, caller: Caller): Promise<void> {
  await tenantDb(deps, scopeOf(caller))
    .update(notifications)
    .set({ readAt: now() })
    .where(and(eq(notifications.userId, caller.userId), isNull(notifications.readAt)));
}

export interface NewNotification {
  schoolId: string | null;
  userId: string;
  senderId: string | null;
  senderName: string;
  kind?: NotificationKind;
  /** The sender's own words (a chat message, a notice's title); none for a templated kind. */
  message?: string;
  /** What a templated kind's text is made of (contract notificationParams). */
  params?: NotificationParams;
  /** Where a click leads (a web path); absent: the chat with the sender. */
  link?: string | null;
}

/** Stores a notification and pushes it live to the recipient's open tabs on any node. */
export async function notify(deps: Delivery, db: DbOrTx, input: NewNotification): Promise<Notification> {
  const rows = await db.insert(notifications).values({ createdAt: now(), message: '', ...input }).returning();
  return (await deliver(deps, db, rows))[0]!;
}

/** Stores many notifications in one statement and pushes each live (an absence alert per parent). */
export async function notifyMany(deps: Delivery, db: DbOrTx, inputs: NewNotification[]): Promise<Notification[]> {
  if (inputs.length === 0) return [];
  const rows = await db.insert(notifications).values(inputs.map((n) => ({ createdAt: now(), message: '', ...n }))).returning();
  return deliver(deps, db, rows);
}

/**
 * Notifies every active user of some roles of a school (a holiday announced to parents), in one
 * INSERT … SELECT whatever the number of users, then pushes each live.
 */
export async function notifyRoles(
  deps: Delivery,
  db: DbOrTx,
  input: {
    schoolId: string;
    roles: readonly number[];
    senderId: string | null;
    senderName: string;
    kind?: NotificationKind;
    message?: string;
    params?: NotificationParams;
    link?: string | null;
    exceptUserId?: string;
  },
): Promise<number> {
  if (input.roles.length === 0) return 0;
  // INSERT … SELECT names every column of the table, in its order: the defaults are spelt out.
  const recipients = db
    .select({
      id: sql<string>`gen_random_uuid()`.as('id'),
      schoolId: users.schoolId,
      userId: users.id,
      senderId: sql<string | null>`${input.senderId}::uuid`.as('sender_id'),
      senderName: sql<string>`${input.senderName}::text`.as('sender_name'),
      message: sql<string>`${input.message ?? ''}::text`.as('message'),
      createdAt: sql<Date>`${now().toISOString()}::timestamptz`.as('created_at'),
      readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
      kind: sql<string>`${input.kind ?? 'other'}::text`.as('kind'),
      link: sql<string | null>`${input.link ?? null}::text`.as('link'),
      params: sql<Record<string, string | number>>`${JSON.stringify(input.params ?? {})}::jsonb`.as('params'),
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, input.schoolId),
        eq(users.status, true),
        inArray(users.roleId, [...input.roles]),
        input.exceptUserId ? ne(users.id, input.exceptUserId) : undefined,
      ),
    );
  const rows = await db.insert(notifications).select(recipients).returning();
  await deliver(deps, db, rows);
  return rows.length;
}

/** Stores the language the caller reads (the web's picker): Web Push to the caller is written in it. */
export async function setLanguage(deps: Deps, caller: Caller, language: NotificationLanguage): Promise<void> {
  await tenantDb(deps, scopeOf(caller)).update(users).set({ lang: language }).where(eq(users.id, caller.userId));
}
