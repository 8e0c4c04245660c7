import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { deleteAccount, getSettings, saveRules, saveSmsAccount, saveWhatsAppAccount } from './settings.js';

/** The school's messaging settings: its own provider accounts and its channel rules (issue 24). */
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
}
