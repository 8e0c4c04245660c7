import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { REALTIME_EVENTS, type Notification, type NotificationKind, type NotificationPage, type NotificationParams, type NotificationLanguage, type PageQuery } from '@shala/contract';
import type { Caller, Deps, Outbox } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { prepared } from '../../db/prepared.js';
import { noRealtime } from '../../realtime/index.js';
import { now } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';

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

export { renderNotification } from '../../texts/notifications.js';

/**
 * How notifications reach people: live to open tabs, and through the outbox by Web Push to closed
 * ones and by SMS, WhatsApp or mail where they chose it (the deliveries queued with them are sent
 * once the transaction commits).
 */
export type Delivery = Pick<Deps, 'realtime'> & { outbox?: Outbox };

/**
 * Tells each recipient live, and queues their deliveries in `db` (sent once it commits);
 * `message`: a message the school wrote, on the channels it chose.
 */
async function deliver(deps: Delivery, db: DbOrTx, rows: Row[], message?: { id: string; channels: readonly string[] }): Promise<Notification[]> {
  const out = rows.map(present);
  if (deps.outbox) {
    const queued = await deps.outbox.queue(db, rows, message);
    if (queued.phone || queued.instant) deps.outbox.nudge(queued);
  }
  rows.forEach((row, i) => deps.realtime.toUser(row.userId, REALTIME_EVENTS.notification, out[i]));
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
    outbox: deps.outbox && { queue: deps.outbox.queue, nudge: (queued) => void held.push(() => deps.outbox?.nudge(queued)) },
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
  input: Omit<AudienceNotification, 'audience'> & { roles: readonly number[]; exceptUserId?: string },
): Promise<number> {
  if (input.roles.length === 0) return 0;
  const audience = sql`select ${users.id} as user_id from ${users} where ${and(
    eq(users.schoolId, input.schoolId),
    eq(users.status, true),
    inArray(users.roleId, [...input.roles]),
    input.exceptUserId ? ne(users.id, input.exceptUserId) : undefined,
  )}`;
  return (await notifyAudience(deps, db, { ...input, audience })).length;
}

/** A notification to everyone an SQL query names (its rows: `user_id`, people of the school). */
export interface AudienceNotification extends Omit<NewNotification, 'schoolId' | 'userId'> {
  schoolId: string;
  audience: SQL;
  /** A message the school wrote: its id and the channels it chose beyond the bell. */
  fromMessage?: { id: string; channels: readonly string[] };
}

/**
 * Notifies an audience (a role of a school, a class's parents, a message's recipients) in one
 * INSERT … SELECT whatever its size, queues the deliveries to phones, then tells each live.
 */
export async function notifyAudience(deps: Delivery, db: DbOrTx, input: AudienceNotification): Promise<Notification[]> {
  const at = now().toISOString();
  const inserted = await db.execute(sql`
    insert into ${notifications} (school_id, user_id, sender_id, sender_name, message, created_at, kind, link, params)
    select ${input.schoolId}::uuid, a.user_id, ${input.senderId}::uuid, ${input.senderName}::text, ${input.message ?? ''}::text, ${at}::timestamptz,
      ${input.kind ?? 'other'}::text, ${input.link ?? null}::text, ${JSON.stringify(input.params ?? {})}::jsonb
    from (${input.audience}) a
    returning *`);
  const rows = rowsOf<Record<string, unknown>>(inserted).map(rowOf);
  return deliver(deps, db, rows, input.fromMessage);
}

/** A raw statement's notification row as drizzle would map it. */
function rowOf(r: Record<string, unknown>): Row {
  return {
    id: r.id as string,
    schoolId: r.school_id as string | null,
    userId: r.user_id as string,
    senderId: r.sender_id as string | null,
    senderName: r.sender_name as string,
    message: r.message as string,
    createdAt: new Date(r.created_at as string),
    readAt: r.read_at ? new Date(r.read_at as string) : null,
    kind: r.kind as string,
    link: r.link as string | null,
    params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, string | number>,
  };
}

/** Stores the language the caller reads (the web's picker): Web Push to the caller is written in it. */
export async function setLanguage(deps: Deps, caller: Caller, language: NotificationLanguage): Promise<void> {
  await tenantDb(deps, scopeOf(caller)).update(users).set({ lang: language }).where(eq(users.id, caller.userId));
}
