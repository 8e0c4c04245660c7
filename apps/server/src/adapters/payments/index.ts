import type { Config } from '../../config.js';
import { razorpay, type RazorpayClient } from './razorpay.js';

/**
 * The payment gateway parents pay school fees through online (issue 25), made once from the
 * configuration. Each school is its own Razorpay merchant: the client holds no keys, and each call
 * is given the school's (opened from the database with `openSecret` of adapters/secrets.ts, as the
 * messaging providers' secrets are).
 */
export interface Payments {
  razorpay: RazorpayClient;
}

export function createPayments(config: Pick<Config, 'RAZORPAY_API_URL'>): Payments {
  return { razorpay: razorpay(config.RAZORPAY_API_URL) };
}

export {
  GatewayError,
  parseRazorpayWebhook,
  razorpayEventId,
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_TIMEOUT_MS,
  verifyCheckoutSignature,
  type CheckoutReturn,
  type GatewayErrorDetail,
  type GatewayFailureKind,
  type Notes,
  type OrderStatus,
  type PaymentStatus,
  type RazorpayClient,
  type RazorpayCredentials,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
  type RazorpayWebhookEvent,
  type RefundStatus,
} from './razorpay.js';
export { WebhookRejected, type RawWebhookRequest } from '../http.js';
