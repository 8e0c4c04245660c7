import { describe, expect, it } from 'vitest';
import { cashRounded, cashTallyTotal, type Instalment } from '@shala/contract';
import { defaultTicks, newBatchId, receiptNos, searchable, tickedTotal } from './logic';

const inst = (seq: number, state: Instalment['state'], amount: number, lateFee = 0): Instalment => ({
  emiId: `00000000-0000-4000-8000-00000000000${seq}`,
  seq,
  dueDate: `2026-0${seq}-10`,
  amount,
  state,
  payment: null,
  lateFee,
  lateFeeWaived: null,
  upiClaim: null,
});

describe('the fee counter', () => {
  it('ticks the overdue instalments and the next one due, and adds them up with their late fees', () => {
    const plan = [inst(1, 'paid', 500), inst(2, 'overdue', 800, 100), inst(3, 'overdue', 800), inst(4, 'due', 800), inst(5, 'due', 800)];
    const ticked = defaultTicks(plan);
    expect(ticked).toEqual([plan[1]!.emiId, plan[2]!.emiId, plan[3]!.emiId]);
    expect(tickedTotal(plan, new Set(ticked))).toBe(2_500);
    // A paid instalment never counts, ticked or not.
    expect(tickedTotal(plan, new Set([plan[0]!.emiId, plan[4]!.emiId]))).toBe(800);
    expect(defaultTicks([inst(1, 'due', 100), inst(2, 'due', 100)])).toEqual([inst(1, 'due', 100).emiId]);
  });

  it('searches from 2 characters or 1 digit, names receipt numbers as a run or a list, and makes v4 batch ids', () => {
    expect([searchable('a'), searchable(' 7 '), searchable('ab')]).toEqual([false, true, true]);
    expect(receiptNos([{ receiptNo: 14 }, { receiptNo: 12 }, { receiptNo: 13 }])).toBe('12–14');
    expect(receiptNos([{ receiptNo: 5 }, { receiptNo: 7 }])).toBe('5, 7');
    expect(receiptNos([{ receiptNo: 9 }])).toBe('9');
    const ids = new Set(Array.from({ length: 50 }, newBatchId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('tallies notes and coins in paise', () => {
    expect(cashTallyTotal({ 500: 3, 100: 2, 10: 4, 1: 7 })).toBe(174_700);
    expect(cashTallyTotal({})).toBe(0);
  });

  it('takes cash in whole rupees (50 paise up), and never ticks an instalment whose UPI reference waits for the office', () => {
    expect([cashRounded(1_192_475), cashRounded(1_192_450), cashRounded(1_192_449), cashRounded(1_192_500), cashRounded(0)]).toEqual([1_192_500, 1_192_500, 1_192_400, 1_192_500, 0]);
    const claimed = { ...inst(2, 'overdue', 800), upiClaim: { claimId: '00000000-0000-4000-8000-0000000000c1', reference: '412345678901', claimedAt: '2026-11-24T05:00:00.000Z' } };
    const plan = [inst(1, 'overdue', 800), claimed, inst(3, 'due', 800)];
    expect(defaultTicks(plan)).toEqual([plan[0]!.emiId, plan[2]!.emiId]);
  });
});
