import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { deleteAccount, getPlatformSettings, getSettings, saveRules, saveSmsAccount, saveWhatsAppAccount } from './settings.js';

/** The messaging settings (issue 24): a school's own provider accounts and channel rules, and the platform's accounts. */
export default async function settingsRoutes(app: App) {
  app.route({
    ...fromContract(API.messagingSettings),
    handler: async (req) => ({ result: await getSettings(app.deps, requireCaller(req)) }),
  });
  app.route({
    ...fromContract(API.messagingSms),
    handler: async (req) => ({ message: 'SMS account saved', result: await saveSmsAccount(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.messagingWhatsapp),
    handler: async (req) => ({ message: 'WhatsApp account saved', result: await saveWhatsAppAccount(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.messagingAccountDelete),
    handler: async (req) => ({ message: 'Account removed', result: await deleteAccount(app.deps, requireCaller(req), req.params.channel) }),
  });
  app.route({
    ...fromContract(API.messagingRules),
    handler: async (req) => ({ message: 'Rules saved', result: await saveRules(app.deps, requireCaller(req), req.body) }),
  });
  // The platform's accounts (the owner): what a school without its own sends on.
  app.route({
    ...fromContract(API.platformMessagingSettings),
    handler: async (req) => ({ result: await getPlatformSettings(app.deps, requireCaller(req)) }),
  });
  app.route({
    ...fromContract(API.platformMessagingSms),
    handler: async (req) => ({ message: 'SMS account saved', result: await saveSmsAccount(app.deps, requireCaller(req), req.body, null) }),
  });
  app.route({
    ...fromContract(API.platformMessagingWhatsapp),
    handler: async (req) => ({ message: 'WhatsApp account saved', result: await saveWhatsAppAccount(app.deps, requireCaller(req), req.body, null) }),
  });
  app.route({
    ...fromContract(API.platformMessagingAccountDelete),
    handler: async (req) => ({ message: 'Account removed', result: await deleteAccount(app.deps, requireCaller(req), req.params.channel, null) }),
  });
}
