import type { FastifyRequest } from 'fastify';
import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createPayOrder, getGatewaySettings, payOrderResult, razorpayEvents, refundOrder, removeRazorpay, saveRazorpay, verifyPayment } from './online.js';

/** A webhook's body is small: one event. */
const HOOK_BODY_LIMIT = 256 * 1024;

/** Fees, part "online" (issue 25): the school's gateway, orders and Checkout's return, the webhook, refunds (online.ts). */
export default async function onlineRoutes(app: App) {
  app.route({ ...fromContract(API.paymentSettingsGet), handler: async (req) => ({ result: await getGatewaySettings(app.deps, requireCaller(req)) }) });
  app.route({
    ...fromContract(API.paymentSettingsRazorpay),
    handler: async (req) => ({ message: 'Payment gateway saved', result: await saveRazorpay(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.paymentSettingsRazorpayRemove),
    handler: async (req) => ({ message: 'Payment gateway removed', result: await removeRazorpay(app.deps, requireCaller(req)) }),
  });
  app.route({ ...fromContract(API.payOrderCreate), handler: async (req) => ({ result: await createPayOrder(app.deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.payVerify), handler: async (req) => ({ result: await verifyPayment(app.deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.payOrderGet), handler: async (req) => ({ result: await payOrderResult(app.deps, requireCaller(req), req.params.orderId) }) });
  app.route({ ...fromContract(API.feeOrderRefund), handler: async (req) => ({ message: 'Refund requested', result: await refundOrder(app.deps, requireCaller(req), req.params.orderId) }) });

  // Razorpay's webhook takes the body as it came: the signature is over its exact bytes.
  await app.register(async (hooks: App) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: HOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    hooks.route({
      ...fromContract(API.razorpayHook),
      handler: async (req: FastifyRequest) => {
        const query = req.query as { account?: string };
        const raw = { headers: req.headers as Record<string, string | string[] | undefined>, body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), query: query as Record<string, string> };
        return { result: await razorpayEvents(app.deps, query.account, raw) };
      },
    });
  });
}
