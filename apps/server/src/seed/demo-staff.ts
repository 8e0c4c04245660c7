import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { addDays, isoWeekday, localDate } from '../modules/calendar/days.js';

/**
 * The demo school's staff register (issue 42): three staff without a sign-in (a driver, an
 * attendant, a guard) and the register saved for the school days of the three weeks before today
 * (Monday to Saturday, in the session, not a holiday; today is left for the principal to mark).
 * Everyone present but a few absences and half days, and one day on duty. Dates come from the
 * school's today, never written in.
 */
export const DEMO_STAFF_MEMBERS = [
  { fullName: 'Ramesh Yadav', designation: 'Driver', phone: '+919812345670' },
  { fullName: 'Sunita Devi', designation: 'Attendant', phone: '+919812345671' },
  { fullName: 'Balwant Singh', designation: 'Guard', phone: null },
] as const;

export async function seedDemoStaff(
  tx: Tx,
  ctx: { schoolId: string; session: { id: string; startDate: string; endDate: string }; timeZone: string; principalId: string },
): Promise<void> {
  const today = localDate(ctx.timeZone);
  const joinedOn = addDays(today, -700) < ctx.session.startDate ? addDays(today, -700) : ctx.session.startDate;
  await tx.execute(sql`
    insert into staff_members (school_id, full_name, designation, phone, joined_on)
    select ${ctx.schoolId}::uuid, x.full_name, x.designation, x.phone, ${joinedOn}::date
    from json_to_recordset(${JSON.stringify(DEMO_STAFF_MEMBERS.map((m) => ({ full_name: m.fullName, designation: m.designation, phone: m.phone })))}::json)
      as x(full_name text, designation text, phone text)`);

  const dates = Array.from({ length: 21 }, (_, i) => addDays(today, i - 21)).filter(
    (date) => isoWeekday(date) !== 7 && date >= ctx.session.startDate && date <= ctx.session.endDate,
  );
  if (!dates.length) return;
  // The days' statuses by a draw fixed per person and day (0–99): 3 % absent, 3 % a half day (the
  // first or second half); the first member (the driver) on duty on the second of the dates.
  await tx.execute(sql`
    with days as (
      select d::date as day from unnest(string_to_array(${dates.join(',')}, ',')) as d
      where not exists (select 1 from holidays h where h.school_id = ${ctx.schoolId} and h.session_id = ${ctx.session.id}
        and h.start_date <= d::date and h.end_date >= d::date)
    ), people as (
      select u.id as user_id, null::uuid as member_id, u.id::text as k from users u
      where u.school_id = ${ctx.schoolId} and u.role_id in (112, 113, 114) and u.status
      union all
      select null, m.id, m.full_name from staff_members m where m.school_id = ${ctx.schoolId}
    ), drawn as (
      select p.user_id, p.member_id, days.day, abs(hashtext(p.k || days.day::text)) % 100 as draw, p.k from people p cross join days
    ), saved as (
      insert into staff_attendance (school_id, date, user_id, staff_member_id, status, marked_by, updated_at)
      select ${ctx.schoolId}::uuid, day, user_id, member_id,
        case
          when k = ${DEMO_STAFF_MEMBERS[0].fullName} and day = ${dates[1] ?? dates[0]!}::date then 'on_duty'
          when draw < 3 then 'absent'
          when draw < 5 then 'half_first'
          when draw < 6 then 'half_second'
          else 'present' end,
        ${ctx.principalId}::uuid, day + time '09:30'
      from drawn
      returning 1
    )
    insert into staff_attendance_days (school_id, date, marked_by, marked_at)
    select ${ctx.schoolId}::uuid, day, ${ctx.principalId}::uuid, day + time '09:30' from days`);
}
