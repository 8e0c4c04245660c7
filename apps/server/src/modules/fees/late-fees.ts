import { sql, type SQL } from 'drizzle-orm';
import type { LateFeeKind, LateFeeRuleInput, LateFeeSettings, StudentFees } from '@shala/contract';
import type { AppJob, Caller, Deps } from '../../context.js';
import { PLATFORM, type DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { recordAudit } from '../privacy/index.js';
import { fullName } from '../users/service.js';
import { now as clockNow } from '../../clock.js';
import { lockInstalments } from './instalments.js';
import { loadStudentFees } from './student.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Late fees (issue 25): a school's rule per session (`fee_late_rules`: fixed after some days of
 * grace, an amount per day up to a cap, or a percent of the instalment), and the late fee of each
 * overdue unpaid instalment (`fee_late_fees`), assessed by a job of the queue in each school's own
 * today, once per instalment and day, and paid with the instalment (`lockInstalments` reads it,
 * `writePayments` records it on the payment: every way of paying pays it). The principal waives
 * one with a reason (who, when and why kept; an entry in the audit log); a waived late fee is
 * never assessed again.
 *
 * The amount is the contract's `lateFeeFor(rule, instalment, days overdue)`, written in SQL below
 * (`LATE_FEE_AMOUNT`) so that one statement assesses every school: test/fees-late.test.ts holds
 * the two equal on random rules. A late fee is what the rule says as of its last assessment, not a
 * sum of days: a rule that changes (PUT) re-assesses the session's unpaid, unwaived late fees at once.
 */

/**
 * `lateFeeFor` in SQL, over `r` (fee_late_rules), `i` (fee_instalments) and `d.today` (the
 * school's today): nothing within the days of grace; fixed: the amount; per day: the amount per
 * day beyond the grace, at most the cap; percent: basis points of the instalment rounded half up
 * (amounts are not negative: (a·bp + 5000) / 10000 in integers), at most the cap when set.
 * `least` passes over a null cap, as `lateFeeFor` does.
 */
const LATE_FEE_AMOUNT = sql`case
    when d.today - i.due_date <= r.after_days then 0::bigint
    when r.kind = 'fixed' then r.amount
    when r.kind = 'per_day' then least(r.amount * (d.today - i.due_date - r.after_days), r.cap)
    else least((i.amount * r.percent_bp + 5000) / 10000, r.cap)
  end`;

/**
 * One statement that assesses the late fees due on `now` (every school with an active rule, or
 * one school): the unpaid instalments of the rule's session past their due date in the school's
 * today, not yet assessed today and not waived, get the rule's amount for today (a new row, or the
 * row of an earlier day updated). Instalments a payment holds locked are left for the next run,
 * so a late fee never changes under a payment being written. The conflict clause keeps it once
 * per instalment and day when two runs meet, and never touches a waived row. Returns the
 * instalments assessed.
 */
export function assessStatement(now: Date, schoolId?: string): SQL {
  const oneSchool = schoolId ? sql` and r.school_id = ${schoolId}::uuid` : sql``;
  return sql`with d0 as (
      select r.school_id, r.session_id, (${now.toISOString()}::timestamptz at time zone s.time_zone)::date as today
      from fee_late_rules r join schools s on s.id = r.school_id and s.status and not s.is_draft
      where r.active${oneSchool}
    ), chosen as (
      select i.school_id, i.id, d.today, ${LATE_FEE_AMOUNT} as amount
      from d0 d
      join fee_late_rules r on r.school_id = d.school_id and r.session_id = d.session_id
      join fee_instalments i on i.school_id = d.school_id and i.session_id = d.session_id and not i.paid and i.due_date < d.today
      where not exists (
        select 1 from fee_late_fees f
        where f.school_id = i.school_id and f.instalment_id = i.id and (f.waived_at is not null or f.assessed_on >= d.today))
      for update of i skip locked
    )
    insert into fee_late_fees (school_id, instalment_id, amount, assessed_on)
    select school_id, id, amount, today from chosen where amount > 0
    on conflict (school_id, instalment_id) do update set amount = excluded.amount, assessed_on = excluded.assessed_on
      where fee_late_fees.waived_at is null and fee_late_fees.assessed_on < excluded.assessed_on
    returning instalment_id`;
}

/** Assesses the late fees of `now` in the caller's transaction or scope (the job, a rule's change, the demo seed). */
export async function assessLateFees(db: DbOrTx, now: Date, schoolId?: string): Promise<number> {
  return rowsOf(await db.execute(assessStatement(now, schoolId))).length;
}

/** One run of the job: every school with an active rule, in one statement. Returns the instalments assessed. */
export async function runLateFees(deps: Pick<Deps, 'data'>, now = clockNow()): Promise<number> {
  return inTenant(deps, PLATFORM, (tx) => assessLateFees(tx, now));
}

/**
 * The job: every hour at :07 and once at start. A school's day begins at its own midnight, so an
 * hourly run assesses each school within the hour its day begins, whatever its time zone; the
 * runs after that find nothing left to do that day (`assessed_on`), at the cost of one statement.
 */
export const LATE_FEE_JOB: AppJob = {
  name: 'late-fees',
  cron: '7 * * * *',
  atStart: true,
  run: (deps) => runLateFees(deps),
};

// ---------------------------------------------------------------------------------------------
// The rule

interface SettingsRow {
  today: string;
  kind: LateFeeKind | null;
  after_days: number | null;
  amount: number | string | null;
  percent_bp: number | null;
  cap: number | string | null;
  active: boolean | null;
  updated_at: Date | string | null;
  by_id: string | null;
  by_first: string | null;
  by_last: string | null;
  by_login: string | null;
  charged_n: number | string;
  charged: number | string;
  waived_n: number | string;
  waived: number | string;
  unpaid_n: number | string;
  families: number | string;
  overdue_n: number | string;
  overdue_families: number | string;
  smallest: number | string | null;
}

/**
 * The session's rule, its late fees on unpaid instalments and whom a rule reaches (unpaid and
 * overdue instalments, their families, the smallest), in one statement; null when the session is
 * not the school's.
 */
async function readSettings(db: DbOrTx, schoolId: string, sessionId: string, now: Date): Promise<LateFeeSettings | null> {
  const [row] = rowsOf<SettingsRow>(
    await db.execute(sql`
      select (${now.toISOString()}::timestamptz at time zone s.time_zone)::date::text as today,
        r.kind, r.after_days, r.amount, r.percent_bp, r.cap, r.active, r.updated_at,
        u.id as by_id, u.first_name as by_first, u.last_name as by_last, u.login_id as by_login, f.*, p.*
      from academic_sessions a
      join schools s on s.id = a.school_id
      left join fee_late_rules r on r.school_id = a.school_id and r.session_id = a.id
      left join users u on u.id = r.updated_by
      cross join lateral (
        select count(*) filter (where lf.waived_at is null and lf.amount > 0) as charged_n,
          coalesce(sum(lf.amount) filter (where lf.waived_at is null), 0) as charged,
          count(*) filter (where lf.waived_at is not null) as waived_n,
          coalesce(sum(lf.amount) filter (where lf.waived_at is not null), 0) as waived
        from fee_instalments i
        join fee_late_fees lf on lf.school_id = i.school_id and lf.instalment_id = i.id
        where i.school_id = a.school_id and i.session_id = a.id and not i.paid
      ) f
      cross join lateral (
        select count(*) as unpaid_n, count(distinct coalesce(st.parent_user_id, st.id)) as families,
          count(*) filter (where i.due_date < (${now.toISOString()}::timestamptz at time zone s.time_zone)::date) as overdue_n,
          count(distinct coalesce(st.parent_user_id, st.id)) filter (where i.due_date < (${now.toISOString()}::timestamptz at time zone s.time_zone)::date) as overdue_families,
          min(i.amount)::float8 as smallest
        from fee_instalments i
        join fee_records fr on fr.school_id = i.school_id and fr.id = i.fee_record_id
        join users st on st.id = fr.student_id
        where i.school_id = a.school_id and i.session_id = a.id and not i.paid
      ) p
      where a.school_id = ${schoolId}::uuid and a.id = ${sessionId}::uuid`),
  );
  if (!row) return null;
  const rule = row.kind
    ? {
        kind: row.kind,
        afterDays: Number(row.after_days),
        amount: Number(row.amount),
        percentBp: Number(row.percent_bp),
        cap: row.cap === null ? null : Number(row.cap),
        active: !!row.active,
        updatedAt: new Date(row.updated_at!).toISOString(),
        updatedBy: row.by_id ? { userId: row.by_id, fullName: fullName({ firstName: row.by_first!, lastName: row.by_last ?? '' }), loginId: row.by_login! } : null,
      }
    : null;
  return {
    sessionId,
    rule,
    charged: { count: Number(row.charged_n), amount: Number(row.charged) },
    waived: { count: Number(row.waived_n), amount: Number(row.waived) },
    reach: {
      families: Number(row.families),
      instalments: Number(row.unpaid_n),
      overdueFamilies: Number(row.overdue_families),
      overdueInstalments: Number(row.overdue_n),
      smallest: row.smallest === null ? null : Number(row.smallest),
    },
    today: row.today,
  };
}

/** `GET /api/school/latefee?sessionId=`: the session's rule (null: none) and its late fees; another school's session: 404. */
export async function lateFeeSettings(deps: Pick<Deps, 'data'>, caller: Caller, q: { sessionId: string }): Promise<LateFeeSettings> {
  const schoolId = scopeOf(caller);
  const settings = await readSettings(tenantDb(deps, schoolId), schoolId, q.sessionId, clockNow());
  if (!settings) throw notFound('Session');
  return settings;
}

/**
 * `PUT /api/school/latefee`: sets the session's rule (another school's session: 404), what its
 * kind does not use kept at 0 (null cap for a fixed fee). In the same transaction the session's
 * unpaid instalments' late fees follow the new rule: the unwaived ones are dropped and, while the
 * rule is on, assessed again for today (turned off: none is charged any more). Waived late fees
 * stay waived; paid ones are on their payments.
 */
export async function saveLateFeeRule(deps: Pick<Deps, 'data'>, caller: Caller, body: LateFeeRuleInput): Promise<LateFeeSettings> {
  const schoolId = scopeOf(caller);
  const now = clockNow();
  const rule = {
    kind: body.kind,
    afterDays: body.afterDays,
    amount: body.kind === 'percent' ? 0 : body.amount,
    percentBp: body.kind === 'percent' ? body.percentBp : 0,
    cap: body.kind === 'fixed' ? null : body.cap,
  };
  return inTenant(deps, schoolId, async (tx) => {
    const saved = rowsOf(
      await tx.execute(sql`
        insert into fee_late_rules (school_id, session_id, kind, after_days, amount, percent_bp, cap, active, updated_by, updated_at)
        select a.school_id, a.id, ${rule.kind}::text, ${rule.afterDays}::int, ${rule.amount}::bigint, ${rule.percentBp}::int, ${rule.cap}::bigint, ${body.active}::boolean, ${caller.userId}::uuid, ${now.toISOString()}::timestamptz
        from academic_sessions a where a.school_id = ${schoolId}::uuid and a.id = ${body.sessionId}::uuid
        on conflict (school_id, session_id) do update set kind = excluded.kind, after_days = excluded.after_days, amount = excluded.amount,
          percent_bp = excluded.percent_bp, cap = excluded.cap, active = excluded.active, updated_by = excluded.updated_by, updated_at = excluded.updated_at
        returning session_id`),
    );
    if (!saved.length) throw notFound('Session');
    await tx.execute(sql`
      delete from fee_late_fees f using fee_instalments i
      where f.school_id = ${schoolId}::uuid and i.school_id = f.school_id and i.id = f.instalment_id
        and i.session_id = ${body.sessionId}::uuid and not i.paid and f.waived_at is null`);
    if (body.active) await assessLateFees(tx, now, schoolId);
    return (await readSettings(tx, schoolId, body.sessionId, now))!;
  });
}

// ---------------------------------------------------------------------------------------------
// Waivers

/**
 * `POST /api/school/feerecord/emi/:emiId/waivelatefee`: the principal waives an unpaid
 * instalment's late fee with a reason: kept with who and when, recorded in the audit log (an
 * `edit` of the student's fees), never assessed again. The instalment is locked as a payment
 * locks it, so a waiver and a payment of one instalment never cross. Another school's
 * instalment: 404; no late fee to waive (none, waived already, or the instalment is paid): 409
 * `late_fee_none`. Answers the student's fees.
 */
export async function waiveLateFee(deps: Pick<Deps, 'data'>, caller: Caller, emiId: string, body: { reason: string }): Promise<StudentFees> {
  const schoolId = scopeOf(caller);
  return inTenant(deps, schoolId, async (tx) => {
    const inst = (await lockInstalments(tx, schoolId, [emiId]))[0]!;
    const waived =
      inst.paid || inst.lateFee <= 0
        ? []
        : rowsOf<{ amount: number | string }>(
            await tx.execute(sql`
              update fee_late_fees set waived_at = ${clockNow().toISOString()}::timestamptz, waived_by = ${caller.userId}::uuid, waive_reason = ${body.reason}
              where school_id = ${schoolId}::uuid and instalment_id = ${inst.id}::uuid and waived_at is null and amount > 0
              returning amount`),
          );
    if (!waived.length) throw new AppError('CONFLICT', 'This instalment has no late fee to waive.', { reason: 'late_fee_none' });
    await recordAudit(tx, caller, schoolId, {
      action: 'edit',
      studentId: inst.studentId,
      details: { of: 'fees', lateFeeWaived: { seq: inst.seq, amount: Number(waived[0]!.amount), reason: body.reason } },
    });
    return loadStudentFees(tx, schoolId, inst.studentId, inst.sessionId);
  });
}
