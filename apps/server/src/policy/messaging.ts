import { API } from '@shala/contract';
import type { Caller } from '../context.js';
import { allows } from './index.js';

/**
 * Who may see and change a school's messaging settings (issue 24). Both admins read them (the
 * contract's routes); only those who may change the accounts (the principal) see what is secret
 * in them: the SMS webhook URL carries the account's report token, which lets anyone holding it
 * post delivery reports. Secrets themselves are never shown to anyone, only their hints.
 */
export const messagingPolicy = {
  /** May the caller see the account's webhook token (it may change the account)? */
  seesWebhookToken(caller: Caller): boolean {
    return allows(API.messagingSms.roles, caller.roleId);
  },
};
