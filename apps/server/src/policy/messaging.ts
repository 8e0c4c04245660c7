import { sql, type SQL } from 'drizzle-orm';
import { API, ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import { messages } from '../db/schema.js';
import { allows } from './index.js';

/**
 * Who may see and change messaging settings (issue 24). A school's: both admins read them (the
 * contract's routes); the platform's: its owner. Only those who may change the accounts (the
 * principal, the owner) see what is secret
 * in them: the SMS webhook URL carries the account's report token, which lets anyone holding it
 * post delivery reports. Secrets themselves are never shown to anyone, only their hints.
 *
 * WhatsApp messages are for parents: only a parent opts in to them (403 `whatsapp_parents_only`).
 *
 * Who reads a message the school sent as its recipients do (`/api/messages/:messageId` and its
 * file): those it was sent to (a notification of kind `message` naming it) and the school's admins
 * (who read its report); anyone else gets 404, as for another school's.
 */
export const messagingPolicy = {
  /** May the caller see the account's webhook token (it may change the account)? */
  seesWebhookToken(caller: Caller): boolean {
    return allows(API.messagingSms.roles, caller.roleId) || allows(API.platformMessagingSms.roles, caller.roleId);
  },

  /** May the caller turn WhatsApp messages on or off? They are for parents (115) only. */
  choosesWhatsApp(caller: Caller): boolean {
    return caller.roleId === ROLE.PARENT;
  },

  /** A condition on `messages`: the caller received the message, or is an admin of the school (the service scopes the school). */
  readable(caller: Caller): SQL {
    if (allows(API.messageGet.roles, caller.roleId)) return sql`true`;
    return sql`exists (select 1 from notifications n
      where n.user_id = ${caller.userId}::uuid and n.kind = 'message' and n.params->>'messageId' = ${messages.id}::text)`;
  },
};
