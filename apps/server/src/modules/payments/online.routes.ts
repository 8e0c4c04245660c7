import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { rawWebhook, registerWebhooks } from '../../http/webhook.js';
import { requireCaller } from '../../policy/index.js';
import { createPayOrder, getGatewaySettings, payOrderResult, razorpayEvents, refundOrder, removeRazorpay, saveRazorpay, verifyPayment } from './online.js';

/** Payments, part "online" (issue 25): the school's gateway, orders and Checkout's return, the webhook, refunds (online.ts). */
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

  // Razorpay's webhook: the body as it came (http/webhook.ts).
  await registerWebhooks(app, (hooks) => {
    hooks.route({
      ...fromContract(API.razorpayHook),
      handler: async (req) => ({ result: await razorpayEvents(app.deps, (req.query as { account?: string }).account, rawWebhook(req)) }),
    });
  });
}
