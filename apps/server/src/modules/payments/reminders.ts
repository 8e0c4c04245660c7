import { sql } from 'drizzle-orm';
import { DUE_SOON_DAYS } from '@shala/contract';
import type { AppJob, Deps } from '../../context.js';
import { PLATFORM } from '../../db/client.js';
import { inTenant } from '../../db/scope.js';
import { afterCommit, notifyMany, type NewNotification } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { now as clockNow } from '../../clock.js';
import { upiLink, upiReference } from './upi.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Parents' fee reminders, in the bell: one when an instalment falls due within `DUE_SOON_DAYS` days
 * (`due_soon`), one when it is unpaid after its due date (`overdue`), each at most once per
 * instalment and kind (`fee_alerts`' primary key), in each school's own today (its time zone).
 *
 * Set-based, for all schools at once: per kind, one statement chooses the instalments (unpaid, in
 * the window, not alerted yet, of an active student with an active parent, in an active school)
 * and records their alerts with INSERT … ON CONFLICT DO NOTHING … RETURNING, so two runs at once
 * (two app nodes) never alert twice; then one statement stores the parents' notifications, in the
 * same transaction (an alert is never recorded without its notification), pushed live after it
 * commits. At most `BATCH` instalments per kind and transaction: a larger backlog takes a few
 * rounds, each a constant number of statements.
 *
 * When the school takes UPI without a gateway, a reminder carries its `upi://pay` link for the
 * amount due (params `vpa`, `upi`: the texts `fee_due_upi`, `fee_overdue_upi`, in the reader's language).
 *
 * It runs as a job of the queue (queue/index.ts, listed in jobs/index.ts): every 30 minutes and once at start.
 */

export const REMINDER_KINDS = ['due_soon', 'overdue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Instalments per kind alerted in one transaction. */
export const BATCH = 2_000;

interface Alerted {
  school_id: string;
  school_name: string;
  parent_id: string;
  first_name: string;
  last_name: string;
  login_id: string;
  seq: number;
  amount: number | string;
  due_date: string;
  upi_vpa: string | null;
  upi_name: string | null;
  late_fee: number | string;
}

/** A reminder's UPI link, when the school takes UPI without a gateway: the amount due with its late fee (params `vpa`, `upi`). */
function upiParams(r: Alerted): Record<string, string> {
  if (!r.upi_vpa || !r.upi_name) return {};
  const payee = { vpa: r.upi_vpa, name: r.upi_name };
  return { vpa: r.upi_vpa, upi: upiLink(payee, Number(r.amount) + Number(r.late_fee), upiReference(r.login_id, Number(r.seq))) };
}

/** The instalments of one kind to alert now, recorded as alerted, in one statement. */
function alertStatement(kind: ReminderKind, now: Date) {
  const today = sql`(${now.toISOString()}::timestamptz at time zone s.time_zone)::date`;
  const window = kind === 'due_soon' ? sql`i.due_date between ${today} and ${today} + ${DUE_SOON_DAYS}::int` : sql`i.due_date < ${today}`;
  return sql`with chosen as (
      select i.school_id, i.id, i.seq, i.due_date, i.amount, s.name as school_name, u.first_name, u.last_name, u.login_id, p.id as parent_id,
        ps.upi_vpa, ps.upi_name, coalesce(lf.amount, 0) as late_fee
      from fee_instalments i
      join schools s on s.id = i.school_id and s.status and not s.is_draft
      join fee_records r on r.id = i.fee_record_id and r.school_id = i.school_id
      join users u on u.id = r.student_id and u.status
      join users p on p.id = u.parent_user_id and p.school_id = u.school_id and p.status
      left join payment_settings ps on ps.school_id = i.school_id
      left join fee_late_fees lf on lf.school_id = i.school_id and lf.instalment_id = i.id and lf.waived_at is null
      where not i.paid and ${window}
        and not exists (select 1 from fee_alerts a where a.school_id = i.school_id and a.instalment_id = i.id and a.kind = ${kind})
      order by i.due_date, i.id
      limit ${BATCH}
    ), alerted as (
      insert into fee_alerts (school_id, instalment_id, kind)
      select school_id, id, ${kind}::text from chosen
      on conflict do nothing
      returning instalment_id
    )
    select c.school_id, c.school_name, c.parent_id, c.first_name, c.last_name, c.login_id, c.seq, c.amount, c.due_date::text as due_date,
      c.upi_vpa, c.upi_name, c.late_fee
    from chosen c join alerted a on a.instalment_id = c.id`;
}

/**
 * One run: every kind, in rounds of at most `BATCH` per kind until none is left. Returns how many
 * reminders of each kind were sent.
 */
export async function runFeeReminders(deps: Pick<Deps, 'data' | 'realtime'>, now = clockNow()): Promise<Record<ReminderKind, number>> {
  const sent: Record<ReminderKind, number> = { due_soon: 0, overdue: 0 };
  for (;;) {
    const { via: later, flush } = afterCommit(deps);
    const counts = await inTenant(deps, PLATFORM, async (tx) => {
      const notes: NewNotification[] = [];
      const counts = { due_soon: 0, overdue: 0 };
      for (const kind of REMINDER_KINDS) {
        const rows = rowsOf<Alerted>(await tx.execute(alertStatement(kind, now)));
        counts[kind] = rows.length;
        for (const r of rows) {
          notes.push({
            schoolId: r.school_id,
            userId: r.parent_id,
            senderId: null,
            senderName: r.school_name,
            kind: kind === 'due_soon' ? 'fee_due' : 'fee_overdue',
            link: '/studentfeedata',
            params: { child: fullName({ firstName: r.first_name, lastName: r.last_name }), seq: Number(r.seq), amount: Number(r.amount), dueDate: r.due_date, ...upiParams(r) },
          });
        }
      }
      await notifyMany(later, tx, notes);
      return counts;
    });
    flush();
    sent.due_soon += counts.due_soon;
    sent.overdue += counts.overdue;
    if (counts.due_soon < BATCH && counts.overdue < BATCH) return sent;
  }
}

/** The job: every 30 minutes and once at start. */
export const FEE_REMINDER_JOB: AppJob = {
  name: 'fee-reminders',
  cron: '*/30 * * * *',
  atStart: true,
  run: (deps) => runFeeReminders(deps),
};
