import { ROLE } from './roles.js';
import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { searchText, text } from './text.js';

/**
 * One-to-one chat inside a school (issue 10, DESIGN section 4): a teacher with the principal or a
 * system admin; a parent with its children's teachers. Messages are stored, paged newest first
 * ("load older" asks for those before the oldest shown), delivered live, with unread counts and
 * read state.
 */
export const CHAT_ROLES = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT] as const;

/** Whether a role chats at all (its notifications of a message lead to the chat). */
export function chatsByRole(roleId: number): boolean {
  return (CHAT_ROLES as readonly number[]).includes(roleId);
}
export const CHAT_LIMITS = { text: 2000, pageSize: 30 } as const;

/** Why two people may talk: shown under the name in the contacts list. */
export const CHAT_RELATIONS = ['principal', 'systemAdmin', 'teacher', 'parent', 'childTeacher'] as const;
export type ChatRelation = (typeof CHAT_RELATIONS)[number];

export const chatContact = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  roleId: z.number().int(),
  image: z.string().nullable(),
  relation: z.enum(CHAT_RELATIONS),
  /** For a parent: its children here; for a teacher seen by a parent: what it teaches the child. */
  detail: z.string().nullable(),
  /** For a teacher seen by a parent: the child's class(es) it is the class teacher of ("5-A"), else null. */
  classTeacherOf: z.string().nullable(),
});
export type ChatContact = z.infer<typeof chatContact>;
export const chatContactsQuery = pageQuery.extend({ search: searchText() });

export const chatMessage = z.object({
  messageId: z.uuid(),
  senderId: z.uuid(),
  recipientId: z.uuid(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  /** When the recipient read it (null: not yet). */
  readAt: z.iso.datetime().nullable(),
  /** The sending tab's id, given back to the sender only (its tabs match their unsent copies). */
  clientId: z.uuid().nullish(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatConversation = z.object({
  peer: z.object({ userId: z.uuid(), fullName: z.string(), roleId: z.number().int(), image: z.string().nullable() }),
  lastMessage: chatMessage.nullable(),
  unread: z.number().int().nonnegative(),
});
export type ChatConversation = z.infer<typeof chatConversation>;
export const chatConversationPage = z.object({
  items: z.array(chatConversation),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Unread messages in all conversations (the menu badge). */
  unread: z.number().int().nonnegative(),
});
export type ChatConversationPage = z.infer<typeof chatConversationPage>;

export const chatPeerParams = z.object({ userId: z.uuid() });
/** History, newest first: `before` is the oldest message shown (load older). */
export const chatHistoryQuery = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_LIMITS.pageSize),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;
export const chatHistory = z.object({
  peer: chatContact,
  items: z.array(chatMessage),
  /** Older messages remain. */
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistory>;

export const chatSendInput = z.object({
  text: text(CHAT_LIMITS.text, { multiline: true }).min(1, 'Required'),
  /** The sending tab's id for the message: a retried send does not store it twice. */
  clientId: z.uuid().optional(),
});
export type ChatSendInput = z.infer<typeof chatSendInput>;

/** Realtime events of chat: REALTIME_EVENTS.chatMessage (a chatMessage) and .chatRead; to the
 * user's own room only, each carrying only what the API would show it. */
/** `chat:read`: the peer read the caller's messages up to `readAt`. */
export const chatReadEvent = z.object({ peerId: z.uuid(), readAt: z.iso.datetime() });
export type ChatReadEvent = z.infer<typeof chatReadEvent>;
