import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { chatHistory, listContacts, listConversations, markRead, sendMessage } from './service.js';

/** The chat routes (issue 10): contacts, conversations, history, send, read (service.ts). */
export default async function chatRoutes(app: App) {
  app.route({
    ...fromContract(API.chatContacts),
    handler: async (req) => ({ result: await listContacts(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.chatConversations),
    handler: async (req) => ({ result: await listConversations(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.chatHistory),
    handler: async (req) => ({ result: await chatHistory(app.deps, requireCaller(req), req.params.userId, req.query) }),
  });
  app.route({
    ...fromContract(API.chatSend),
    handler: async (req) => ({ result: await sendMessage(app.deps, requireCaller(req), req.params.userId, req.body) }),
  });
  app.route({
    ...fromContract(API.chatRead),
    handler: async (req) => ({ result: await markRead(app.deps, requireCaller(req), req.params.userId) }),
  });
}
