import type { FastifyRequest } from 'fastify';
import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { rawWebhook, registerWebhooks } from '../../http/webhook.js';
import { requireCaller } from '../../policy/index.js';
import { sendDownload } from '../../http/download.js';
import { getPreferences, savePreferences, type Evidence } from './preferences.js';
import { sendMobileCode, verifyMobileCode } from './mobile.js';
import { smsReport, whatsAppEvents, whatsAppVerify } from './hooks.js';
import { cancelMessage, getMessage, listMessages, messageDeliveries, messageUsage, openMessageAttachment, previewMessage, readMessage, sendMessage } from './messages.js';
import settingsRoutes from './settings.routes.js';

const evidenceOf = (req: FastifyRequest): Evidence => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/** A person's channels beyond the bell, and the mobile number they go to (issue 24). */
export default async function messagingRoutes(app: App) {
  const storage = app.deps.storage;
  serve(app, API.notificationPreferences, (deps, caller) => getPreferences(deps, caller));
  app.route({
    ...fromContract(API.notificationPreferencesSave),
    handler: async (req) => ({ message: 'Preferences saved', result: await savePreferences(app.deps, requireCaller(req), req.body, evidenceOf(req)) }),
  });
  serve(app, API.mobileCode, (deps, caller, req) => sendMobileCode(deps, caller, req.body.mobile), 'Code sent');
  serve(app, API.mobileVerify, (deps, caller, req) => verifyMobileCode(deps, caller, req.body.code), 'Mobile number verified');

  serve(app, API.messagePreview, (deps, caller, req) => previewMessage(deps, caller, req.body));
  app.route({
    ...fromContract(API.messageSend),
    handler: async (req) => {
      const message = await sendMessage(app.deps, requireCaller(req), req.body);
      return { message: message.status === 'scheduled' ? 'Message scheduled' : 'Message sent', result: message };
    },
  });
  serve(app, API.messageList, (deps, caller, req) => listMessages(deps, caller, req.query));
  serve(app, API.messageUsage, (deps, caller) => messageUsage(deps, caller));
  serve(app, API.messageGet, (deps, caller, req) => getMessage(deps, caller, req.params.messageId));
  serve(app, API.messageCancel, (deps, caller, req) => cancelMessage(deps, caller, req.params.messageId), 'Message cancelled');
  serve(app, API.messageDeliveries, (deps, caller, req) => messageDeliveries(deps, caller, req.params.messageId, req.query));
  // A message as its recipients read it, and its file: raw bytes, never cached, never sniffed, always saved.
  serve(app, API.messageRead, (deps, caller, req) => readMessage(deps, caller, req.params.messageId));
  app.route({
    ...fromContract(API.messageAttachment),
    handler: async (req, reply) => {
      const file = await openMessageAttachment(app.deps, storage, requireCaller(req), req.params.messageId);
      return sendDownload(reply, { mime: file.mime, fileName: file.originalName, body: file.stream, size: file.size });
    },
  });

  // The providers' webhooks: the body as it came (http/webhook.ts).
  await registerWebhooks(app, (hooks) => {
    hooks.route({
      ...fromContract(API.smsHook),
      handler: async (req) => ({ result: { updated: await smsReport(app.deps, req.params.provider, rawWebhook(req)) } }),
    });
    // Meta's calls come a few at a time; a flood from one address is refused before any account is
    // read (WHATSAPP_HOOK_RATE_LIMIT_MAX a minute; issue 39).
    const hookLimit = { max: app.deps.config.WHATSAPP_HOOK_RATE_LIMIT_MAX, timeWindow: '1 minute' };
    const verify = fromContract(API.whatsappHookVerify);
    hooks.route({
      ...verify,
      config: { ...verify.config, rateLimit: hookLimit },
      handler: async (req, reply) => reply.type('text/plain; charset=utf-8').send(await whatsAppVerify(app.deps, req.query as Record<string, unknown>)),
    });
    const events = fromContract(API.whatsappHook);
    hooks.route({
      ...events,
      config: { ...events.config, rateLimit: hookLimit },
      handler: async (req) => ({ result: await whatsAppEvents(app.deps, rawWebhook(req)) }),
    });
  });
  await app.register(settingsRoutes);
}
