import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { addDays, isoWeekday, localDate } from '../modules/calendar/days.js';
import { rowsOf } from '../db/rows.js';
import { now } from '../clock.js';

/**
 * The demo's leave asked by parents (issue 43): a 5-A child's parent asks two days of leave (a
 * family function) from the next school day, waiting for 5-A's class teacher (DEMO-T0001); and a
 * 7-A child's illness of the last two school days before today, approved by its class teacher, its
 * saved marks already `leave`. Neither is of DEMO-G0001's children, whom the journeys use. Dates
 * come from the school's today, never written in.
 */
export async function seedDemoStudentLeave(
  tx: Tx,
  ctx: { schoolId: string; session: { id: string; startDate: string; endDate: string }; timeZone: string; classId: Map<string, string>; principalId: string },
): Promise<void> {
  const today = localDate(ctx.timeZone);
  const holidays = rowsOf<{ startDate: string; endDate: string }>(
    await tx.execute(sql`select start_date::text as "startDate", end_date::text as "endDate" from holidays where school_id = ${ctx.schoolId} and session_id = ${ctx.session.id}`),
  );
  const schoolDay = (d: string) => isoWeekday(d) !== 7 && d >= ctx.session.startDate && d <= ctx.session.endDate && !holidays.some((h) => h.startDate <= d && d <= h.endDate);
  const ahead: string[] = [];
  for (let d = addDays(today, 1); ahead.length < 2 && d <= addDays(today, 20); d = addDays(d, 1)) if (schoolDay(d)) ahead.push(d);
  const back: string[] = [];
  for (let d = addDays(today, -1); back.length < 2 && d >= addDays(today, -7); d = addDays(d, -1)) if (schoolDay(d)) back.unshift(d);
  const requests = [
    ...(ahead.length === 2 ? [{ cls: '5-A', from: ahead[0]!, to: ahead[1]!, days: 2, reason: 'function', note: 'Cousin’s wedding in Jaipur.', approved: false }] : []),
    ...(back.length === 2 ? [{ cls: '7-A', from: back[0]!, to: back[1]!, days: 2, reason: 'illness', note: 'Fever; the doctor advised rest.', approved: true }] : []),
  ].filter((r) => ctx.classId.has(r.cls));
  for (const r of requests) {
    // The class's first child by roll number whose parent is not DEMO-G0001; approval rewrites its saved marks.
    await tx.execute(sql`
      with child as (
        select cs.student_id, cs.class_id, u.parent_user_id, c.class_teacher_id from class_students cs
        join users u on u.id = cs.student_id
        join users p on p.id = u.parent_user_id
        join classes c on c.id = cs.class_id
        where cs.school_id = ${ctx.schoolId} and cs.session_id = ${ctx.session.id} and cs.class_id = ${ctx.classId.get(r.cls)!} and p.login_id <> 'DEMO-G0001'
        order by cs.roll_no nulls last, u.id limit 1
      ), request as (
        insert into student_leaves (school_id, session_id, student_id, class_id, from_date, to_date, days, reason, note, status, requested_by, decided_by, decided_at, created_at)
        select ${ctx.schoolId}::uuid, ${ctx.session.id}::uuid, student_id, class_id, ${r.from}::date, ${r.to}::date, ${r.days}, ${r.reason}, ${r.note},
          ${r.approved ? 'approved' : 'pending'}, parent_user_id,
          ${r.approved ? sql`coalesce(class_teacher_id, ${ctx.principalId}::uuid)` : sql`null::uuid`}, ${r.approved ? sql`(${r.from}::date - 1 + time '18:00') at time zone ${ctx.timeZone}` : sql`null::timestamptz`},
          least((${r.from}::date - ${r.approved ? 2 : 1}::int + time '07:30') at time zone ${ctx.timeZone}, ${now().toISOString()}::timestamptz)
        from child returning student_id
      )
      update attendance_marks m set status = 'leave'
      from request
      where ${r.approved}::boolean and m.school_id = ${ctx.schoolId} and m.student_id = request.student_id and m.date between ${r.from}::date and ${r.to}::date`);
  }
}
