import { z } from 'zod';
import { payOptions } from './fees-online.js';
import { pageQuery } from './envelope.js';
import { dateIn, optionalText, searchText, text } from './text.js';
import { personRef } from './academics.js';

/**
 * Fees (issue 9): fee types, class fees, a student's fee record, instalment (EMI) plans, payments
 * with gapless receipt numbers, reversals, dues, reports.
 *
 * Money is integer paise everywhere (database `bigint`, API numbers); the screens show rupees
 * with Indian grouping (₹1,23,456.00). Percents are basis points (1 % = 100 bp, 12.5 % = 1250).
 * Every total is computed here, by the functions below, on the server: a total sent by a client
 * is never read.
 */

// ---------------------------------------------------------------------------------------------
// Money arithmetic: one set of rules, property-tested (contract test) and used by server and web

/** The largest amount of one fee part, fee type or payment: ₹1 crore. */
export const MONEY_MAX = 1_000_000_000;
/** A percent fee type: between -100 % (a full waiver) and +100 %. */
export const PERCENT_BP_MAX = 10_000;
/** Tax on a class fee: 0 to 100 %. */
export const TAX_BP_MAX = 10_000;
/** Instalments a plan may have. */
export const INSTALMENTS_MAX = 24;
/** Fee types one fee record may carry. */
export const FEE_TYPES_PER_RECORD_MAX = 20;
/** Days before its due date that a parent is reminded of an instalment. */
export const DUE_SOON_DAYS = 3;

/**
 * `bp` basis points of `amount` paise, rounded half up on the magnitude (commercial rounding: 12.5
 * paise → 13, −12.5 → −13), exact for any integers (BigInt inside).
 */
export function percentOf(amount: number, bp: number): number {
  const product = BigInt(amount) * BigInt(bp);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return Number(negative ? -rounded : rounded);
}

/** The parts of a class fee, in paise, and its tax in basis points. */
export const CLASS_FEE_PARTS = ['academic', 'convenience', 'development', 'tuition', 'other'] as const;
export type ClassFeePart = (typeof CLASS_FEE_PARTS)[number];
export type ClassFeeAmounts = Record<ClassFeePart, number> & { taxBp: number };

/**
 * A class fee's total: the sum of its parts, plus tax on that sum (`percentOf`, half up).
 * Returns the subtotal, the tax and the total, all in paise.
 */
export function classFeeTotal(fee: ClassFeeAmounts): { subtotal: number; tax: number; total: number } {
  const subtotal = CLASS_FEE_PARTS.reduce((sum, part) => sum + fee[part], 0);
  const tax = percentOf(subtotal, fee.taxBp);
  return { subtotal, tax, total: subtotal + tax };
}

export const FEE_TYPE_KINDS = ['amount', 'percent'] as const;
export type FeeTypeKind = (typeof FEE_TYPE_KINDS)[number];

/** A fee type as it applies to a record: an amount in paise, or a percent in basis points. */
export interface FeeAdjustmentRule {
  kind: FeeTypeKind;
  /** Paise for `amount`, basis points for `percent`; negative for a discount. */
  value: number;
}

/**
 * A fee record's total, in the stated order:
 * 1. the class fee's total (tax included);
 * 2. plus every amount fee type (a negative amount is a concession): the subtotal;
 * 3. plus every percent fee type, each applied to that same subtotal (they do not compound),
 *    each rounded half up on its own (`percentOf`).
 * `amounts` lists what each fee type added, in the order given. A negative total is for the
 * caller to refuse (`fee_total_negative`).
 */
export function feeRecordTotal(classFee: number, rules: readonly FeeAdjustmentRule[]): { subtotal: number; amounts: number[]; total: number } {
  const subtotal = classFee + rules.reduce((sum, r) => (r.kind === 'amount' ? sum + r.value : sum), 0);
  const amounts = rules.map((r) => (r.kind === 'amount' ? r.value : percentOf(subtotal, r.value)));
  const total = subtotal + amounts.reduce((sum, a, i) => (rules[i]!.kind === 'percent' ? sum + a : sum), 0);
  return { subtotal, amounts, total };
}

/**
 * `balance` paise in `count` instalments: each the balance divided by the count, rounded down, and
 * the last takes the remainder, so they add up exactly. Needs `count <= balance` (every
 * instalment at least one paisa).
 */
export function splitInstalments(balance: number, count: number): number[] {
  if (!Number.isInteger(balance) || !Number.isInteger(count) || count < 1 || balance < count) {
    throw new RangeError('splitInstalments: needs 1 <= count <= balance (integers)');
  }
  const each = Math.floor(balance / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? balance - each * (count - 1) : each));
}

/** `a × b / c`, rounded half up, exact for any non-negative integers (BigInt inside); 0 when `c` is 0. */
function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  const product = BigInt(a) * BigInt(b);
  return Number((2n * product + BigInt(c)) / (2n * BigInt(c)));
}

/**
 * The tuition in a fee record, as the tuition-fee certificate (income tax, section 80C) states it:
 * 1. the class fee's tuition line (without tax), in the record's own class fee: when the class fee
 *    changed after the record was made, the same share of the record's class fee;
 * 2. a fee type that adds (transport, a late-fee percent) is not tuition;
 * 3. a concession (a negative fee type) takes off every part of the fee alike, tuition in
 *    proportion: tuition × total / (total before concessions).
 * Rounded half up once; never more than the record's total.
 */
export function recordTuition(r: { classTuition: number; classTotal: number; classFee: number; adjustments: readonly { amount: number }[]; total: number }): number {
  const tuition = r.classTotal === r.classFee ? r.classTuition : mulDivHalfUp(r.classTuition, r.classFee, r.classTotal);
  const gross = r.classFee + r.adjustments.reduce((sum, a) => (a.amount > 0 ? sum + a.amount : sum), 0);
  const net = gross > r.total ? mulDivHalfUp(tuition, r.total, gross) : tuition;
  return Math.max(0, Math.min(net, r.total));
}

/**
 * What each payment of a record paid towards its tuition, the payments in the order they were
 * made (not reversed; late fees left out): every paisa paid carries the record's tuition share
 * (`tuition / total`), counted on the running sum, so the parts add up exactly: the record paid in
 * full has paid exactly its tuition, and a payment's part is the tuition of everything paid up to
 * it less that of everything paid before it (each rounded half up; never more than it paid).
 */
export function tuitionOfPayments(tuition: number, total: number, amounts: readonly number[]): number[] {
  let paid = 0;
  let before = 0;
  return amounts.map((amount) => {
    paid += amount;
    const upTo = mulDivHalfUp(tuition, Math.min(Math.max(paid, 0), total), total);
    const part = upTo - before;
    before = upTo;
    return part;
  });
}

/**
 * `count` monthly due dates from `start` (`YYYY-MM-DD`): the same day of each following month, or
 * that month's last day when it is shorter (31 January → 28 or 29 February → 31 March).
 */
export function monthlyDueDates(start: string, count: number): string[] {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => {
    const month0 = m - 1 + i;
    const year = y + Math.floor(month0 / 12);
    const month = (month0 % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  });
}

export const LATE_FEE_KINDS = ['fixed', 'per_day', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];
/** Days of grace a late-fee rule may give after the due date. */
export const LATE_FEE_DAYS_MAX = 365;

/** What decides a late fee: the kind, the days of grace, the amount (paise), the percent (basis points), the cap (paise; null: none). */
export interface LateFeeTerms {
  kind: LateFeeKind;
  afterDays: number;
  amount: number;
  percentBp: number;
  cap: number | null;
}

/**
 * The late fee of an instalment of `instalment` paise that is `daysOverdue` days past its due date
 * (1 on the day after it), under `rule`: nothing while `daysOverdue` is at most `afterDays` (the
 * days of grace); after them
 * - `fixed`: `amount`, once (the cap does not apply);
 * - `per_day`: `amount` for each day beyond the grace, at most `cap`;
 * - `percent`: `percentBp` of the instalment (`percentOf`, half up), at most `cap` when set.
 * Integer paise, never negative for the rules the schema admits, never more than the cap, never
 * smaller a day later. The daily job computes the same in SQL (fees/late-fees.ts; a test holds
 * them equal).
 */
export function lateFeeFor(rule: LateFeeTerms, instalment: number, daysOverdue: number): number {
  const days = daysOverdue - rule.afterDays;
  if (days <= 0) return 0;
  if (rule.kind === 'fixed') return rule.amount;
  const raw = rule.kind === 'per_day' ? rule.amount * days : percentOf(instalment, rule.percentBp);
  return rule.cap === null ? raw : Math.min(raw, rule.cap);
}

// ---------------------------------------------------------------------------------------------
// Shapes shared by the routes

/** Paise, as the API carries money. */
export const paise = z.number().int().min(-MONEY_MAX * 100).max(MONEY_MAX * 100);
/** A fee part or payment: 0 to ₹1 crore. */
export const feePart = z.number().int('Enter whole paise').min(0).max(MONEY_MAX);
export const basisPoints = (min: number, max: number) => z.number().int().min(min).max(max);

const classRef = z.object({ assignClassId: z.uuid(), masterClass: z.string(), className: z.string(), section: z.string() });

// Fee types ------------------------------------------------------------------------------------

export const feeTypeInput = z
  .object({
    name: text(60).min(1, 'Required'),
    kind: z.enum(FEE_TYPE_KINDS),
    /** Paise for an amount (negative: a concession), basis points for a percent (negative: a discount). */
    value: z.number().int(),
    description: optionalText(300),
  })
  .refine((v) => (v.kind === 'amount' ? Math.abs(v.value) <= MONEY_MAX : Math.abs(v.value) <= PERCENT_BP_MAX), {
    message: 'The value is out of range',
    path: ['value'],
    params: { code: 'fee_value_range' },
  })
  .refine((v) => v.value !== 0, { message: 'Enter a value other than 0', path: ['value'], params: { code: 'fee_value_zero' } });
export type FeeTypeInput = z.infer<typeof feeTypeInput>;
export const feeTypeUpdate = z.object({ name: text(60).min(1, 'Required'), description: optionalText(300) }).partial();
export const feeType = z.object({
  feeTypeId: z.uuid(),
  name: z.string(),
  kind: z.enum(FEE_TYPE_KINDS),
  value: z.number().int(),
  description: z.string().nullable(),
  status: z.boolean(),
  createdAt: z.string(),
});
export type FeeType = z.infer<typeof feeType>;
export const feeTypeParams = z.object({ feeTypeId: z.uuid() });
export const feeTypeListQuery = pageQuery.extend({
  search: searchText(),
  status: z.enum(['active', 'inactive']).optional(),
});

// Class fees ---------------------------------------------------------------------------------

/** A class fee as entered: each part in paise (0 for none) and the tax in basis points. No total: the server computes it. */
export const classFeeInput = z.object({
  academic: feePart,
  convenience: feePart,
  development: feePart,
  tuition: feePart,
  other: feePart,
  taxBp: basisPoints(0, TAX_BP_MAX),
});
export type ClassFeeInput = z.infer<typeof classFeeInput>;
export const classFee = classFeeInput.extend({
  assignClassId: z.uuid(),
  sessionId: z.uuid(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  updatedAt: z.string(),
});
export type ClassFee = z.infer<typeof classFee>;
/** A class of a session with its fee, if set (the all-fees list). */
export const classFeeRow = z.object({ class: classRef, students: z.number().int(), fee: classFee.nullable() });
export type ClassFeeRow = z.infer<typeof classFeeRow>;
export const allFeeQuery = pageQuery.extend({ sessionId: z.uuid() });

// Fee records --------------------------------------------------------------------------------

/** A fee type as applied to one record: a copy taken when the record is made, so a later edit of the type does not change it. */
export const feeAdjustment = z.object({
  feeTypeId: z.uuid(),
  name: z.string(),
  kind: z.enum(FEE_TYPE_KINDS),
  value: z.number().int(),
  /** What it added to the total, in paise (negative: taken off). */
  amount: z.number().int(),
});
export type FeeAdjustment = z.infer<typeof feeAdjustment>;

export const INSTALMENT_STATES = ['paid', 'due', 'overdue'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

export const feeRecord = z.object({
  feeRecordId: z.uuid(),
  sessionId: z.uuid(),
  student: personRef.extend({ rollNo: z.number().int().nullable() }),
  class: classRef,
  /** The class fee's total when the record was made (its parts: the class fee). */
  classFee: z.number().int(),
  adjustments: z.array(feeAdjustment),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  /** Instalments of the plan, paid ones, and the next unpaid one's due date (null: none). */
  instalments: z.number().int(),
  instalmentsPaid: z.number().int(),
  nextDue: z.string().nullable(),
  overdue: z.number().int(),
  createdAt: z.string(),
});
export type FeeRecord = z.infer<typeof feeRecord>;
/** A student of the class and its record (null: no record yet). */
export const feeRecordRow = z.object({
  student: personRef.extend({ rollNo: z.number().int().nullable() }),
  record: feeRecord.nullable(),
});
export type FeeRecordRow = z.infer<typeof feeRecordRow>;
export const feeRecordListQuery = pageQuery.extend({
  assignClassId: z.uuid(),
  search: searchText(),
  /** with: students with a record; without: students without one; absent: all. */
  has: z.enum(['with', 'without']).optional(),
});
export const feeRecordInput = z.object({
  assignClassId: z.uuid(),
  /** Students of that class (all or none: one without a class place or with a record answers 409). */
  studentIds: z.array(z.uuid()).min(1).max(100),
  feeTypeIds: z.array(z.uuid()).max(FEE_TYPES_PER_RECORD_MAX).default([]),
});
export type FeeRecordInput = z.infer<typeof feeRecordInput>;
export const feeRecordUpdate = z.object({ feeTypeIds: z.array(z.uuid()).max(FEE_TYPES_PER_RECORD_MAX) });
export const feeRecordParams = z.object({ feeRecordId: z.uuid() });

// Instalments (EMI), payments, receipts ------------------------------------------------------

/** The modes staff record a payment in (at the office or the fee counter). */
export const PAYMENT_MODES = ['cash', 'upi', 'cheque', 'bank_transfer'] as const;
/** Every mode a payment may have: the staff's, and `online` (through the school's gateway, issue 25). */
export const PAID_MODES = [...PAYMENT_MODES, 'online'] as const;
export type PaymentMode = (typeof PAID_MODES)[number];

/**
 * A plan for a record's balance: `count` monthly instalments from `startDate`, or one instalment
 * per date of `dueDates` (ascending). Replaces the record's unpaid instalments; paid ones stay.
 */
export const emiPlanInput = z
  .object({
    feeRecordId: z.uuid(),
    count: z.number().int().min(1).max(INSTALMENTS_MAX).optional(),
    startDate: dateIn('2000-01-01', '2100-12-31').optional(),
    dueDates: z.array(dateIn('2000-01-01', '2100-12-31')).min(1).max(INSTALMENTS_MAX).optional(),
  })
  .refine((v) => (v.dueDates ? v.count === undefined && v.startDate === undefined : v.count !== undefined && v.startDate !== undefined), {
    message: 'Give a count and a start date, or the due dates',
    path: ['dueDates'],
    params: { code: 'emi_plan_shape' },
  })
  .refine((v) => !v.dueDates || v.dueDates.every((d, i, all) => i === 0 || d > all[i - 1]!), {
    message: 'Due dates must be in order, one per instalment',
    path: ['dueDates'],
    params: { code: 'emi_dates_order' },
  });
export type EmiPlanInput = z.infer<typeof emiPlanInput>;

export const payment = z.object({
  paymentId: z.uuid(),
  /** Gapless per school and session: 1, 2, 3 … */
  receiptNo: z.number().int().positive(),
  amount: z.number().int(),
  /** The late fee paid with it (paise, its own line on the receipt; 0: none). */
  lateFee: z.number().int(),
  mode: z.enum(PAID_MODES),
  reference: z.string().nullable(),
  paidOn: z.string(),
  receivedBy: personRef.nullable(),
  createdAt: z.string(),
  /** Payments made together (one online order, one collection at the counter): one receipt prints them all. */
  batchId: z.uuid().nullable(),
  /** A reversal keeps the receipt (numbers never go back) and says who, when and why, and the gateway refund made with it. */
  reversed: z
    .object({
      at: z.string(),
      by: personRef.nullable(),
      reason: z.string(),
      refund: z.object({ amount: z.number().int(), status: z.enum(['pending', 'processed', 'failed']) }).nullable(),
    })
    .nullable(),
  /** The instalment paid (null when a later plan replaced it after a reversal) and its number. */
  emiId: z.uuid().nullable(),
  seq: z.number().int(),
});
export type Payment = z.infer<typeof payment>;

export const instalment = z.object({
  emiId: z.uuid(),
  seq: z.number().int().positive(),
  dueDate: z.string(),
  amount: z.number().int().positive(),
  /** paid; due (not yet paid, due today or later); overdue (unpaid after its due date, school-local). */
  state: z.enum(INSTALMENT_STATES),
  /** The live payment of a paid instalment. */
  payment: payment.nullable(),
  /** The late fee charged on it and not waived (paise; 0: none), due with it. */
  lateFee: z.number().int(),
  /** A late fee the principal waived: how much, why. */
  lateFeeWaived: z.object({ amount: z.number().int(), reason: z.string() }).nullable(),
  /** The parent's UPI reference waiting for the office to confirm it. */
  upiClaim: z.object({ claimId: z.uuid(), reference: z.string(), claimedAt: z.string() }).nullable(),
});
export type Instalment = z.infer<typeof instalment>;

/** A student's fees in a session: the record with its breakdown, the plan and every payment. */
export const studentFees = z.object({
  student: personRef,
  sessionId: z.uuid(),
  /** null: no record yet (the screen says so). */
  record: feeRecord.nullable(),
  /** The class fee's parts, for the breakdown (null when the class has none). */
  classFee: classFee.nullable(),
  instalments: z.array(instalment),
  /** Every payment, reversed ones included, newest first. */
  payments: z.array(payment),
  /** The school's today (`YYYY-MM-DD`), which decides due and overdue. */
  today: z.string(),
  /** How the dues can be paid from home (online, UPI): nothing when the school set neither up. */
  payOptions,
});
export type StudentFees = z.infer<typeof studentFees>;
export const studentFeesParams = z.object({ studentId: z.uuid(), sessionId: z.uuid() });
export const emiParams = z.object({ emiId: z.uuid() });
export const markPaidBody = z.object({
  mode: z.enum(PAYMENT_MODES),
  /** UPI transaction id, cheque number, bank reference. */
  reference: optionalText(60),
  /** The day the money came in (school-local, not after today); absent: today. */
  paidOn: dateIn('2000-01-01', '2100-12-31').optional(),
});
export type MarkPaidBody = z.infer<typeof markPaidBody>;
/** The answer of marking paid: the payment, and whether this request made it (false: it was paid already). */
export const markPaidResult = z.object({ payment, created: z.boolean() });
export const reverseBody = z.object({
  reason: text(200).min(3, 'Give a reason'),
  /** An online payment only: refund it at the gateway with the reversal, whole (no amount) or in part (paise). */
  refund: z.object({ amount: z.number().int().positive().optional() }).optional(),
});
export const paymentParams = z.object({ paymentId: z.uuid() });
/** A receipt's language and layout: an A5 page, or an 80 mm thermal roll (the fee counter's printer). */
export const RECEIPT_LAYOUTS = ['a5', 'thermal'] as const;
export type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];
export const receiptQuery = z.object({ lang: z.enum(['en', 'hi']).default('en'), layout: z.enum(RECEIPT_LAYOUTS).default('a5') });

// Dues and reports -----------------------------------------------------------------------------

export const dueRow = z.object({
  emiId: z.uuid(),
  feeRecordId: z.uuid(),
  student: personRef.extend({ rollNo: z.number().int().nullable() }),
  class: classRef,
  seq: z.number().int(),
  dueDate: z.string(),
  amount: z.number().int(),
  daysOverdue: z.number().int(),
  /** The late fee charged on it and not waived (paise; 0: none). */
  lateFee: z.number().int(),
});
export type DueRow = z.infer<typeof dueRow>;
export const duesQuery = pageQuery.extend({ sessionId: z.uuid(), assignClassId: z.uuid().optional() });
/** Per class: the overdue instalments and their sum. */
export const duesByClass = z.object({ class: classRef, count: z.number().int(), amount: z.number().int() });
export type DuesByClass = z.infer<typeof duesByClass>;
export const sessionFeeQuery = z.object({ sessionId: z.uuid() });

/** The longest period a collection report covers, in days (both ends counted): a leap year. */
export const REPORT_DAYS_MAX = 366;
/** Days from `from` to `to` (`YYYY-MM-DD`), both counted. */
export function daysInclusive(from: string, to: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

export const COLLECTION_GROUPS = ['day', 'class', 'mode'] as const;
export type CollectionGroup = (typeof COLLECTION_GROUPS)[number];
export const collectionQuery = z
  .object({
    sessionId: z.uuid(),
    from: dateIn('2000-01-01', '2100-12-31'),
    to: dateIn('2000-01-01', '2100-12-31'),
    groupBy: z.enum(COLLECTION_GROUPS).default('day'),
  })
  .refine((v) => v.to >= v.from, { message: 'The end date must not be before the start date', path: ['to'], params: { code: 'end_before_start' } })
  .refine((v) => v.to < v.from || daysInclusive(v.from, v.to) <= REPORT_DAYS_MAX, {
    message: `Choose a period of at most ${REPORT_DAYS_MAX} days`,
    path: ['to'],
    params: { code: 'range_too_long', max: REPORT_DAYS_MAX },
  });
/**
 * Collected in a period: by day (`key` a date), by class (`key` the assignClassId, with `class`) or by
 * mode. `amount` is what came in, late fees included (as the counter's day and the settlement count
 * it); `lateFee` is the part of it that was late fees.
 */
export const collectionRow = z.object({ key: z.string(), class: classRef.nullable(), count: z.number().int(), amount: z.number().int(), lateFee: z.number().int() });
export const collectionReport = z.object({ rows: z.array(collectionRow), count: z.number().int(), amount: z.number().int(), lateFee: z.number().int() });
export type CollectionRow = z.infer<typeof collectionRow>;
export type CollectionReport = z.infer<typeof collectionReport>;
export const outstandingRow = z.object({
  class: classRef,
  records: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  overdue: z.number().int(),
});
export const outstandingReport = z.object({ rows: z.array(outstandingRow), total: z.number().int(), paid: z.number().int(), balance: z.number().int(), overdue: z.number().int() });
export type OutstandingRow = z.infer<typeof outstandingRow>;
export type OutstandingReport = z.infer<typeof outstandingReport>;
/** The fees overview of a session (the /feesdetails hub). */
export const feeSummary = z.object({
  sessionId: z.uuid(),
  records: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  overdue: z.number().int(),
  /** What came in today, late fees included. */
  collectedToday: z.number().int(),
  today: z.string(),
});
export type FeeSummary = z.infer<typeof feeSummary>;

// Late fees (issue 25) ---------------------------------------------------------------------------

/**
 * A school's late-fee rule for a session, as the principal sets it: the kind, the days of grace
 * after the due date, the amount (fixed or per day, paise), the percent of the instalment (basis
 * points), the cap (per day: required; percent: optional; fixed: none), on or off. What a kind
 * does not use is kept at 0 (or null).
 */
export const lateFeeRuleInput = z
  .object({
    sessionId: z.uuid(),
    kind: z.enum(LATE_FEE_KINDS),
    afterDays: z.number().int().min(0).max(LATE_FEE_DAYS_MAX),
    amount: feePart,
    percentBp: basisPoints(0, PERCENT_BP_MAX),
    cap: z.number().int('Enter whole paise').min(1).max(MONEY_MAX).nullable(),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' ? v.percentBp < 1 : v.amount < 1) {
      ctx.addIssue({ code: 'custom', path: [v.kind === 'percent' ? 'percentBp' : 'amount'], message: 'Enter the late fee', params: { code: 'late_fee_value' } });
    }
    if (v.kind === 'per_day' && v.cap === null) {
      ctx.addIssue({ code: 'custom', path: ['cap'], message: 'A late fee per day needs a cap', params: { code: 'late_fee_cap' } });
    }
  });
export type LateFeeRuleInput = z.infer<typeof lateFeeRuleInput>;
export const lateFeeRule = z.object({
  kind: z.enum(LATE_FEE_KINDS),
  afterDays: z.number().int(),
  amount: z.number().int(),
  percentBp: z.number().int(),
  cap: z.number().int().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
  updatedBy: personRef.nullable(),
});
export type LateFeeRule = z.infer<typeof lateFeeRule>;
const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });
/** A session's late-fee rule (null: none yet) and the late fees of its unpaid instalments: charged now, and waived. */
export const lateFeeSettings = z.object({
  sessionId: z.uuid(),
  rule: lateFeeRule.nullable(),
  charged: countAmount,
  waived: countAmount,
  /**
   * Whom a rule reaches (what the principal confirms before saving one): the session's unpaid
   * instalments and the families (a parent's children count once) they are of, those overdue today
   * (charged at once when a rule is saved), and the smallest unpaid instalment (null: none), which a
   * late fee should not exceed.
   */
  reach: z.object({
    families: z.number().int(),
    instalments: z.number().int(),
    overdueFamilies: z.number().int(),
    overdueInstalments: z.number().int(),
    smallest: z.number().int().nullable(),
  }),
  /** The school's today. */
  today: z.string(),
});
export type LateFeeSettings = z.infer<typeof lateFeeSettings>;
export const waiveLateFeeBody = z.object({ reason: text(200).min(3, 'Give a reason') });
