import { z } from 'zod';
import { text } from './text.js';

/**
 * Fees paid online (issue 25): each school is its own Razorpay merchant. The principal sets its
 * keys on /paymentsettings (the key id is public, Checkout shows it; the key secret and the webhook
 * secret are write-only: an answer carries only their hint). A parent pays due instalments of a
 * child in Razorpay Checkout against an order Shala opened for exactly their amounts; the payment
 * is confirmed by Checkout's signature and by the `payment.captured` webhook, whichever comes first.
 */

/** The most instalments one online payment covers. */
export const ORDER_INSTALMENTS_MAX = 24;

/** A Razorpay key id: `rzp_test_…` or `rzp_live_…`. */
export const RAZORPAY_KEY_ID = /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/;

export const razorpaySettingsInput = z.object({
  keyId: text(60).regex(RAZORPAY_KEY_ID, 'A key id starts with rzp_test_ or rzp_live_'),
  keySecret: text(100).min(8, 'Paste the key secret'),
  webhookSecret: text(100).min(8, 'Paste the webhook secret'),
});
export type RazorpaySettingsInput = z.infer<typeof razorpaySettingsInput>;

/** The school's gateway as the principal sees it: never a secret, only a hint of them. */
export const gatewaySettings = z.object({
  razorpay: z
    .object({
      keyId: z.string(),
      /** test: a test key (no real money); live: real payments. */
      mode: z.enum(['test', 'live']),
      secretHint: z.string(),
      /** The whole URL (the server's `PUBLIC_URL`) to give Razorpay's dashboard for the webhook (events payment.captured, payment.failed, refund.processed, refund.failed). */
      webhookUrl: z.string(),
      /** Demo keys pointing at nothing real: "Pay now" explains instead of opening Checkout. */
      demo: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type GatewaySettings = z.infer<typeof gatewaySettings>;

/** How a child's dues can be paid from home: online through the gateway (live or demo) and/or by UPI to the school's id. */
export const payOptions = z.object({ online: z.enum(['live', 'demo']).nullable(), upi: z.boolean() });
export type PayOptions = z.infer<typeof payOptions>;

export const payOrderInput = z.object({ emiIds: z.array(z.uuid()).min(1).max(ORDER_INSTALMENTS_MAX) });
export type PayOrderInput = z.infer<typeof payOrderInput>;

/** What the browser needs to open Checkout for an order. */
export const payOrder = z.object({
  orderId: z.uuid(),
  gatewayOrderId: z.string(),
  keyId: z.string(),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  schoolName: z.string(),
  description: z.string(),
  student: z.object({ userId: z.uuid(), fullName: z.string() }),
  checkoutUrl: z.string(),
  lines: z.array(z.object({ emiId: z.uuid(), seq: z.number().int(), amount: z.number().int(), lateFee: z.number().int() })),
});
export type PayOrder = z.infer<typeof payOrder>;

/** What Checkout handed the browser, passed on as it came. */
export const payVerifyInput = z.object({
  orderId: z.uuid(),
  razorpay_payment_id: text(60).regex(/^pay_[A-Za-z0-9]{1,40}$/, 'Not a payment id'),
  razorpay_order_id: text(60).regex(/^order_[A-Za-z0-9]{1,40}$/, 'Not an order id'),
  razorpay_signature: text(128).regex(/^[0-9a-f]{64}$/i, 'Not a signature'),
});
export type PayVerifyInput = z.infer<typeof payVerifyInput>;

export const ORDER_STATES = ['created', 'paid', 'unmatched', 'refunded', 'failed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * An order's outcome: paid (receipts issued: `payments` with their numbers), unmatched (the money
 * came but no longer matches a due: the school refunds it), or still created / failed.
 */
export const payResult = z.object({
  orderId: z.uuid(),
  status: z.enum(ORDER_STATES),
  amount: z.number().int(),
  batchId: z.uuid().nullable(),
  receipts: z.array(z.object({ paymentId: z.uuid(), receiptNo: z.number().int(), amount: z.number().int(), lateFee: z.number().int(), seq: z.number().int() })),
  reason: z.string().nullable(),
});
export type PayResult = z.infer<typeof payResult>;

export const orderParams = z.object({ orderId: z.uuid() });
export const razorpayHookQuery = z.object({ account: text(100).optional() });

/** Reversing an online payment may refund it at the gateway, whole (no amount) or in part (paise). */
export const refundInput = z.object({ amount: z.number().int().positive().optional() }).optional();
