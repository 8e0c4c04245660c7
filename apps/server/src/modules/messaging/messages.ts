import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  COMPOSER_CHANNELS,
  ROLE,
  type AttachedFile,
  type DeliveryRow,
  type MessageAudience,
  type MessageInput,
  type MessagePreview,
  type MessageSummary,
  type MessageUsage,
  type PageQuery,
  type ReceivedMessage,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { deliveries, files, messages, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { asPlatform, inTenant, tenantDb } from '../../db/scope.js';
import { messagingPolicy } from '../../policy/messaging.js';
import type { Storage } from '../../adapters/storage/index.js';
import { smsParts } from '../../adapters/messaging.js';
import { now } from '../../clock.js';
import { fullName } from '../users/service.js';
import { attachPrivateUpload } from '../files/service.js';
import { accountFor, fillTemplate } from './accounts.js';
import { reachable, templateVariables, uuids } from './deliveries.js';
import { mobileCodesToday } from './mobile.js';
import { afterCommit, notifyAudience, type Delivery } from '../notifications/service.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Messages the school writes (issue 24, the composer): to roles, classes (their parents or
 * students) or chosen people; every recipient gets it in the bell, and by SMS or WhatsApp where the
 * school chose those channels and the person can be reached there. Sent now or at a set time; the
 * text stays as written. A message to 2,000 parents is two statements: the notifications (INSERT …
 * SELECT of the audience) and their deliveries. A file sent with it becomes private (as class
 * work's): served only by `openMessageAttachment`, to its recipients and the school's admins; each
 * notification names the message (`params.messageId`) and leads to /inbox/<id>, where they read it.
 */

type Row = typeof messages.$inferSelect;

/** The audience's people (`school_id`, `user_id`): active people of the school only. */
function audienceSql(schoolId: string, audience: MessageAudience): SQL {
  switch (audience.kind) {
    case 'roles':
      return sql`select u.school_id, u.id as user_id from users u
        where u.school_id = ${schoolId}::uuid and u.status and u.role_id = any(${`{${audience.roles.join(',')}}`}::smallint[])`;
    case 'people':
      return sql`select u.school_id, u.id as user_id from users u
        where u.school_id = ${schoolId}::uuid and u.status and u.id = any(${uuids(audience.userIds)}) and u.role_id <> ${ROLE.OWNER}`;
    case 'classes':
      return audience.who === 'students'
        ? sql`select distinct st.school_id, st.id as user_id from class_students cs join users st on st.id = cs.student_id and st.status
            where cs.school_id = ${schoolId}::uuid and cs.class_id = any(${uuids(audience.classIds)})`
        : sql`select distinct p.school_id, p.id as user_id from class_students cs
            join users st on st.id = cs.student_id and st.status
            join users p on p.id = st.parent_user_id and p.status and p.school_id = cs.school_id
            where cs.school_id = ${schoolId}::uuid and cs.class_id = any(${uuids(audience.classIds)})`;
  }
}

/** Classes and people named must be the school's: another school's (or an unknown) id answers 404. */
async function checkAudience(db: DbOrTx, schoolId: string, audience: MessageAudience): Promise<void> {
  if (audience.kind === 'classes') {
    const ids = [...new Set(audience.classIds)];
    const result = await db.execute(sql`select count(*)::int as n from classes where school_id = ${schoolId}::uuid and id = any(${uuids(ids)})`);
    if (Number(rowsOf<{ n: number }>(result)[0]?.n) !== ids.length) throw notFound('Class');
  } else if (audience.kind === 'people') {
    const ids = [...new Set(audience.userIds)];
    const result = await db.execute(sql`select count(*)::int as n from users where school_id = ${schoolId}::uuid and id = any(${uuids(ids)})`);
    if (Number(rowsOf<{ n: number }>(result)[0]?.n) !== ids.length) throw notFound('Person');
  }
}

/** The notification text of a message: its title and body as written. */
const textOf = (m: { title: string; body: string }) => `${m.title}: ${m.body}`;

/** `POST /api/school/messages/preview`: recipients, and per channel those reachable, SMS parts and an estimate. */
export async function previewMessage(deps: Deps, caller: Caller, input: MessageInput): Promise<MessagePreview> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  await checkAudience(db, schoolId, input.audience);
  const people = audienceSql(schoolId, input.audience);
  const [total, reach, sms, whatsapp] = await Promise.all([
    db.execute(sql`select count(*)::int as n from (${people}) a`),
    reachable(db, people, input.channels),
    input.channels.includes('sms') ? accountFor(deps, schoolId, 'sms') : null,
    input.channels.includes('whatsapp') ? accountFor(deps, schoolId, 'whatsapp') : null,
  ]);
  const values = { message: textOf(input), school: '' };
  const channels = input.channels.map((channel) => {
    const n = reach[channel] ?? 0;
    if (channel === 'email') return { channel, reachable: n, parts: 0, account: true, template: true, estimatedPaise: 0 };
    if (channel === 'sms') {
      const templates = [sms?.settings.templates.message, sms?.settings.templates['message:hi']].filter((t) => !!t);
      const parts = Math.max(0, ...templates.map((t) => {
        const variables = templateVariables(t!.params, values);
        return variables ? smsParts(fillTemplate(t!.text, variables)).parts : 0;
      }));
      const price = Number((sms?.settings as { pricePaisePerPart?: number } | undefined)?.pricePaisePerPart ?? 0);
      return { channel, reachable: n, parts, account: !!sms, template: templates.length > 0 && parts > 0, estimatedPaise: Math.round(n * parts * price) };
    }
    const price = Number((whatsapp?.settings as { pricePaise?: number } | undefined)?.pricePaise ?? 0);
    return { channel, reachable: n, parts: 1, account: !!whatsapp, template: !!whatsapp?.settings.templates.message, estimatedPaise: Math.round(n * price) };
  });
  return { recipients: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0), channels };
}

/**
 * The message's notifications (one INSERT … SELECT over its audience), their deliveries on its
 * channels, and each recipient told live (held in `via` until the transaction commits); answers
 * how many people it reached. Inside the transaction that sends it.
 */
async function dispatch(via: Delivery, db: DbOrTx, m: Row): Promise<number> {
  const told = await notifyAudience(via, db, {
    schoolId: m.schoolId,
    audience: audienceSql(m.schoolId, m.audience as MessageAudience),
    senderId: m.senderId,
    senderName: m.senderName,
    kind: 'message',
    message: textOf(m),
    params: { messageId: m.id },
    link: `/inbox/${m.id}`,
    fromMessage: { id: m.id, channels: m.channels },
  });
  await db.update(messages).set({ recipients: told.length, status: 'sent' }).where(eq(messages.id, m.id));
  return told.length;
}

/** A file's columns as a message shows them (left joined: all null when it has none). */
const fileColumns = { name: files.name, originalName: files.originalName, mime: files.mime, size: files.size };
type FileColumns = { name: string | null; originalName: string | null; mime: string | null; size: number | null } | null;

/** The attached file of a row of `fileColumns`, or null. */
function fileOf(f: FileColumns): AttachedFile | null {
  return f?.name ? { name: f.name, originalName: f.originalName ?? f.name, mime: f.mime ?? 'application/octet-stream', size: f.size ?? 0 } : null;
}

/** A message's attached file, or null: one statement when it has one. */
async function attachmentOf(db: DbOrTx, name: string | null): Promise<AttachedFile | null> {
  if (!name) return null;
  const [f] = await db.select(fileColumns).from(files).where(eq(files.name, name));
  return fileOf(f ?? null);
}

/** A message as the API shows it, with its deliveries counted and its file. */
function present(m: Row, counts: Record<string, number>, attachment: AttachedFile | null): MessageSummary {
  return {
    messageId: m.id,
    title: m.title,
    body: m.body,
    audience: m.audience as MessageAudience,
    channels: m.channels.filter((c): c is (typeof COMPOSER_CHANNELS)[number] => (COMPOSER_CHANNELS as readonly string[]).includes(c)),
    status: m.status as MessageSummary['status'],
    scheduledFor: m.scheduledFor?.toISOString() ?? null,
    senderName: m.senderName,
    recipients: m.recipients,
    createdAt: m.createdAt.toISOString(),
    counts,
    attachment,
  };
}

/**
 * `POST /api/school/messages`: stored, and (unless set for later) sent in the same transaction; an
 * audience of nobody answers 400 `message_no_recipients`. A time in the past or now sends at once.
 * Its file must be the caller's own upload of the school, not attached to anything yet (400
 * `file_not_yours`): it is marked private and attached in the same transaction, so a refusal
 * leaves it as it was and stores no message.
 */
export async function sendMessage(deps: Deps, caller: Caller, input: MessageInput): Promise<MessageSummary> {
  const schoolId = schoolOf(caller);
  const at = now();
  const later = input.scheduledFor && new Date(input.scheduledFor).getTime() > at.getTime() ? new Date(input.scheduledFor) : null;
  const { via, flush } = afterCommit(deps);
  const sent = await inTenant(deps, schoolId, async (tx) => {
    await checkAudience(tx, schoolId, input.audience);
    const attachment = input.attachment ? await attachPrivateUpload(tx, caller, schoolId, input.attachment, 'attachment', at) : null;
    const [m] = await tx
      .insert(messages)
      .values({
        schoolId,
        senderId: caller.userId,
        senderName: caller.name,
        title: input.title,
        body: input.body,
        audience: input.audience,
        channels: [...new Set(input.channels)],
        attachment: attachment?.name ?? null,
        scheduledFor: later,
        status: later ? 'scheduled' : 'sending',
        createdAt: at,
      })
      .returning();
    if (later) return { message: m!, attachment };
    const recipients = await dispatch(via, tx, m!);
    if (!recipients) throw new AppError('BAD_REQUEST', 'Nobody is in this audience.', { reason: 'message_no_recipients', field: 'audience' });
    return { message: { ...m!, status: 'sent', recipients }, attachment };
  });
  flush();
  const { message, attachment } = sent;
  return present(message, (await countsOf(tenantDb(deps, schoolId), [message.id])).get(message.id)!, attachment);
}

/** Sends the scheduled messages that are due (the deliveries job, first): each in its own transaction; a cancelled one is no longer scheduled. */
export async function releaseScheduled(deps: Deps): Promise<number> {
  const due = await asPlatform(deps)
    .select({ id: messages.id, schoolId: messages.schoolId })
    .from(messages)
    .where(and(eq(messages.status, 'scheduled'), sql`${messages.scheduledFor} <= ${now().toISOString()}::timestamptz`))
    .limit(100);
  let sent = 0;
  for (const { id, schoolId } of due) {
    const { via, flush } = afterCommit(deps);
    sent += await inTenant(deps, schoolId, async (tx) => {
      // Taken once: a second node finds it no longer scheduled.
      const [m] = await tx.update(messages).set({ status: 'sending' }).where(and(eq(messages.id, id), eq(messages.status, 'scheduled'))).returning();
      if (!m) return 0;
      await dispatch(via, tx, m);
      return 1;
    });
    flush();
  }
  return sent;
}

/**
 * `POST /api/school/messages/:messageId/cancel`: a message set for later is cancelled before it
 * goes, and `releaseScheduled` never takes it. One conditional UPDATE: of a cancel and a release at
 * once, the one that changes the row first wins and the other finds it no longer scheduled (the
 * release sends nothing; the cancel answers 409 `message_not_scheduled`). Another school's: 404.
 * A scheduled message has no deliveries yet: its counts are empty.
 */
export async function cancelMessage(deps: Deps, caller: Caller, messageId: string): Promise<MessageSummary> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const mine = and(eq(messages.schoolId, schoolId), eq(messages.id, messageId));
  const [m] = await db.update(messages).set({ status: 'cancelled' }).where(and(mine, eq(messages.status, 'scheduled'))).returning();
  if (m) return present(m, {}, await attachmentOf(db, m.attachment));
  const [other] = await db.select({ id: messages.id }).from(messages).where(mine);
  if (!other) throw notFound('Message');
  throw new AppError('CONFLICT', 'Only a message set for later that has not gone yet can be cancelled.', { reason: 'message_not_scheduled' });
}

/** Deliveries of some messages counted by status: one statement. */
async function countsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>(ids.map((id) => [id, {}]));
  if (!ids.length) return out;
  const rows = await db
    .select({ messageId: deliveries.messageId, status: deliveries.status, n: count() })
    .from(deliveries)
    .where(sql`${deliveries.messageId} = any(${uuids(ids)})`)
    .groupBy(deliveries.messageId, deliveries.status);
  for (const r of rows) out.get(r.messageId!)![r.status] = Number(r.n);
  return out;
}

/** `GET /api/school/messages`: newest first, with their files and their deliveries counted (two statements). */
export async function listMessages(deps: Deps, caller: Caller, page: PageQuery): Promise<{ items: MessageSummary[]; total: number; page: number; pageSize: number }> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const rows = await db
    .select({ m: messages, file: fileColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(messages)
    .leftJoin(files, eq(files.name, messages.attachment))
    .where(eq(messages.schoolId, schoolId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const counts = await countsOf(db, rows.map((r) => r.m.id));
  const total = rows[0]?.total ?? (page.page === 1 ? 0 : (await db.select({ n: count() }).from(messages).where(eq(messages.schoolId, schoolId)))[0]!.n);
  return { items: rows.map((r) => present(r.m, counts.get(r.m.id)!, fileOf(r.file))), total, page: page.page, pageSize: page.pageSize };
}

/** `GET /api/school/messages/:messageId`: one message with its deliveries counted; 404 for another school's. */
export async function getMessage(deps: Deps, caller: Caller, messageId: string): Promise<MessageSummary> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const [row] = await db
    .select({ m: messages, file: fileColumns })
    .from(messages)
    .leftJoin(files, eq(files.name, messages.attachment))
    .where(and(eq(messages.schoolId, schoolId), eq(messages.id, messageId)));
  if (!row) throw notFound('Message');
  const counts = await countsOf(db, [row.m.id]);
  return present(row.m, counts.get(row.m.id)!, fileOf(row.file));
}

/**
 * `GET /api/messages/:messageId`: a message as its recipients read it, with its file (one
 * statement); for those it was sent to and the school's admins (`messagingPolicy.readable`), 404
 * for anyone else: not a recipient, another school's, unknown.
 */
export async function readMessage(deps: Deps, caller: Caller, messageId: string): Promise<ReceivedMessage> {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, schoolId)
    .select({ id: messages.id, title: messages.title, body: messages.body, senderName: messages.senderName, createdAt: messages.createdAt, file: fileColumns })
    .from(messages)
    .leftJoin(files, eq(files.name, messages.attachment))
    .where(and(eq(messages.schoolId, schoolId), eq(messages.id, messageId), messagingPolicy.readable(caller)));
  if (!row) throw notFound('Message');
  return { messageId: row.id, title: row.title, body: row.body, senderName: row.senderName, createdAt: row.createdAt.toISOString(), attachment: fileOf(row.file) };
}

/** `GET /api/messages/:messageId/attachment`: the message's file, opened for those who may read the message; anything else (none attached) 404. */
export async function openMessageAttachment(deps: Deps, storage: Storage, caller: Caller, messageId: string) {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, schoolId)
    .select({ name: files.name, mime: files.mime, originalName: files.originalName })
    .from(messages)
    .innerJoin(files, eq(files.name, messages.attachment))
    .where(and(eq(messages.schoolId, schoolId), eq(messages.id, messageId), messagingPolicy.readable(caller)));
  if (!row) throw notFound('File');
  const found = await storage.get(row.name);
  if (!found) throw notFound('File');
  return { ...found, mime: row.mime, originalName: row.originalName ?? row.name };
}

/** `GET /api/school/messages/:messageId/deliveries`: the report, per recipient and channel; 404 for another school's message. */
export async function messageDeliveries(
  deps: Deps,
  caller: Caller,
  messageId: string,
  q: { page: number; pageSize: number; status?: string; channel?: string },
): Promise<{ items: DeliveryRow[]; total: number; page: number; pageSize: number }> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const [m] = await db.select({ id: messages.id }).from(messages).where(and(eq(messages.schoolId, schoolId), eq(messages.id, messageId)));
  if (!m) throw notFound('Message');
  const where = and(
    eq(deliveries.schoolId, schoolId),
    eq(deliveries.messageId, messageId),
    q.status ? eq(deliveries.status, q.status) : undefined,
    q.channel ? eq(deliveries.channel, q.channel) : undefined,
  );
  const rows = await db
    .select({ d: deliveries, firstName: users.firstName, lastName: users.lastName, loginId: users.loginId, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(deliveries)
    .innerJoin(users, eq(users.id, deliveries.userId))
    .where(where)
    .orderBy(users.firstName, users.lastName, deliveries.channel, deliveries.id)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = rows[0]?.total ?? (q.page === 1 ? 0 : (await db.select({ n: count() }).from(deliveries).where(where))[0]!.n);
  return {
    items: rows.map((r) => ({
      deliveryId: r.d.id,
      userId: r.d.userId,
      fullName: fullName(r),
      loginId: r.loginId,
      channel: r.d.channel as DeliveryRow['channel'],
      status: r.d.status as DeliveryRow['status'],
      reason: r.d.reason,
      parts: r.d.parts,
      sentAt: r.d.sentAt?.toISOString() ?? null,
      updatedAt: r.d.updatedAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * `GET /api/school/messages/usage`: deliveries of the last 12 months (in the school's time zone)
 * per month and channel, counted by outcome, with the parts billed: one statement on
 * deliveries_school_month_idx.
 */
export async function messageUsage(deps: Deps, caller: Caller): Promise<MessageUsage> {
  const schoolId = schoolOf(caller);
  const at = now().toISOString();
  const result = await tenantDb(deps, schoolId).execute(sql`
    select to_char(d.created_at at time zone s.time_zone, 'YYYY-MM') as month, d.channel,
      count(*) filter (where d.status in ('sent', 'delivered', 'read'))::int as sent,
      count(*) filter (where d.status = 'failed')::int as failed,
      coalesce(sum(d.parts) filter (where d.status in ('sent', 'delivered', 'read')), 0)::int as parts
    from deliveries d join schools s on s.id = d.school_id
    where d.school_id = ${schoolId}::uuid and d.created_at >= ${at}::timestamptz - interval '366 days' and d.channel = any(${`{${COMPOSER_CHANNELS.join(',')}}`}::text[])
    group by 1, 2 order by 1 desc, 2`);
  const months = rowsOf<MessageUsage['months'][number]>(result)
    .filter((r) => r.month >= lastMonths(at))
    .map((r) => ({ month: r.month, channel: r.channel, sent: Number(r.sent), failed: Number(r.failed), parts: Number(r.parts) }));
  return { months, mobileCodes: { today: await mobileCodesToday(deps, schoolId), cap: deps.config.MOBILE_CODES_PER_SCHOOL_DAY } };
}

/** The first of the last 12 months before `iso` (YYYY-MM), this month included. */
function lastMonths(iso: string): string {
  const d = new Date(iso);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1));
  return first.toISOString().slice(0, 7);
}
