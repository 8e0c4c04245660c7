import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { dateIn, text } from './text.js';
import { personRef } from './academics.js';
import { payment } from './fees.js';

/**
 * Fees paid by UPI without a gateway (issue 25), and the daily settlement report.
 *
 * A school without a payment gateway gives its UPI id (VPA) and payee name; a parent sees, on an
 * unpaid instalment, a `upi://pay` link and its QR code for the amount due (instalment and late
 * fee), pays from any UPI app, and enters the UPI reference (UTR) the app shows. The claim waits
 * (pending) until the office finds that reference in its bank statement and confirms it (a
 * payment of mode `upi` with a receipt) or rejects it (the parent is told why). Money in paise.
 */

/** A UPI id: `name@handle` (letters, digits, dot, hyphen, underscore; the handle a bank's). */
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,63}@[a-zA-Z][a-zA-Z0-9]{1,31}$/;
/** The payee name shown by the parent's UPI app. */
export const UPI_NAME_MAX = 50;
/** A UPI reference (UTR, transaction id) as apps show it: 6 to 35 letters or digits. */
export const UPI_REFERENCE_PATTERN = /^[A-Za-z0-9]{6,35}$/;

/**
 * `PUT /api/school/paymentsettings/upi`: the school's UPI id and payee name; an empty UPI id
 * removes UPI (the name goes with it). A UPI id needs a name.
 */
export const upiSettingsInput = z
  .object({
    vpa: text(97).refine((v) => v === '' || UPI_VPA_PATTERN.test(v), { message: 'Enter a UPI id like name@bank', params: { code: 'upi_vpa' } }),
    name: text(UPI_NAME_MAX),
  })
  .refine((v) => v.vpa === '' || v.name !== '', { message: 'Required', path: ['name'] });
export type UpiSettingsInput = z.infer<typeof upiSettingsInput>;
/** The school's UPI settings (null: not set). */
export const upiSettings = z.object({ vpa: z.string().nullable(), name: z.string().nullable(), updatedAt: z.string().nullable() });
export type UpiSettings = z.infer<typeof upiSettings>;
/** Who a parent pays by UPI (null: the school takes no UPI without a gateway). */
export const upiPayee = z.object({ vpa: z.string(), name: z.string() });
export type UpiPayee = z.infer<typeof upiPayee>;

/** A claim as an instalment shows it: the parent's reference waiting for the office. */
export const upiPendingClaim = z.object({ claimId: z.uuid(), reference: z.string(), claimedAt: z.string() });

/** `GET /api/fee/upi/:emiId`: how to pay an unpaid instalment by UPI. */
export const upiPay = z.object({
  emiId: z.uuid(),
  seq: z.number().int(),
  /** What to pay (paise): the instalment and its late fee not waived. */
  amount: z.number().int(),
  lateFee: z.number().int(),
  /** Names the instalment in the payment's note: the student's login id and the instalment's number. */
  reference: z.string(),
  payee: upiPayee,
  /** `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…` (the amount in rupees with 2 decimals). */
  link: z.string(),
  /** The link as a QR code, an SVG document. */
  svg: z.string(),
  /** The parent's reference already waiting for the office (null: none). */
  claim: upiPendingClaim.nullable(),
});
export type UpiPay = z.infer<typeof upiPay>;

export const upiClaimBody = z.object({
  reference: text(35).refine((v) => UPI_REFERENCE_PATTERN.test(v), { message: 'Enter the UPI reference: 6 to 35 letters or digits', params: { code: 'upi_reference' } }),
});
export type UpiClaimBody = z.infer<typeof upiClaimBody>;

export const UPI_CLAIM_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type UpiClaimStatus = (typeof UPI_CLAIM_STATUSES)[number];
/** Pending claims the oldest first; decided ones the latest decided first. */
export const upiClaimListQuery = pageQuery.extend({ status: z.enum(UPI_CLAIM_STATUSES).default('pending') });
export const upiClaimParams = z.object({ claimId: z.uuid() });

const classRef = z.object({ assignClassId: z.uuid(), masterClass: z.string(), className: z.string(), section: z.string() });

/** A claim in the office's list. */
export const upiClaim = z.object({
  claimId: z.uuid(),
  status: z.enum(UPI_CLAIM_STATUSES),
  student: personRef,
  class: classRef.nullable(),
  emiId: z.uuid(),
  seq: z.number().int(),
  dueDate: z.string(),
  /** What the parent says it paid (paise): the instalment and late fee when it claimed. */
  amount: z.number().int(),
  reference: z.string(),
  claimedAt: z.string(),
  claimedBy: personRef.nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: personRef.nullable(),
  /** The receipt of a confirmed claim. */
  receiptNo: z.number().int().nullable(),
  /** Why a rejected claim was rejected (as the parent was told). */
  rejectReason: z.string().nullable(),
  /**
   * Its reference is on another pending or confirmed claim or a live payment of the school too
   * (a repeat that came in before one reference could pay only once): check before confirming.
   */
  repeat: z.boolean(),
});
export type UpiClaim = z.infer<typeof upiClaim>;
/** Confirming: the day the money reached the bank (school-local, not after today; absent: today). */
export const upiConfirmBody = z.object({ paidOn: dateIn('2000-01-01', '2100-12-31').optional() });
export const upiConfirmResult = z.object({ claim: upiClaim, payment });
export const upiRejectBody = z.object({ reason: text(200).min(3, 'Give a reason') });

// The daily settlement report ----------------------------------------------------------------

export const SETTLEMENT_FORMATS = ['json', 'csv'] as const;
export const settlementQuery = z.object({
  /** The school-local day. */
  date: dateIn('2000-01-01', '2100-12-31'),
  format: z.enum(SETTLEMENT_FORMATS).default('json'),
  /** The CSV's headings. */
  lang: z.enum(['en', 'hi']).default('en'),
});
/** Payments of one kind on the day: how many, their sum (paise, late fees included) and the late fees in it. */
export const settlementLine = z.object({ count: z.number().int(), amount: z.number().int(), lateFee: z.number().int() });
export type SettlementLine = z.infer<typeof settlementLine>;
/** Money the gateway took that no instalment matched (flagged for a refund), whenever it came. */
export const unmatchedOrder = z.object({
  orderId: z.uuid(),
  gatewayOrderId: z.string(),
  gatewayPaymentId: z.string().nullable(),
  method: z.string().nullable(),
  amount: z.number().int(),
  reason: z.string().nullable(),
  at: z.string(),
  student: personRef,
});
export type UnmatchedOrder = z.infer<typeof unmatchedOrder>;
/** How many unmatched orders the report lists at most (the count and sum cover them all). */
export const SETTLEMENT_UNMATCHED_MAX = 100;
export const settlementReport = z.object({
  date: z.string(),
  /** Paid online, by the gateway's method (upi, card, netbanking…; `unknown` when it named none). */
  gateway: z.array(settlementLine.extend({ method: z.string() })),
  /** UPI references the office confirmed, paid on the day. */
  upiConfirmed: settlementLine,
  /**
   * UPI references still waiting for the office, whatever the day they were entered (money the
   * bank may hold already); `ofDay`: those of them entered on the day.
   */
  upiPending: z.object({ count: z.number().int(), amount: z.number().int(), ofDay: z.object({ count: z.number().int(), amount: z.number().int() }) }),
  /** Taken by the office: cash, cheque, bank transfer (each listed, zero or not). */
  counter: z.array(settlementLine.extend({ mode: z.enum(['cash', 'cheque', 'bank_transfer']) })),
  /** Everything received on the day (gateway, confirmed UPI, counter); reversed payments left out. */
  total: settlementLine,
  unmatched: z.object({ count: z.number().int(), amount: z.number().int(), orders: z.array(unmatchedOrder) }),
});
export type SettlementReport = z.infer<typeof settlementReport>;
