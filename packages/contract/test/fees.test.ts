import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CLASS_FEE_PARTS,
  FEE_TYPES_PER_RECORD_MAX,
  INSTALMENTS_MAX,
  MONEY_MAX,
  PERCENT_BP_MAX,
  TAX_BP_MAX,
  classFeeTotal,
  feeRecordTotal,
  LATE_FEE_DAYS_MAX,
  lateFeeFor,
  lateFeeRuleInput,
  monthlyDueDates,
  percentOf,
  recordTuition,
  splitInstalments,
  tuitionOfPayments,
  type FeeAdjustmentRule,
  type LateFeeTerms,
} from '../src/fees.js';
import { formatRupees } from '../src/money.js';

/**
 * The money rules of fees (packages/contract/src/fees.ts), for any amounts within the limits the
 * schemas allow: every total the server stores and every screen shows comes from these.
 */

/** Paise as the API carries them (the `paise` schema's range). */
const anyPaise = fc.integer({ min: -MONEY_MAX * 100, max: MONEY_MAX * 100 });
const anyBp = fc.integer({ min: -PERCENT_BP_MAX, max: PERCENT_BP_MAX });
const part = fc.integer({ min: 0, max: MONEY_MAX });

/** Round half up on the magnitude, by BigInt arithmetic written differently from fees.ts. */
function referencePercent(amount: number, bp: number): number {
  const product = BigInt(amount) * BigInt(bp);
  const magnitude = product < 0n ? -product : product;
  const whole = magnitude / 10_000n;
  const rest = magnitude % 10_000n;
  const rounded = rest * 2n >= 10_000n ? whole + 1n : whole;
  return Number(product < 0n ? -rounded : rounded);
}

describe('percentOf (basis points, half up on the magnitude)', () => {
  it('equals a BigInt reference for any amount and percent within the limits', () => {
    fc.assert(fc.property(anyPaise, anyBp, (a, p) => percentOf(a, p) === referencePercent(a, p)));
  });

  it('is odd-symmetric in the amount and in the percent', () => {
    fc.assert(
      fc.property(anyPaise, anyBp, (a, p) => {
        expect(percentOf(-a, p)).toBe(-percentOf(a, p) || 0);
        expect(percentOf(a, -p)).toBe(-percentOf(a, p) || 0);
      }),
    );
  });

  it('is within half a paisa of the exact value and exact at 0 % and 100 %', () => {
    fc.assert(
      fc.property(anyPaise, anyBp, (a, p) => {
        const exact = (a * p) / 10_000; // |a·p| ≤ 1e15 < 2^53: exact enough to compare with ½
        expect(Math.abs(percentOf(a, p) - exact)).toBeLessThanOrEqual(0.5);
        expect(percentOf(a, 10_000)).toBe(a);
        expect(percentOf(a, 0)).toBe(0);
        expect(percentOf(0, p)).toBe(0);
      }),
    );
  });

  it('rounds halves away from zero', () => {
    expect(percentOf(125, 1_000)).toBe(13); // 12.5 paise
    expect(percentOf(-125, 1_000)).toBe(-13);
    expect(percentOf(124, 1_000)).toBe(12); // 12.4
    expect(percentOf(1, 5_000)).toBe(1); // 0.5
    expect(percentOf(1, 4_999)).toBe(0);
    expect(percentOf(MONEY_MAX * 100, PERCENT_BP_MAX)).toBe(MONEY_MAX * 100);
  });
});

const classFeeArb = fc.record({
  academic: part,
  convenience: part,
  development: part,
  tuition: part,
  other: part,
  taxBp: fc.integer({ min: 0, max: TAX_BP_MAX }),
});

describe('classFeeTotal', () => {
  it('is the parts plus the tax, the tax being percentOf(subtotal, taxBp)', () => {
    fc.assert(
      fc.property(classFeeArb, (fee) => {
        const { subtotal, tax, total } = classFeeTotal(fee);
        expect(subtotal).toBe(CLASS_FEE_PARTS.reduce((s, p) => s + fee[p], 0));
        expect(tax).toBe(percentOf(subtotal, fee.taxBp));
        expect(total).toBe(subtotal + tax);
        expect(Number.isSafeInteger(total)).toBe(true);
        expect(total).toBeGreaterThanOrEqual(subtotal);
      }),
    );
  });

  it('computes an example by hand', () => {
    // ₹1,000 + ₹250.50 + ₹0 + ₹5,000 + ₹99.99 = ₹6,350.49; 18 % = ₹1,143.0882 → ₹1,143.09
    const fee = { academic: 100_000, convenience: 25_050, development: 0, tuition: 500_000, other: 9_999, taxBp: 1_800 };
    expect(classFeeTotal(fee)).toEqual({ subtotal: 635_049, tax: 114_309, total: 749_358 });
  });
});

const ruleArb: fc.Arbitrary<FeeAdjustmentRule> = fc.oneof(
  fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: -MONEY_MAX, max: MONEY_MAX }).filter((v) => v !== 0) }),
  fc.record({ kind: fc.constant('percent' as const), value: anyBp.filter((v) => v !== 0) }),
);
const rulesArb = fc.array(ruleArb, { maxLength: FEE_TYPES_PER_RECORD_MAX });
/** A class fee's total: five parts of at most ₹1 crore and up to 100 % tax. */
const classTotalArb = fc.integer({ min: 0, max: 10 * MONEY_MAX });

describe('feeRecordTotal (amounts first, then each percent on that same subtotal)', () => {
  it('applies the amounts, then every percent to the subtotal, without compounding', () => {
    fc.assert(
      fc.property(classTotalArb, rulesArb, (classFee, rules) => {
        const { subtotal, amounts, total } = feeRecordTotal(classFee, rules);
        const amountSum = rules.filter((r) => r.kind === 'amount').reduce((s, r) => s + r.value, 0);
        expect(subtotal).toBe(classFee + amountSum);
        rules.forEach((r, i) => expect(amounts[i]).toBe(r.kind === 'amount' ? r.value : percentOf(subtotal, r.value)));
        const percentSum = rules.reduce((s, r, i) => (r.kind === 'percent' ? s + amounts[i]! : s), 0);
        expect(total).toBe(subtotal + percentSum);
      }),
    );
  });

  it('lists amounts that add up to total − class fee', () => {
    fc.assert(
      fc.property(classTotalArb, rulesArb, (classFee, rules) => {
        const { amounts, total } = feeRecordTotal(classFee, rules);
        expect(amounts).toHaveLength(rules.length);
        expect(amounts.reduce((s, a) => s + a, 0)).toBe(total - classFee);
      }),
    );
  });

  it('does not depend on the order of the fee types (no compounding)', () => {
    fc.assert(
      fc.property(classTotalArb, rulesArb, (classFee, rules) => {
        const reversed = [...rules].reverse();
        const a = feeRecordTotal(classFee, rules);
        const b = feeRecordTotal(classFee, reversed);
        expect(b.total).toBe(a.total);
        expect(b.amounts).toEqual([...a.amounts].reverse());
      }),
    );
  });

  it('computes an example by hand', () => {
    // ₹10,000 − ₹500 concession = ₹9,500; +10 % late fee on ₹9,500 = ₹950; −5 % sibling discount = −₹475
    const rules: FeeAdjustmentRule[] = [
      { kind: 'percent', value: 1_000 },
      { kind: 'amount', value: -50_000 },
      { kind: 'percent', value: -500 },
    ];
    expect(feeRecordTotal(1_000_000, rules)).toEqual({ subtotal: 950_000, amounts: [95_000, -50_000, -47_500], total: 997_500 });
    expect(feeRecordTotal(1_000_000, [])).toEqual({ subtotal: 1_000_000, amounts: [], total: 1_000_000 });
  });
});

describe('the tuition of a record and of its payments (the 80C certificate)', () => {
  it('counts the class fee’s tuition, not a fee type that adds; a concession takes off tuition in proportion', () => {
    // The demo's DEMO-S0001: class 5 (tuition ₹30,000 of ₹40,500) with Transport (₹6,000).
    expect(recordTuition({ classTuition: 3_000_000, classTotal: 4_050_000, classFee: 4_050_000, adjustments: [{ amount: 600_000 }], total: 4_650_000 })).toBe(3_000_000);
    // A 10 % sibling discount: 90 % of the tuition.
    expect(recordTuition({ classTuition: 3_000_000, classTotal: 4_050_000, classFee: 4_050_000, adjustments: [{ amount: -405_000 }], total: 3_645_000 })).toBe(2_700_000);
    // Four instalments of ₹11,625: ₹7,500 of tuition each, ₹30,000 in all.
    expect(tuitionOfPayments(3_000_000, 4_650_000, [1_162_500, 1_162_500])).toEqual([750_000, 750_000]);
  });

  it('gives each payment a part between 0 and what it paid, adding up to the tuition when the record is paid', () => {
    const plan = fc
      .integer({ min: 1, max: INSTALMENTS_MAX })
      .chain((count) => fc.tuple(fc.integer({ min: count, max: 10 * MONEY_MAX }), fc.constant(count)))
      .chain(([total, count]) => fc.tuple(fc.constant(total), fc.constant(count), fc.integer({ min: 0, max: total })));
    fc.assert(
      fc.property(plan, ([total, count, tuition]) => {
        const amounts = splitInstalments(total, count);
        const parts = tuitionOfPayments(tuition, total, amounts);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(tuition);
        parts.forEach((p, i) => {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(amounts[i]!);
        });
      }),
    );
  });
});

describe('splitInstalments (the last takes the remainder)', () => {
  const plan = fc
    .integer({ min: 1, max: INSTALMENTS_MAX })
    .chain((count) => fc.tuple(fc.integer({ min: count, max: 10 * MONEY_MAX }), fc.constant(count)));

  it('adds up exactly, every part > 0, all equal but the last, the last ≥ the others and < others + count', () => {
    fc.assert(
      fc.property(plan, ([balance, count]) => {
        const parts = splitInstalments(balance, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(balance);
        for (const p of parts) {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThan(0);
        }
        const first = parts[0]!;
        const last = parts.at(-1)!;
        parts.slice(0, -1).forEach((p) => expect(p).toBe(first));
        if (count > 1) {
          expect(last).toBeGreaterThanOrEqual(first);
          expect(last).toBeLessThan(first + count);
        }
      }),
    );
  });

  it('refuses a count above the balance, below 1, or not whole', () => {
    expect(splitInstalments(1_000, 3)).toEqual([333, 333, 334]);
    expect(splitInstalments(5, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(() => splitInstalments(4, 5)).toThrow(RangeError);
    expect(() => splitInstalments(100, 0)).toThrow(RangeError);
    expect(() => splitInstalments(100.5, 2)).toThrow(RangeError);
    expect(() => splitInstalments(100, 1.5)).toThrow(RangeError);
  });
});

describe('monthlyDueDates', () => {
  const DAY_MS = 86_400_000;
  const startArb = fc
    .integer({ min: Date.UTC(2000, 0, 1) / DAY_MS, max: Date.UTC(2099, 0, 1) / DAY_MS })
    .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
  const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const parse = (d: string) => d.split('-').map(Number) as [number, number, number];

  it('is strictly increasing, one per month with none skipped, the start day clamped to each month’s end', () => {
    fc.assert(
      fc.property(startArb, fc.integer({ min: 1, max: INSTALMENTS_MAX }), (start, count) => {
        const dates = monthlyDueDates(start, count);
        expect(dates).toHaveLength(count);
        expect(dates[0]).toBe(start);
        const [, , startDay] = parse(start);
        dates.forEach((d, i) => {
          expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          // A real calendar date (no 30 February).
          expect(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)).toBe(d);
          const [y, m, day] = parse(d);
          expect(day).toBe(Math.min(startDay, lastDay(y, m)));
          if (i > 0) {
            expect(d > dates[i - 1]!).toBe(true);
            const [py, pm] = parse(dates[i - 1]!);
            expect(y * 12 + m).toBe(py * 12 + pm + 1);
          }
        });
      }),
    );
  });

  it('clamps 31 January to the end of February (leap years too) and goes back to the 31st', () => {
    expect(monthlyDueDates('2025-01-31', 4)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
    expect(monthlyDueDates('2024-01-31', 3)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
    expect(monthlyDueDates('2026-11-30', 4)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28']);
    expect(monthlyDueDates('2026-04-10', 0)).toEqual([]);
  });
});

describe('formatRupees (Indian grouping, two decimals)', () => {
  it('formats the examples', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(99)).toBe('₹0.99');
    expect(formatRupees(100)).toBe('₹1.00');
    expect(formatRupees(100_000)).toBe('₹1,000.00');
    expect(formatRupees(12_345_600)).toBe('₹1,23,456.00');
    expect(formatRupees(1_234_567_890)).toBe('₹1,23,45,678.90');
    expect(formatRupees(MONEY_MAX * 100)).toBe('₹1,00,00,00,000.00');
    expect(formatRupees(-5)).toBe('-₹0.05');
    expect(formatRupees(-12_345_600)).toBe('-₹1,23,456.00');
    expect(formatRupees(12_345_600, { symbol: false })).toBe('1,23,456.00');
    expect(formatRupees(-0)).toBe('₹0.00');
  });

  it('groups the Indian way and reads back to the same paise', () => {
    fc.assert(
      fc.property(anyPaise, (p) => {
        const text = formatRupees(p);
        expect(text).toMatch(/^-?₹(\d{1,3}|[1-9]\d?(,\d{2})*,\d{3})\.\d{2}$/);
        expect(text.startsWith('-')).toBe(p < 0);
        const digits = Number(text.replace(/[^\d]/g, ''));
        expect(p < 0 ? -digits : digits).toBe(p);
      }),
    );
  });

  it('agrees with the en-IN number format', () => {
    const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(anyPaise, (p) => {
        expect(formatRupees(p, { symbol: false })).toBe(inr.format(p / 100));
      }),
    );
  });
});

/** A late-fee rule as the schema admits it (what a kind does not use at 0 or null). */
const lateRuleArb: fc.Arbitrary<LateFeeTerms> = fc.oneof(
  fc.record({ kind: fc.constant('fixed' as const), afterDays: fc.integer({ min: 0, max: LATE_FEE_DAYS_MAX }), amount: fc.integer({ min: 1, max: MONEY_MAX }), percentBp: fc.constant(0), cap: fc.constant(null) }),
  fc.record({ kind: fc.constant('per_day' as const), afterDays: fc.integer({ min: 0, max: LATE_FEE_DAYS_MAX }), amount: fc.integer({ min: 1, max: MONEY_MAX }), percentBp: fc.constant(0), cap: fc.integer({ min: 1, max: MONEY_MAX }) }),
  fc.record({ kind: fc.constant('percent' as const), afterDays: fc.integer({ min: 0, max: LATE_FEE_DAYS_MAX }), amount: fc.constant(0), percentBp: fc.integer({ min: 1, max: PERCENT_BP_MAX }), cap: fc.option(fc.integer({ min: 1, max: MONEY_MAX }), { nil: null }) }),
);
/** An instalment: at least one paisa, at most ₹1 crore. */
const instalmentArb = fc.integer({ min: 1, max: MONEY_MAX });
/** Days past the due date: from before it to a century after. */
const daysArb = fc.integer({ min: -30, max: 36_600 });

describe('lateFeeFor (the late fee of an instalment some days overdue)', () => {
  it('takes only rules the schema admits', () => {
    fc.assert(fc.property(lateRuleArb, (rule) => lateFeeRuleInput.safeParse({ ...rule, sessionId: '00000000-0000-4000-8000-000000000000', active: true }).success));
    const ok = { sessionId: '00000000-0000-4000-8000-000000000000', kind: 'per_day', afterDays: 0, amount: 1_000, percentBp: 0, cap: 50_000, active: true };
    expect(lateFeeRuleInput.safeParse(ok).success).toBe(true);
    const codes = (v: object) => (lateFeeRuleInput.safeParse({ ...ok, ...v }).error?.issues ?? []).map((i) => [i.path.join('.'), (i as { params?: { code?: string } }).params?.code ?? i.code]);
    expect(codes({ cap: null })).toEqual([['cap', 'late_fee_cap']]);
    expect(codes({ amount: 0 })).toEqual([['amount', 'late_fee_value']]);
    expect(codes({ kind: 'percent', percentBp: 0 })).toEqual([['percentBp', 'late_fee_value']]);
    expect(codes({ afterDays: LATE_FEE_DAYS_MAX + 1 })).toEqual([['afterDays', 'too_big']]);
    expect(codes({ amount: 1.5 })).toEqual([['amount', 'invalid_type']]);
  });

  it('is whole paise, never negative, never above the cap, and nothing within the days of grace', () => {
    fc.assert(
      fc.property(lateRuleArb, instalmentArb, daysArb, (rule, instalment, days) => {
        const fee = lateFeeFor(rule, instalment, days);
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        if (rule.cap !== null) expect(fee).toBeLessThanOrEqual(rule.cap);
        if (days <= rule.afterDays) expect(fee).toBe(0);
        // Past the grace something is due, unless the percent of a tiny instalment rounds to nothing.
        else if (rule.kind !== 'percent' || percentOf(instalment, rule.percentBp) > 0) expect(fee).toBeGreaterThan(0);
      }),
    );
  });

  it('never falls as the days go by', () => {
    fc.assert(
      fc.property(lateRuleArb, instalmentArb, daysArb, fc.integer({ min: 1, max: 400 }), (rule, instalment, days, more) => {
        expect(lateFeeFor(rule, instalment, days + more)).toBeGreaterThanOrEqual(lateFeeFor(rule, instalment, days));
      }),
    );
  });

  it('is, once the grace is over: fixed the amount exactly, per day the amount times the days beyond it up to the cap, percent the instalment’s percent (half up) up to the cap', () => {
    fc.assert(
      fc.property(lateRuleArb, instalmentArb, fc.integer({ min: 1, max: 36_500 }), (rule, instalment, beyond) => {
        const fee = lateFeeFor(rule, instalment, rule.afterDays + beyond);
        const cap = rule.cap ?? Infinity;
        if (rule.kind === 'fixed') expect(fee).toBe(rule.amount);
        if (rule.kind === 'per_day') expect(fee).toBe(Math.min(rule.amount * beyond, cap)); // ≤ 1e9 × 36,500: exact
        if (rule.kind === 'percent') expect(fee).toBe(Math.min(referencePercent(instalment, rule.percentBp), cap));
      }),
    );
    // ₹10 a day after 3 days of grace, at most ₹50: nothing on days 1–3, ₹10 on day 4, ₹50 from day 8.
    const perDay: LateFeeTerms = { kind: 'per_day', afterDays: 3, amount: 1_000, percentBp: 0, cap: 5_000 };
    expect([1, 3, 4, 5, 7, 8, 30].map((d) => lateFeeFor(perDay, 1_00_000, d))).toEqual([0, 0, 1_000, 2_000, 4_000, 5_000, 5_000]);
    // 2.5 % of ₹333.33 is 833.325 paise: 833.
    expect(lateFeeFor({ kind: 'percent', afterDays: 0, amount: 0, percentBp: 250, cap: null }, 33_333, 1)).toBe(833);
  });
});
