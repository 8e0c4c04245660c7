import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { addDays, isoWeekday, localDate } from '../modules/calendar/days.js';
import { rowsOf } from '../db/rows.js';

/**
 * The demo school's staff register (issue 42): three staff without a sign-in (a driver, an
 * attendant, a guard) and the register saved for the school days of the 30 days before today
 * (Monday to Saturday, in the session, not a holiday; today is left for the principal to mark).
 * Everyone present but a few absences and half days, and one day on duty. Then leave
 * (`seedDemoLeave`): the types CL, EL and ML, a few approved days, one teacher with periods today
 * on CL today, one application waiting, and everyone's balances. Dates come from the school's
 * today, never written in.
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

  const dates = Array.from({ length: 30 }, (_, i) => addDays(today, i - 30)).filter(
    (date) => isoWeekday(date) !== 7 && date >= ctx.session.startDate && date <= ctx.session.endDate,
  );
  if (!dates.length) return seedDemoLeave(tx, { ...ctx, today, past: [] });
  // The days' statuses by a draw fixed per person and day (0–99): 3 % absent, 3 % a half day (the
  // first or second half); the first member (the driver) on duty on the last but one of the dates.
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
          when k = ${DEMO_STAFF_MEMBERS[0].fullName} and day = ${dates.at(-2) ?? dates[0]!}::date then 'on_duty'
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
  await seedDemoLeave(tx, { ...ctx, today, past: dates });
}

/** The demo's leave types: code, name, Hindi name, days a session, carry forward, half days, document after. */
export const DEMO_LEAVE_TYPES = [
  { code: 'CL', name: 'Casual leave', nameHi: 'आकस्मिक अवकाश', days: 12, carry: 0, half: true, documentAfter: null },
  { code: 'EL', name: 'Earned leave', nameHi: 'अर्जित अवकाश', days: 15, carry: 30, half: false, documentAfter: null },
  { code: 'ML', name: 'Medical leave', nameHi: 'चिकित्सा अवकाश', days: 10, carry: 0, half: true, documentAfter: 2 },
] as const;

/**
 * The demo's leave: the types; the teacher (not the demo teacher DEMO-T0001) with the most periods
 * today on approved CL today (on leave on today's register, so the substitution page has its
 * periods); three other teachers with a day of approved CL in the saved weeks; a fifth teacher's EL
 * waiting for the next school day; everyone's balances of the session (EL opening 5 days carried),
 * `used` matching the approved days. Day counts in halves.
 */
async function seedDemoLeave(
  tx: Tx,
  ctx: { schoolId: string; session: { id: string; startDate: string; endDate: string }; principalId: string; today: string; past: string[] },
): Promise<void> {
  const { schoolId, session, today } = ctx;
  const typeIds = rowsOf<{ id: string; code: string }>(
    await tx.execute(sql`
      insert into leave_types (school_id, code, name, name_hi, days_per_session, carry_forward_max, half_day_allowed, document_after_days)
      select ${schoolId}::uuid, x.code, x.name, x.name_hi, x.days * 2, x.carry * 2, x.half, x.doc
      from json_to_recordset(${JSON.stringify(DEMO_LEAVE_TYPES.map((t) => ({ code: t.code, name: t.name, name_hi: t.nameHi, days: t.days, carry: t.carry, half: t.half, doc: t.documentAfter })))}::json)
        as x(code text, name text, name_hi text, days int, carry int, half boolean, doc int)
      returning id, code`),
  );
  const typeOf = new Map(typeIds.map((t) => [t.code, t.id]));
  // The teachers (by login id) with their periods today, and the session's holidays.
  const weekday = isoWeekday(today);
  const [found] = rowsOf<{ teachers: Array<{ id: string; periods: number }>; holidays: Array<{ s: string; e: string }> }>(
    await tx.execute(sql`select
      (select json_agg(json_build_object('id', u.id, 'periods', (select count(*) from timetable_entries e
        where e.school_id = u.school_id and e.session_id = ${session.id} and e.day = ${weekday} and e.teacher_id = u.id)) order by u.login_id)
        from users u where u.school_id = ${schoolId} and u.role_id = 114 and u.status and u.login_id <> 'DEMO-T0001') as teachers,
      (select coalesce(json_agg(json_build_object('s', h.start_date, 'e', h.end_date)), '[]'::json) from holidays h
        where h.school_id = ${schoolId} and h.session_id = ${session.id}) as holidays`),
  );
  const teachers = [...(found?.teachers ?? [])];
  if (teachers.length < 5) return;
  const away = teachers.reduce((best, t) => (t.periods > best.periods ? t : best), teachers[0]!);
  const others = teachers.filter((t) => t.id !== away.id);
  const isHoliday = (d: string) => (found?.holidays ?? []).some((h) => h.s.slice(0, 10) <= d && d <= h.e.slice(0, 10));
  let next = addDays(today, 1);
  while (isoWeekday(next) === 7 || isHoliday(next)) next = addDays(next, 1);

  const approved = [
    ...(weekday !== 7 && today >= session.startDate && today <= session.endDate ? [{ user_id: away.id, date: today }] : []),
    ...ctx.past.filter((d) => !isHoliday(d)).slice(-12, -3).filter((_, i) => i % 3 === 0).map((date, i) => ({ user_id: others[i]!.id, date })),
  ].map((l) => ({ ...l, type: typeOf.get('CL')!, status: 'approved', reason: 'Personal work' }));
  const pending = next <= session.endDate ? [{ user_id: others[3]!.id, date: next, type: typeOf.get('EL')!, status: 'pending', reason: 'Sister\'s wedding' }] : [];
  const leaves = [...approved, ...pending];
  // The leaves, their days and the register's "on leave" in one statement.
  await tx.execute(sql`
    with x as (
      select * from json_to_recordset(${JSON.stringify(leaves)}::json) as x(user_id uuid, date date, type uuid, status text, reason text)
    ), leaves as (
      insert into staff_leaves (school_id, user_id, leave_type_id, session_id, from_date, to_date, days, paid, unpaid, reason, status, decided_by, decided_at, created_at)
      select ${schoolId}::uuid, x.user_id, x.type, ${session.id}::uuid, x.date, x.date, 2,
        case when x.status = 'approved' then 2 end, case when x.status = 'approved' then 0 end, x.reason, x.status,
        case when x.status = 'approved' then ${ctx.principalId}::uuid end, case when x.status = 'approved' then x.date - 2 + time '10:00' end, x.date - 3 + time '09:00'
      from x
      returning id, user_id, leave_type_id, from_date, status
    ), days as (
      insert into staff_leave_days (school_id, leave_id, user_id, leave_type_id, date, halves, paid)
      select ${schoolId}::uuid, l.id, l.user_id, l.leave_type_id, l.from_date, 2, true from leaves l where l.status = 'approved'
      returning 1
    ), register as (
      insert into staff_attendance (school_id, date, user_id, status, marked_by, updated_at)
      select ${schoolId}::uuid, l.from_date, l.user_id, 'on_leave', ${ctx.principalId}::uuid, l.from_date - 2 + time '10:00' from leaves l where l.status = 'approved'
      on conflict (school_id, date, user_id) where user_id is not null do update set status = excluded.status
      returning 1
    )
    select (select count(*) from days) + (select count(*) from register) as n`);
  // Everyone's balances: the type's grant, EL's opening 5 days carried, used = the approved days.
  await tx.execute(sql`
    insert into leave_balances (school_id, user_id, leave_type_id, session_id, opening, granted, used)
    select ${schoolId}::uuid, u.id, t.id, ${session.id}::uuid, case when t.code = 'EL' then 10 else 0 end, t.days_per_session,
      coalesce((select sum(d.halves) from staff_leave_days d where d.school_id = u.school_id and d.user_id = u.id and d.leave_type_id = t.id), 0)
    from users u cross join leave_types t
    where u.school_id = ${schoolId} and u.role_id in (112, 113, 114) and u.status and t.school_id = ${schoolId}`);
}
