import { API } from '@shala/contract';
import type { Caller } from '../context.js';
import { allows } from './index.js';

/**
 * Who may see and change messaging settings (issue 24). A school's: both admins read them (the
 * contract's routes); the platform's: its owner. Only those who may change the accounts (the
 * principal, the owner) see what is secret
 * in them: the SMS webhook URL carries the account's report token, which lets anyone holding it
 * post delivery reports. Secrets themselves are never shown to anyone, only their hints.
 */
export const messagingPolicy = {
  /** May the caller see the account's webhook token (it may change the account)? */
  seesWebhookToken(caller: Caller): boolean {
    return allows(API.messagingSms.roles, caller.roleId) || allows(API.platformMessagingSms.roles, caller.roleId);
  },
};
