import { INSTALMENTS_MAX, feeRecordTotal, formatRupees, monthlyDueDates, splitInstalments, type FeeType } from '@shala/contract';

/**
 * The arithmetic the records screens show before saving, with the contract's own functions (the
 * server computes the same again and its answer is the one kept).
 */

/** A fee type's value as a reader sees it: "+₹500.00", "−₹200.00", "+5%", "−12.5%". */
export function typeValue(t: Pick<FeeType, 'kind' | 'value'>): string {
  const sign = t.value < 0 ? '−' : '+';
  if (t.kind === 'amount') return `${sign}${formatRupees(Math.abs(t.value))}`;
  return `${sign}${Math.abs(t.value) / 100}%`;
}

export interface RecordPreview {
  /** The class fee, then each fee type with what it adds (negative: taken off). */
  lines: { feeTypeId: string | null; name: string; amount: number }[];
  total: number;
}

/** What a record of this class fee with these fee types (in order) comes to: `feeRecordTotal`. */
export function recordPreview(classFee: number, types: readonly Pick<FeeType, 'feeTypeId' | 'name' | 'kind' | 'value'>[]): RecordPreview {
  const totals = feeRecordTotal(
    classFee,
    types.map((t) => ({ kind: t.kind, value: t.value })),
  );
  return {
    lines: [{ feeTypeId: null, name: '', amount: classFee }, ...types.map((t, i) => ({ feeTypeId: t.feeTypeId, name: t.name, amount: totals.amounts[i]! }))],
    total: totals.total,
  };
}

export type PlanMode = 'monthly' | 'dates';

export interface PlanDraft {
  mode: PlanMode;
  /** Monthly: how many instalments and the first due date. */
  count: number | '';
  startDate: string;
  /** Chosen dates: one per instalment. */
  dates: string[];
}

export type PlanProblem = 'count' | 'start' | 'dates_missing' | 'dates_order' | 'too_many';

/** The instalments a plan would make of `balance` paise, or why it cannot be made yet. */
export function planPreview(balance: number, draft: PlanDraft): { rows: { seq: number; dueDate: string; amount: number }[] } | { problem: PlanProblem } {
  const ISO = /^\d{4}-\d{2}-\d{2}$/;
  let dates: string[];
  if (draft.mode === 'monthly') {
    const count = Number(draft.count);
    if (draft.count === '' || !Number.isInteger(count) || count < 1 || count > INSTALMENTS_MAX) return { problem: 'count' };
    if (!ISO.test(draft.startDate)) return { problem: 'start' };
    dates = monthlyDueDates(draft.startDate, count);
  } else {
    if (draft.dates.length === 0 || draft.dates.some((d) => !ISO.test(d))) return { problem: 'dates_missing' };
    if (draft.dates.some((d, i) => i > 0 && d <= draft.dates[i - 1]!)) return { problem: 'dates_order' };
    dates = draft.dates;
  }
  if (dates.length > balance) return { problem: 'too_many' };
  const amounts = splitInstalments(balance, dates.length);
  return { rows: amounts.map((amount, i) => ({ seq: i + 1, dueDate: dates[i]!, amount })) };
}

/** The plan as the API takes it. */
export function planBody(feeRecordId: string, draft: PlanDraft) {
  return draft.mode === 'monthly' ? { feeRecordId, count: Number(draft.count), startDate: draft.startDate } : { feeRecordId, dueDates: draft.dates };
}
