import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { deleteAccount, getPlatformSettings, getSettings, saveRules, saveSmsAccount, saveWhatsAppAccount } from './settings.js';

/** The messaging settings (issue 24): a school's own provider accounts and channel rules, and the platform's accounts. */
export default async function settingsRoutes(app: App) {
  serve(app, API.messagingSettings, (deps, caller) => getSettings(deps, caller));
  serve(app, API.messagingSms, (deps, caller, req) => saveSmsAccount(deps, caller, req.body), 'SMS account saved');
  serve(app, API.messagingWhatsapp, (deps, caller, req) => saveWhatsAppAccount(deps, caller, req.body), 'WhatsApp account saved');
  serve(app, API.messagingAccountDelete, (deps, caller, req) => deleteAccount(deps, caller, req.params.channel), 'Account removed');
  serve(app, API.messagingRules, (deps, caller, req) => saveRules(deps, caller, req.body), 'Rules saved');
  // The platform's accounts (the owner): what a school without its own sends on.
  serve(app, API.platformMessagingSettings, (deps, caller) => getPlatformSettings(deps, caller));
  serve(app, API.platformMessagingSms, (deps, caller, req) => saveSmsAccount(deps, caller, req.body, null), 'SMS account saved');
  serve(app, API.platformMessagingWhatsapp, (deps, caller, req) => saveWhatsAppAccount(deps, caller, req.body, null), 'WhatsApp account saved');
  serve(app, API.platformMessagingAccountDelete, (deps, caller, req) => deleteAccount(deps, caller, req.params.channel, null), 'Account removed');
}
