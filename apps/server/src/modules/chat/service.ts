import { and, desc, eq, sql } from 'drizzle-orm';
import {
  REALTIME_EVENTS,
  type ChatContact,
  type ChatConversationPage,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatMessage,
  type ChatSendInput,
  type PageQuery,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { chatConversations, chatMessages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { chatPolicy, presentContact, type ContactRow } from '../../policy/chat.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { now } from '../../clock.js';
import { afterCommit, notify } from '../notifications/service.js';
import { rowsOf } from '../../db/rows.js';
import { escapeLike } from '../../db/like.js';

/**
 * One-to-one chat (issue 10). Who may talk is `policy/chat.ts`; a conversation is one row per pair
 * (user_a < user_b), its messages paged newest first by (created_at, id).
 */

type MessageRow = typeof chatMessages.$inferSelect;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function presentMessage(m: Pick<MessageRow, 'id' | 'senderId' | 'recipientId' | 'body' | 'createdAt' | 'readAt'>): ChatMessage {
  return {
    messageId: m.id,
    senderId: m.senderId,
    recipientId: m.recipientId,
    text: m.body,
    createdAt: iso(m.createdAt),
    readAt: m.readAt ? iso(m.readAt) : null,
  };
}

/** The pair in the stored order (user_a < user_b). */
const pairOf = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);

/** The chat notification's text: the message, cut to about 140 characters. */
export function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 140 ? flat : `${flat.slice(0, 139).trimEnd()}…`;
}

/** Where the recipient's notification leads: the chat with the sender (spec section 2). */
export const chatLink = (senderId: string, senderName: string) =>
  `/chat?teacherId=${senderId}&UserName=${encodeURIComponent(senderName)}`;

/** `GET /api/chat/contacts`: the people the caller may message, by name, searchable, one statement. */
export async function listContacts(deps: Deps, caller: Caller, query: PageQuery & { search?: string }): Promise<{ items: ChatContact[]; total: number; page: number; pageSize: number }> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const search = query.search?.trim().toLowerCase();
  const offset = (query.page - 1) * query.pageSize;
  const rows = rowsOf<ContactRow & { total: number | string }>(
    await db.execute(sql`
      select u.id as user_id, trim(u.first_name || ' ' || u.last_name) as full_name, u.role_id, u.image,
        r.relation, r.detail, r.class_teacher_of, count(*) over () as total
      from (${chatPolicy.contactsSql(caller, schoolId)}) r
      join users u on u.id = r.user_id and u.school_id = ${schoolId}::uuid
      ${search ? sql`where u.search_text like ${`%${escapeLike(search)}%`}` : sql``}
      order by lower(u.first_name), lower(u.last_name), u.id
      limit ${query.pageSize} offset ${offset}`),
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [n] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from (${chatPolicy.contactsSql(caller, schoolId)}) r
        join users u on u.id = r.user_id
        ${search ? sql`where u.search_text like ${`%${escapeLike(search)}%`}` : sql``}`),
    );
    total = Number(n?.n ?? 0);
  }
  return { items: rows.map(presentContact), total, page: query.page, pageSize: query.pageSize };
}

interface ConversationRow {
  peer_id: string;
  full_name: string;
  role_id: number;
  image: string | null;
  m_id: string | null;
  m_sender: string | null;
  m_recipient: string | null;
  m_body: string | null;
  m_created: Date | string | null;
  m_read: Date | string | null;
  unread: number | string;
  total: number | string;
  all_unread: number | string;
}

/**
 * `GET /api/chat/conversations`: the caller's conversations, latest first, each with the peer, the
 * last message and its unread count, and the caller's unread total: one statement.
 */
export async function listConversations(deps: Deps, caller: Caller, page: PageQuery): Promise<ChatConversationPage> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const me = caller.userId;
  const allUnread = sql`(select count(*) from chat_messages x where x.school_id = ${schoolId}::uuid and x.recipient_id = ${me}::uuid and x.read_at is null)`;
  const rows = rowsOf<ConversationRow>(
    await db.execute(sql`
      with mine as (
        select c.id, c.user_b as peer_id, c.last_message_at from chat_conversations c where c.school_id = ${schoolId}::uuid and c.user_a = ${me}::uuid
        union all
        select c.id, c.user_a, c.last_message_at from chat_conversations c where c.school_id = ${schoolId}::uuid and c.user_b = ${me}::uuid
      )
      select mine.peer_id, trim(p.first_name || ' ' || p.last_name) as full_name, p.role_id, p.image,
        m.id as m_id, m.sender_id as m_sender, m.recipient_id as m_recipient, m.body as m_body, m.created_at as m_created, m.read_at as m_read,
        (select count(*) from chat_messages u where u.recipient_id = ${me}::uuid and u.conversation_id = mine.id and u.read_at is null) as unread,
        count(*) over () as total, ${allUnread} as all_unread
      from mine
      join users p on p.id = mine.peer_id and p.status
      left join lateral (
        select * from chat_messages m where m.conversation_id = mine.id order by m.created_at desc, m.id desc limit 1
      ) m on true
      order by mine.last_message_at desc nulls last, mine.id
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
  );
  let total = Number(rows[0]?.total ?? 0);
  let unread = Number(rows[0]?.all_unread ?? 0);
  if (rows.length === 0) {
    const [n] = rowsOf<{ total: number | string; unread: number | string }>(
      await db.execute(sql`select (select count(*) from chat_conversations c join users p on p.id = case when c.user_a = ${me}::uuid then c.user_b else c.user_a end and p.status
        where c.school_id = ${schoolId}::uuid and (c.user_a = ${me}::uuid or c.user_b = ${me}::uuid)) as total, ${allUnread} as unread`),
    );
    total = Number(n?.total ?? 0);
    unread = Number(n?.unread ?? 0);
  }
  return {
    items: rows.map((r) => ({
      peer: { userId: r.peer_id, fullName: r.full_name, roleId: r.role_id, image: r.image },
      lastMessage: r.m_id
        ? presentMessage({ id: r.m_id, senderId: r.m_sender!, recipientId: r.m_recipient!, body: r.m_body!, createdAt: r.m_created as Date, readAt: r.m_read as Date | null })
        : null,
      unread: Number(r.unread),
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
    unread,
  };
}

/** The history page (newest first), prepared once per shape: the first page, or those before a message. */
function historyQuery(db: Db, older: boolean) {
  return prepared(db, older ? 'chat_history_before' : 'chat_history', (db, name) => {
    const conversation = sql`(select c.id from ${chatConversations} c where c.school_id = ${sql.placeholder('school')}::uuid
      and c.user_a = ${sql.placeholder('a')}::uuid and c.user_b = ${sql.placeholder('b')}::uuid)`;
    return db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.schoolId, sql.placeholder('school')),
          sql`${chatMessages.conversationId} = ${conversation}`,
          older
            ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select b.created_at, b.id from ${chatMessages} b
                where b.id = ${sql.placeholder('before')}::uuid and b.conversation_id = ${conversation})`
            : undefined,
        ),
      )
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/** `GET /api/chat/:userId/messages`: a page of the history with one person, newest first. */
export async function chatHistory(deps: Deps, caller: Caller, peerId: string, query: ChatHistoryQuery): Promise<ChatHistory> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const [a, b] = pairOf(caller.userId, peerId);
  // The pair rule and the page at once (two connections of the pool: one round trip's wait); the
  // page is answered only if the rule admits the pair.
  const [peer, rows] = await Promise.all([
    chatPolicy.related(db, caller, schoolId, peerId),
    historyQuery(db, query.before !== undefined).execute({ school: schoolId, a, b, before: query.before, limit: query.limit + 1 }),
  ]);
  return { peer, items: rows.slice(0, query.limit).map(presentMessage), hasMore: rows.length > query.limit };
}

/**
 * `POST /api/chat/:userId/messages`: in one transaction the conversation is made or touched, the
 * message stored (a `clientId` already stored by this sender answers that message, stored once)
 * and the recipient notified; after commit the message goes live to both people's tabs.
 */
export async function sendMessage(deps: Deps, caller: Caller, peerId: string, input: ChatSendInput): Promise<ChatMessage> {
  const schoolId = scopeOf(caller);
  const [a, b] = pairOf(caller.userId, peerId);
  const { via: later, flush } = afterCommit(deps);
  const at = now().toISOString();
  const { message, created } = await inTenant(deps, schoolId, async (tx) => {
    await chatPolicy.related(tx, caller, schoolId, peerId);
    const [row] = rowsOf<MessageRow & { created_at: Date | string; read_at: Date | string | null }>(
      await tx.execute(sql`
        with conv as (
          insert into chat_conversations (school_id, user_a, user_b, last_message_at) values (${schoolId}::uuid, ${a}::uuid, ${b}::uuid, ${at}::timestamptz)
          on conflict (school_id, user_a, user_b) do update set last_message_at = excluded.last_message_at
          returning id
        )
        insert into chat_messages (school_id, conversation_id, sender_id, recipient_id, body, client_id, created_at)
        select ${schoolId}::uuid, conv.id, ${caller.userId}::uuid, ${peerId}::uuid, ${input.text}, ${input.clientId ?? null}::uuid, ${at}::timestamptz from conv
        on conflict (sender_id, client_id) do nothing
        returning id, sender_id as "senderId", recipient_id as "recipientId", body, created_at, read_at`),
    );
    if (!row) {
      // The same clientId again: the stored message (a retry after a lost answer).
      const [stored] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.schoolId, schoolId), eq(chatMessages.senderId, caller.userId), eq(chatMessages.clientId, input.clientId!)));
      if (!stored || stored.recipientId !== peerId) throw new AppError('CONFLICT', 'This message id was used for another message.');
      return { message: { ...presentMessage(stored), clientId: stored.clientId }, created: false };
    }
    const message = presentMessage({ ...row, createdAt: row.created_at as Date, readAt: row.read_at as Date | null });
    await notify(later, tx, {
      schoolId,
      userId: peerId,
      senderId: caller.userId,
      senderName: caller.name,
      message: previewOf(input.text),
      kind: 'chat',
      link: chatLink(caller.userId, caller.name),
    });
    return { message, created: true };
  });
  // The sender's answer and its other tabs carry its clientId (they match their unsent copies).
  const own = { ...message, clientId: input.clientId ?? null };
  if (created) {
    flush();
    deps.realtime.toUser(peerId, REALTIME_EVENTS.chatMessage, message);
    deps.realtime.toUser(caller.userId, REALTIME_EVENTS.chatMessage, own);
  }
  return own;
}

/**
 * `POST /api/chat/:userId/read`: the peer's messages to the caller are read (and the caller's chat
 * notifications from the peer with them); the peer sees it live.
 */
export async function markRead(deps: Deps, caller: Caller, peerId: string): Promise<{ read: number; notes: number }> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  await chatPolicy.related(db, caller, schoolId, peerId);
  const [row] = rowsOf<{ read: number | string; notes: number | string; read_at: Date | string }>(
    await db.execute(sql`
      with m as (
        update chat_messages set read_at = now()
        where school_id = ${schoolId}::uuid and recipient_id = ${caller.userId}::uuid and sender_id = ${peerId}::uuid and read_at is null
        returning 1
      ), n as (
        update notifications set read_at = now()
        where school_id = ${schoolId}::uuid and user_id = ${caller.userId}::uuid and sender_id = ${peerId}::uuid and kind = 'chat' and read_at is null
        returning 1
      )
      select (select count(*) from m) as read, (select count(*) from n) as notes, now() as read_at`),
  );
  const read = Number(row?.read ?? 0);
  if (read > 0) deps.realtime.toUser(peerId, REALTIME_EVENTS.chatRead, { peerId: caller.userId, readAt: iso(row!.read_at) });
  return { read, notes: Number(row?.notes ?? 0) };
}
