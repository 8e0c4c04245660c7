import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { chatHistory, listContacts, listConversations, markRead, sendMessage } from './service.js';

/** The chat routes (issue 10): contacts, conversations, history, send, read (service.ts). */
export default async function chatRoutes(app: App) {
  serve(app, API.chatContacts, (deps, caller, req) => listContacts(deps, caller, req.query));
  serve(app, API.chatConversations, (deps, caller, req) => listConversations(deps, caller, req.query));
  serve(app, API.chatHistory, (deps, caller, req) => chatHistory(deps, caller, req.params.userId, req.query));
  serve(app, API.chatSend, (deps, caller, req) => sendMessage(deps, caller, req.params.userId, req.body));
  serve(app, API.chatRead, (deps, caller, req) => markRead(deps, caller, req.params.userId));
}
