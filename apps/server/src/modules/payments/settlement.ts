import { sql } from 'drizzle-orm';
import { SETTLEMENT_UNMATCHED_MAX, type SettlementLine, type SettlementReport, type UnmatchedOrder } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { runNamed as run } from '../../db/prepared.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { fullName } from '../users/service.js';
import { plainRupees } from './upi.js';

/**
 * Fees, part "settlement" (issue 25): one school day's money, to reconcile with the bank and the
 * gateway. For the school-local day asked:
 * - live payments dated that day (reversed ones left out), late fees included: online by the
 *   gateway's method (its order's), UPI the office confirmed (mode `upi`), and the counter's
 *   modes (cash, cheque, bank transfer);
 * - UPI references parents entered and the office has not decided yet: all of them, whatever the
 *   day they came (money the bank may hold already), their count and sum; and apart, those entered
 *   that day (the school's day: its time zone; `fee_upi_claims_school_idx`);
 * - the gateway's money no instalment matched (`fee_orders` unmatched, any day, with the reason),
 *   their count and sum, and the first `SETTLEMENT_UNMATCHED_MAX` of them, the oldest first.
 * One statement. As CSV: a header row, then one row per line, amounts in rupees with two decimals.
 */

const COUNTER_MODES = ['cash', 'cheque', 'bank_transfer'] as const;
type Num = number | string | null;
const num = (v: Num | undefined) => Number(v ?? 0);

interface Row {
  payments: Array<{ mode: string; method: string | null; n: Num; amount: Num; late_fee: Num }>;
  pending: { n: Num; amount: Num; day_n: Num; day_amount: Num };
  unmatched: { n: Num; amount: Num };
  orders: Array<{
    id: string;
    gateway_order_id: string;
    gateway_payment_id: string | null;
    method: string | null;
    amount: Num;
    reason: string | null;
    at: string;
    student_id: string;
    first_name: string;
    last_name: string;
    login_id: string;
  }>;
}

/** `GET /api/school/feereport/settlement`: the day's settlement (the CSV is made of it by `settlementCsv`). */
export async function feeSettlement(deps: Pick<Deps, 'data'>, caller: Caller, q: { date: string }): Promise<SettlementReport> {
  const schoolId = scopeOf(caller);
  const [row] = await run<Row>(
    tenantDb(deps, schoolId),
    'fee_settlement',
    sql`with s as (select time_zone from schools where id = ${schoolId}::uuid)
      select
        (select coalesce(json_agg(g), '[]'::json) from (
          select p.mode, case when p.mode = 'online' then coalesce(o.method, 'unknown') end as method,
            count(*) as n, sum(p.amount + p.late_fee) as amount, sum(p.late_fee) as late_fee
          from fee_payments p
          left join fee_orders o on o.school_id = p.school_id and o.id = p.order_id
          where p.school_id = ${schoolId}::uuid and p.paid_on = ${q.date}::date and p.reversed_at is null
          group by 1, 2 order by 1, 2) g) as payments,
        (select json_build_object('n', count(*), 'amount', coalesce(sum(c.amount), 0),
            'day_n', count(*) filter (where c.created_at >= (${q.date}::date::timestamp at time zone s.time_zone)
              and c.created_at < ((${q.date}::date + 1)::timestamp at time zone s.time_zone)),
            'day_amount', coalesce(sum(c.amount) filter (where c.created_at >= (${q.date}::date::timestamp at time zone s.time_zone)
              and c.created_at < ((${q.date}::date + 1)::timestamp at time zone s.time_zone)), 0))
          from fee_upi_claims c, s
          where c.school_id = ${schoolId}::uuid and c.status = 'pending') as pending,
        (select json_build_object('n', count(*), 'amount', coalesce(sum(o.amount), 0)) from fee_orders o
          where o.school_id = ${schoolId}::uuid and o.status = 'unmatched') as unmatched,
        (select coalesce(json_agg(u), '[]'::json) from (
          select o.id, o.gateway_order_id, o.gateway_payment_id, o.method, o.amount, o.reason, coalesce(o.paid_at, o.created_at) as at,
            o.student_id, st.first_name, st.last_name, st.login_id
          from fee_orders o join users st on st.id = o.student_id
          where o.school_id = ${schoolId}::uuid and o.status = 'unmatched'
          order by coalesce(o.paid_at, o.created_at), o.id
          limit ${SETTLEMENT_UNMATCHED_MAX}) u) as orders`,
  );
  const r = row!;
  const line = (rows: Row['payments']): SettlementLine => ({
    count: rows.reduce((s, x) => s + num(x.n), 0),
    amount: rows.reduce((s, x) => s + num(x.amount), 0),
    lateFee: rows.reduce((s, x) => s + num(x.late_fee), 0),
  });
  const online = r.payments.filter((p) => p.mode === 'online');
  const gateway = [...new Set(online.map((p) => p.method!))].map((method) => ({ method, ...line(online.filter((p) => p.method === method)) }));
  const upiConfirmed = line(r.payments.filter((p) => p.mode === 'upi'));
  const counter = COUNTER_MODES.map((mode) => ({ mode, ...line(r.payments.filter((p) => p.mode === mode)) }));
  const orders: UnmatchedOrder[] = r.orders.map((o) => ({
    orderId: o.id,
    gatewayOrderId: o.gateway_order_id,
    gatewayPaymentId: o.gateway_payment_id,
    method: o.method,
    amount: num(o.amount),
    reason: o.reason,
    at: new Date(o.at).toISOString(),
    student: { userId: o.student_id, fullName: fullName({ firstName: o.first_name, lastName: o.last_name }), loginId: o.login_id },
  }));
  return {
    date: q.date,
    gateway,
    upiConfirmed,
    upiPending: { count: num(r.pending.n), amount: num(r.pending.amount), ofDay: { count: num(r.pending.day_n), amount: num(r.pending.day_amount) } },
    counter,
    total: line(r.payments),
    unmatched: { count: num(r.unmatched.n), amount: num(r.unmatched.amount), orders },
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

const HEADINGS = {
  en: {
    columns: ['Section', 'Item', 'Payments', 'Amount (₹)', 'Late fee (₹)', 'Detail'],
    gateway: 'Online (gateway)',
    upiConfirmed: 'UPI confirmed',
    upiPending: 'UPI pending confirmation',
    upiPendingOfDay: 'UPI pending, entered this day',
    counter: 'Counter',
    total: 'Total received',
    unmatched: 'Gateway unmatched',
    all: 'All',
    order: 'Order',
    modes: { cash: 'Cash', cheque: 'Cheque', bank_transfer: 'Bank transfer' },
  },
  hi: {
    columns: ['खंड', 'मद', 'भुगतान', 'राशि (₹)', 'विलंब शुल्क (₹)', 'विवरण'],
    gateway: 'ऑनलाइन (गेटवे)',
    upiConfirmed: 'यूपीआई पुष्ट',
    upiPending: 'यूपीआई पुष्टि बाकी',
    upiPendingOfDay: 'यूपीआई पुष्टि बाकी, इस दिन लिखे गए',
    counter: 'काउंटर',
    total: 'कुल प्राप्त',
    unmatched: 'गेटवे बेमेल',
    all: 'सभी',
    order: 'ऑर्डर',
    modes: { cash: 'नकद', cheque: 'चेक', bank_transfer: 'बैंक ट्रांसफ़र' },
  },
} as const;

/** A cell a spreadsheet reads as text: a leading formula character quoted off, quotes and commas escaped. */
function cell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The report as CSV (UTF-8 with a byte order mark, so spreadsheets show Hindi), headings in `lang`. */
export function settlementCsv(r: SettlementReport, lang: 'en' | 'hi'): string {
  const h = HEADINGS[lang];
  const money = (l: { amount: number; lateFee?: number }) => [plainRupees(l.amount), l.lateFee === undefined ? '' : plainRupees(l.lateFee)];
  const rows: Array<Array<string | number>> = [
    [...h.columns],
    ...r.gateway.map((g) => [h.gateway, g.method, g.count, ...money(g), '']),
    [h.upiConfirmed, 'upi', r.upiConfirmed.count, ...money(r.upiConfirmed), ''],
    ...r.counter.map((c) => [h.counter, h.modes[c.mode], c.count, ...money(c), '']),
    [h.total, h.all, r.total.count, ...money(r.total), ''],
    [h.upiPending, 'upi', r.upiPending.count, ...money(r.upiPending), ''],
    [h.upiPendingOfDay, 'upi', r.upiPending.ofDay.count, ...money(r.upiPending.ofDay), ''],
    [h.unmatched, h.all, r.unmatched.count, plainRupees(r.unmatched.amount), '', ''],
    ...r.unmatched.orders.map((o) => [
      h.unmatched,
      `${h.order} ${o.gatewayOrderId}`,
      1,
      plainRupees(o.amount),
      '',
      [`${o.student.fullName} (${o.student.loginId})`, o.gatewayPaymentId, o.method, o.at.slice(0, 10), o.reason].filter(Boolean).join(' · '),
    ]),
  ];
  return '\uFEFF' + rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
