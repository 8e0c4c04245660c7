import { z } from 'zod';
import { personRef } from './academics.js';
import { dateIn, optionalText, text } from './text.js';
import { INSTALMENTS_MAX, PAID_MODES, PAYMENT_MODES, payment } from './fees.js';

/**
 * The fee counter (issue 25): the office takes a family's fees in one screen. A clerk types a
 * name, login id, roll number or phone; picks the student (any class of the current session); the
 * overdue and next due instalments are ticked; the mode and reference; one "Collect" records every
 * ticked instalment (its late fee with it) as payments of one batch, printed on one receipt (A5 or
 * an 80 mm thermal roll). The day's collection by mode stands at the top, and a cash tally closes
 * the day (kept, with who closed it). Money in paise.
 */

/** Hits a counter search answers, at most. */
export const COUNTER_HITS_MAX = 10;

export const counterSearchQuery = z.object({ q: text(100).min(1, 'Required') });

/** A student the counter found, with what it owes in the current session. */
export const counterHit = z.object({
  student: personRef.extend({ rollNo: z.number().int().nullable() }),
  class: z.object({ assignClassId: z.uuid(), masterClass: z.string(), className: z.string(), section: z.string() }),
  /** The student's own phone, and its parent (name and phone), when it has one. */
  contact: z.string().nullable(),
  parent: z.object({ fullName: z.string(), contact: z.string().nullable() }).nullable(),
  /**
   * Its fee record of the session (null: none): the balance, the instalments due by today (overdue or
   * due today) with their late fees, and the next unpaid due date.
   */
  dues: z
    .object({
      balance: z.number().int(),
      dueCount: z.number().int(),
      dueAmount: z.number().int(),
      nextDue: z.string().nullable(),
    })
    .nullable(),
});
export type CounterHit = z.infer<typeof counterHit>;

/** The search's answer: the current session (null: the school has none), the school's today, the hits. */
export const counterSearchResult = z.object({ sessionId: z.uuid().nullable(), today: z.string(), hits: z.array(counterHit) });
export type CounterSearchResult = z.infer<typeof counterSearchResult>;

const collectTerms = z.object({
  batchId: z.uuid(),
  mode: z.enum(PAYMENT_MODES),
  /** UPI transaction id, cheque number, bank reference. */
  reference: optionalText(60),
  /** The day the money came in (school-local, not after today); absent: today. */
  paidOn: dateIn('2000-01-01', '2100-12-31').optional(),
});

/**
 * A collection: the instalments ticked (`emiIds`, of one student), or a student's overdue and next
 * due instalments of the current session (`studentId`). `batchId` is made by the client once per
 * collection: sending it again (a double click, a retry after a lost answer) changes nothing and
 * answers the batch's payments.
 */
export const counterCollectInput = z.union([
  collectTerms.extend({ emiIds: z.array(z.uuid()).min(1).max(INSTALMENTS_MAX) }),
  collectTerms.extend({ studentId: z.uuid() }),
]);
export type CounterCollectInput = z.infer<typeof counterCollectInput>;

/** The batch's payments (receipt numbers in order), their total with late fees, and whether this request made them. */
export const counterCollectResult = z.object({
  batchId: z.uuid(),
  student: personRef,
  payments: z.array(payment),
  total: z.number().int(),
  created: z.boolean(),
});
export type CounterCollectResult = z.infer<typeof counterCollectResult>;

export const counterDayQuery = z.object({ date: dateIn('2000-01-01', '2100-12-31').optional() });

export const batchParams = z.object({ batchId: z.uuid() });

/**
 * Cash is taken in whole rupees (no coin below ₹1 is in use): what a cash collection (one batch, or
 * one payment outside a batch) comes to in the drawer is its total rounded to the nearest rupee,
 * 50 paise up. The payments keep their exact amounts; the receipt says what was taken in cash.
 */
export function cashRounded(paise: number): number {
  return Math.round(paise / 100) * 100;
}

/** Indian currency notes and coins a cash tally counts, in rupees, largest first. */
export const CASH_DENOMINATIONS = [500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
/** Pieces of one note or coin a tally may count. */
export const CASH_PIECES_MAX = 100_000;

/** The paise a tally's counts add up to (`counts[d]`: pieces of ₹d). */
export function cashTallyTotal(counts: Partial<Record<number, number>>): number {
  return CASH_DENOMINATIONS.reduce((sum, d) => sum + d * 100 * Math.max(0, Math.trunc(counts[d] ?? 0)), 0);
}

/** Pieces counted of each note and coin, keyed by the denomination in rupees (`{ "500": 12, "10": 3 }`). */
export const cashPieces = z.partialRecord(
  z.enum(CASH_DENOMINATIONS.map(String) as [string, ...string[]]),
  z.number().int().min(0).max(CASH_PIECES_MAX),
);
/** Closing a day with the cash counted (`date` absent: the school's today; never after it). */
export const cashCloseInput = z.object({ date: dateIn('2000-01-01', '2100-12-31').optional(), pieces: cashPieces });
export type CashCloseInput = z.infer<typeof cashCloseInput>;
/**
 * A day closed at the counter: the pieces counted, their total, the cash the day's payments expected
 * when it was closed, and the difference (negative: short). Each closing is kept; the latest counts.
 */
export const cashClosing = z.object({
  closingId: z.uuid(),
  date: z.string(),
  pieces: z.record(z.string(), z.number().int()),
  counted: z.number().int(),
  expected: z.number().int(),
  difference: z.number().int(),
  closedBy: personRef.nullable(),
  closedAt: z.string(),
});
export type CashClosing = z.infer<typeof cashClosing>;

/**
 * A day's collection: every mode (none left out), live payments only, late fees included; the cash a
 * drawer should hold (each cash collection rounded to the rupee, `cashRounded`); its latest closing.
 */
export const counterDay = z.object({
  date: z.string(),
  today: z.string(),
  modes: z.array(z.object({ mode: z.enum(PAID_MODES), count: z.number().int(), amount: z.number().int() })),
  count: z.number().int(),
  amount: z.number().int(),
  expectedCash: z.number().int(),
  closing: cashClosing.nullable(),
});
export type CounterDay = z.infer<typeof counterDay>;
