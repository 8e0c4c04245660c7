import { count, sql } from 'drizzle-orm';
import { MASTER_CLASSES, MASTER_SUBJECTS, ROLE, type Role } from '@shala/contract';
import { PLATFORM, type Database, type Tx } from '../db/client.js';
import {
  academicSessions,
  classStudents,
  classSubjects,
  classes,
  holidays,
  loginIdCounters,
  periods,
  schools,
  subjects,
  timetableEntries,
  users,
} from '../db/schema.js';
import { createUser } from '../modules/users/service.js';
import { hashSecret, newPassword } from '../auth/crypto.js';
import { notify } from '../modules/notifications/service.js';
import { noRealtime } from '../realtime/index.js';
import { academicYears } from '../modules/academics/structure.js';
import { addDays, isoWeekday, localDate } from '../modules/calendar/days.js';
import { seedDemoFees } from './demo-fees.js';
import { seedDemoLateFees } from './demo-late-fees.js';
import { seedDemoUpi } from './demo-upi.js';
import { seedDemoCommunication } from './demo-communication.js';
import type { DemoCommunicationInput } from './demo-communication-input.js';
import { seedDemoExams } from './demo-exams.js';
import { seedDemoRegisters } from './demo-registers.js';
import { seedDemoCertificates } from './demo-certificates.js';
import { seedDemoStaff } from './demo-staff.js';
import { seedDemoStudentLeave } from './demo-student-leave.js';
import { seedDemoSubstitutions } from './demo-substitutions.js';
import { NEXT_SECTIONS, SECTIONS, SUBJECT_CODES, WEIGHT, classOf, sectionOf, staffing, studentsAndParents } from './demo-school.js';
import { now as clockNow, nowMs } from '../clock.js';

/** The password of every demo account (also in the README). */
export const DEMO_PASSWORD = 'Shala@2024';
export const OWNER_LOGIN_ID = 'owner';

export interface SeededAccount {
  role: Role;
  loginId: string;
  password: string;
  name: string;
}

export interface SeedResult {
  created: boolean;
  accounts: SeededAccount[];
}

// ---------------------------------------------------------------------------------------------
// The demo school: its people and classes come from demo-school.ts (structure) and demo-people.ts (names).

/** One account of every role: the README's table (printed at the first start). */
const HEADLINE: Array<{ role: Role; loginId: string; first: string; last: string; email: string }> = [
  { role: ROLE.SYSTEM_ADMIN, loginId: 'DEMO-A0001', first: 'Suresh', last: 'Iyer', email: 'sysadmin@demo.shala.local' },
  { role: ROLE.PRINCIPAL, loginId: 'DEMO-P0001', first: 'Anita', last: 'Sharma', email: 'principal@demo.shala.local' },
  { role: ROLE.TEACHER, loginId: 'DEMO-T0001', first: 'Ravi', last: 'Kumar', email: 'teacher@demo.shala.local' },
  { role: ROLE.PARENT, loginId: 'DEMO-G0001', first: 'Meena', last: 'Verma', email: 'parent@demo.shala.local' },
  { role: ROLE.STUDENT, loginId: 'DEMO-S0001', first: 'Aarav', last: 'Verma', email: 'student@demo.shala.local' },
];

const masterName = (code: string) => MASTER_CLASSES.find((c) => c.code === code)!.name;
const MINUTE = 60_000;
/** Rows per insert statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 1_000;

/** A multi-row insert in chunks of CHUNK rows. */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * The demo school: its sessions (three past, the current one and the next), subjects, classes 1–12
 * with their sections and subjects, 20 teachers, about 300 students and their parents, roll
 * numbers, the school day, communication, fees and exams, in a constant number of multi-row
 * statements. Every account shares one hash of the published password.
 */
async function seedDemoSchool(tx: Tx, passwordHash: string): Promise<SeededAccount[]> {
  const [school] = await tx
    .insert(schools)
    .values({
      code: 'DEMO',
      name: 'Shala Demo School',
      websiteName: 'demo.shala.local',
      email: 'office@demo.shala.local',
      phone: '+91 98765 43210',
      address: '12 Vidya Marg',
      state: 'Rajasthan',
      district: 'Jaipur',
      city: 'Jaipur',
      zipCode: '302001',
      affiliationNo: '1730999',
      udiseCode: '08120505201',
    })
    .returning();
  const schoolId = school!.id;

  // Sessions: academicYears gives three past years and the current one; the next follows it.
  const years = academicYears();
  const last = years.at(-1)!;
  const y = Number(last.label.slice(0, 4)) + 1;
  const next = { label: `${y}-${String((y + 1) % 100).padStart(2, '0')}`, startDate: `${y}-04-01`, endDate: `${y + 1}-03-31`, isCurrent: false };
  const sessions = await tx
    .insert(academicSessions)
    .values([...years, next].map((s) => ({ ...s, schoolId })))
    .returning();
  const current = sessions.find((s) => s.isCurrent)!;
  const nextSession = sessions.find((s) => s.label === next.label)!;

  const subjectRows = await tx
    .insert(subjects)
    .values(SUBJECT_CODES.map((code) => ({ schoolId, name: MASTER_SUBJECTS.find((m) => m.code === code)!.name, masterCode: code })))
    .returning({ id: subjects.id, masterCode: subjects.masterCode });
  const subjectId = new Map(subjectRows.map((s) => [s.masterCode!, s.id]));

  // People: staff, then parents (students link to them), then students, admitted in that order.
  const { teachers, cells, classTeachers } = staffing();
  const { students, parents } = studentsAndParents(Number(current.startDate.slice(0, 4)));
  const start = nowMs() - 2 * 24 * 60 * MINUTE;
  const headline = new Map(HEADLINE.map((p) => [p.loginId, p]));
  type Person = Partial<typeof users.$inferInsert> & { loginId: string; roleId: Role; firstName: string; lastName: string };
  const people: Person[] = [
    ...HEADLINE.filter((p) => p.role === ROLE.SYSTEM_ADMIN || p.role === ROLE.PRINCIPAL).map((p) => ({ loginId: p.loginId, roleId: p.role, firstName: p.first, lastName: p.last, email: p.email })),
    ...teachers.map(({ first, last: lastName, loginId, ...t }, i) => ({
      ...t,
      loginId,
      roleId: ROLE.TEACHER,
      firstName: first,
      lastName,
      email: headline.get(loginId)?.email ?? `teacher${i + 1}@demo.shala.local`,
    })),
    ...parents.map(({ first, last: lastName, ...p }) => ({ ...p, roleId: ROLE.PARENT, firstName: first, lastName })),
  ];
  const idOf = new Map<string, string>();
  let admitted = 0;
  const insertPeople = async (rows: Person[]) =>
    insertAll(rows, async (chunk) => {
      const inserted = await tx
        .insert(users)
        .values(chunk.map((p) => ({ ...p, schoolId, passwordHash, createdAt: new Date(start + admitted++ * MINUTE) })))
        .returning({ id: users.id, loginId: users.loginId });
      for (const r of inserted) idOf.set(r.loginId, r.id);
    });
  await insertPeople(people);
  const contactOf = new Map(parents.map((p) => [p.loginId, p.contact]));
  await insertPeople(
    students.map(({ first, last: lastName, cls: _cls, parent, rollNo: _roll, ...s }) => ({
      ...s,
      roleId: ROLE.STUDENT,
      firstName: first,
      lastName,
      email: headline.get(s.loginId)?.email ?? null,
      contact: contactOf.get(parent)!,
      parentUserId: idOf.get(parent)!,
    })),
  );

  // The sections of the current session (with their class teachers); the same, empty, next session.
  const classRows = await tx
    .insert(classes)
    .values(
      [
        ...SECTIONS.map(({ key }) => ({ session: current, key, teacher: classTeachers.get(key) })),
        ...NEXT_SECTIONS.map((key) => ({ session: nextSession, key, teacher: undefined })),
      ].map(({ session, key, teacher }) => ({
        schoolId,
        sessionId: session.id,
        masterClass: classOf(key),
        name: masterName(classOf(key)),
        section: sectionOf(key),
        classLimit: 40,
        classTeacherId: teacher ? idOf.get(teacher)! : null,
      })),
    )
    .returning({ id: classes.id, sessionId: classes.sessionId, masterClass: classes.masterClass, section: classes.section });
  const classId = new Map(classRows.filter((c) => c.sessionId === current.id).map((c) => [`${c.masterClass}-${c.section}`, c.id]));

  await tx.insert(classSubjects).values(cells.map((c) => ({ schoolId, classId: classId.get(c.key)!, subjectId: subjectId.get(c.subject)!, teacherId: idOf.get(c.teacher)! })));
  await tx
    .insert(classStudents)
    .values(students.map((s) => ({ schoolId, sessionId: current.id, classId: classId.get(s.cls)!, studentId: idOf.get(s.loginId)!, rollNo: s.rollNo })));

  await seedSchoolDay(tx, { schoolId, session: current, timeZone: school!.timeZone, classId, subjectId, idOf, cells });
  const parentName = new Map(parents.map((p) => [p.loginId, `${p.first} ${p.last}`]));
  await seedDemoCommunication(tx, {
    schoolId,
    session: current,
    timeZone: school!.timeZone,
    classId,
    subjectId,
    idOf,
    cells,
    classTeachers,
    students: students.map((s) => ({ loginId: s.loginId, cls: s.cls, parent: s.parent, name: `${s.first} ${s.last}`, parentName: parentName.get(s.parent)! })),
  });

  const enrolled = students.map((s) => ({ loginId: s.loginId, id: idOf.get(s.loginId)!, cls: s.cls }));
  const parentOf = new Map(parents.map((p) => [p.loginId, { loginId: p.loginId, first: p.first, last: p.last, gender: p.gender ?? null }]));
  await seedDemoRegisters(tx, {
    schoolId,
    sessionStart: current.startDate,
    students: students.map((s) => ({ id: idOf.get(s.loginId)!, cls: s.cls, last: s.last, parent: parentOf.get(s.parent)! })),
  });
  await seedDemoFees(tx, { schoolId, session: current, timeZone: school!.timeZone, classId, students: enrolled, principalId: idOf.get('DEMO-P0001')! });
  await seedDemoLateFees(tx, { schoolId, sessionId: current.id, timeZone: school!.timeZone, principalId: idOf.get('DEMO-P0001')! });
  await seedDemoUpi(tx, { schoolId, schoolName: school!.name, principalId: idOf.get('DEMO-P0001')!, today: localDate(school!.timeZone) });
  await seedDemoExams(tx, { schoolId, session: current, classId, subjectId, students: enrolled, cells, principalId: idOf.get('DEMO-P0001')! });
  await seedDemoCertificates(tx, { schoolId, timeZone: school!.timeZone, principalId: idOf.get('DEMO-P0001')!, students: enrolled });
  await seedDemoStaff(tx, { schoolId, session: current, timeZone: school!.timeZone, principalId: idOf.get('DEMO-P0001')! });
  await seedDemoStudentLeave(tx, { schoolId, session: current, timeZone: school!.timeZone, classId, principalId: idOf.get('DEMO-P0001')! });
  await seedDemoSubstitutions(tx, { schoolId, sessionId: current.id, timeZone: school!.timeZone, principalId: idOf.get('DEMO-P0001')!, arrangerId: idOf.get('DEMO-T0004') });

  // Keep the login id counters in step with the demo ids.
  const highest = (letter: string) => [...idOf.keys()].filter((id) => id.startsWith(`DEMO-${letter}`)).length;
  await tx.insert(loginIdCounters).values(['A', 'P', 'T', 'G', 'S'].map((l) => ({ prefix: `DEMO-${l}`, schoolId, value: highest(l) })));

  const principal = { id: idOf.get('DEMO-P0001')!, name: 'Anita Sharma' };
  const teacher = { id: idOf.get('DEMO-T0001')!, name: 'Ravi Kumar' };
  for (const loginId of ['DEMO-A0001', 'DEMO-T0001', 'DEMO-G0001', 'DEMO-S0001']) {
    await notify({ realtime: noRealtime }, tx, {
      schoolId,
      userId: idOf.get(loginId)!,
      senderId: principal.id,
      senderName: principal.name,
      message: 'Welcome to Shala! The new session has started.',
    });
  }
  await notify({ realtime: noRealtime }, tx, {
    schoolId,
    userId: principal.id,
    senderId: teacher.id,
    senderName: teacher.name,
    message: 'Class 5-A attendance is complete for today.',
  });
  return HEADLINE.map((p) => ({ role: p.role, loginId: p.loginId, password: DEMO_PASSWORD, name: `${p.first} ${p.last}` }));
}

// ---------------------------------------------------------------------------------------------
// The school day of the current session: periods, a timetable, holidays and a term of attendance.

/**
 * Eight periods of 40 minutes from 08:00 to 14:00, with lunch after the fourth. Named by number
 * (the screens read "Period 1" / "पीरियड 1" in the reader's language) and the break bilingually,
 * as a school would write it, so Hindi readers do not meet English names.
 */
const PERIODS: Array<[name: string, start: string, end: string, isBreak?: boolean]> = [
  ['1', '08:00', '08:40'],
  ['2', '08:40', '09:20'],
  ['3', '09:20', '10:00'],
  ['4', '10:00', '10:40'],
  ['Lunch / भोजनावकाश', '10:40', '11:20', true],
  ['5', '11:20', '12:00'],
  ['6', '12:00', '12:40'],
  ['7', '12:40', '13:20'],
  ['8', '13:20', '14:00'],
];
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The holidays of a session that starts in April of year y: title, first and last day. */
const HOLIDAYS = (y: number): Array<[title: string, start: string, end: string]> => [
  ['Summer vacation', `${y}-05-16`, `${y}-06-30`],
  ['Independence Day', `${y}-08-15`, `${y}-08-15`],
  ['Gandhi Jayanti', `${y}-10-02`, `${y}-10-02`],
  ['Dussehra', `${y}-10-20`, `${y}-10-20`],
  ['Diwali break', `${y}-11-07`, `${y}-11-11`],
  ['Christmas', `${y}-12-25`, `${y}-12-25`],
  ['Republic Day', `${y + 1}-01-26`, `${y + 1}-01-26`],
  ['Holi', `${y + 1}-03-04`, `${y + 1}-03-04`],
];
/** Days of attendance the demo has before today (about a term; not before the session starts). */
const ATTENDANCE_DAYS = 120;

/**
 * Periods, a timetable for every class (each cell a subject of the class and its teacher; a teacher
 * is in one class per day and period, so a few cells stay free periods), the session's holidays
 * (none on today), and daywise attendance for the school days of the last 120 days (about a term),
 * mostly present: each student has its own habit, from rarely to often away, and a day's mark
 * follows it, each class and day logged as the marking service logs a save. Class 5-A is left
 * unmarked today and on the school day before, for the demo teacher to mark. No absence alerts are
 * sent. A constant number of statements.
 */
async function seedSchoolDay(tx: Tx, d: Omit<DemoCommunicationInput, 'classTeachers' | 'students'>) {
  const { schoolId, session } = d;
  const periodRows = await tx
    .insert(periods)
    .values(PERIODS.map(([name, start, end, isBreak]) => ({ schoolId, sessionId: session.id, name, startMinute: minutes(start), endMinute: minutes(end), isBreak: !!isBreak })))
    .returning({ id: periods.id, isBreak: periods.isBreak, start: periods.startMinute });
  const teaching = periodRows.filter((p) => !p.isBreak).sort((a, b) => a.start - b.start);

  // The timetable: slot by slot, each class (in turn, first a different one every slot) takes the
  // subject it has had least this week for its weight whose teacher is still free in that slot.
  const keys = [...d.classId.keys()];
  const taught = new Map<string, number>();
  const rows: Array<typeof timetableEntries.$inferInsert> = [];
  let turn = 0;
  for (let day = 1; day <= 6; day++) {
    for (const period of teaching) {
      const busy = new Set<string>();
      const order = keys.map((_, i) => keys[(i + turn) % keys.length]!);
      turn += 3;
      for (const key of order) {
        const options = d.cells
          .filter((c) => c.key === key && !busy.has(c.teacher))
          .sort((a, b) => (taught.get(`${key}/${a.subject}`) ?? 0) / WEIGHT[a.subject]! - (taught.get(`${key}/${b.subject}`) ?? 0) / WEIGHT[b.subject]!);
        const pick = options[0];
        if (!pick) continue;
        busy.add(pick.teacher);
        taught.set(`${key}/${pick.subject}`, (taught.get(`${key}/${pick.subject}`) ?? 0) + 1);
        rows.push({
          schoolId,
          sessionId: session.id,
          classId: d.classId.get(key)!,
          day,
          periodId: period.id,
          subjectId: d.subjectId.get(pick.subject)!,
          teacherId: d.idOf.get(pick.teacher)!,
        });
      }
    }
  }
  await tx.insert(timetableEntries).values(rows);

  // Holidays of the session, but none on today (the demo marks today).
  const today = localDate(d.timeZone);
  const y = Number(session.startDate.slice(0, 4));
  const inSession = HOLIDAYS(y).filter(([, start, end]) => start >= session.startDate && end <= session.endDate && !(start <= today && today <= end));
  const principalId = d.idOf.get('DEMO-P0001')!;
  await tx.insert(holidays).values(inSession.map(([title, startDate, endDate]) => ({ schoolId, sessionId: session.id, title, startDate, endDate, createdBy: principalId })));

  // School days of the last 120 days and today: Monday to Saturday, in the session, no holiday.
  const schoolDay = (date: string) =>
    isoWeekday(date) !== 7 && date >= session.startDate && date <= session.endDate && !inSession.some(([, start, end]) => start <= date && date <= end);
  const dates = Array.from({ length: ATTENDANCE_DAYS + 1 }, (_, i) => addDays(today, i - ATTENDANCE_DAYS)).filter(schoolDay);
  // 5-A keeps today and the school day before it for the demo teacher.
  const before = dates.filter((date) => date < today).at(-1);
  const keep = [today, ...(before ? [before] : [])].join(',');
  if (!dates.length) return;
  // Mostly present. A student is away on a day when the day's draw (0–199) falls below its habit
  // (4–17: 2 % to 8.5 % absent), late on the next 4, on leave on the 2 after (fixed per student and day).
  await tx.execute(sql`
    insert into attendance_marks (school_id, session_id, class_id, student_id, date, period_id, status, marked_by, marked_at)
    select cs.school_id, cs.session_id, cs.class_id, cs.student_id, day, null,
      case
        when draw < habit then 'absent'
        when draw < habit + 4 then 'late'
        when draw < habit + 6 then 'leave'
        else 'present' end,
      coalesce(c.class_teacher_id, ${principalId}::uuid),
      least((day + time '09:15') at time zone ${d.timeZone}, ${clockNow().toISOString()}::timestamptz)
    from class_students cs
    join classes c on c.id = cs.class_id
    cross join unnest(string_to_array(${dates.join(',')}, ',')::date[]) as day
    cross join lateral (select abs(hashtext(cs.student_id::text || day::text)) % 200 as draw, 4 + abs(hashtext(cs.student_id::text)) % 14 as habit) h
    where cs.school_id = ${schoolId} and cs.session_id = ${session.id}
      and not (cs.class_id = ${d.classId.get('5-A')!} and day = any(string_to_array(${keep}, ',')::date[]))`);
  // The log the marking service writes of each save: one 'marked' entry a class and day, with its
  // counts and every student's mark (from nothing), by whoever marked it, when it was marked.
  await tx.execute(sql`
    insert into attendance_logs (school_id, session_id, class_id, date, period_id, kind, user_id, details, created_at, updated_at)
    select m.school_id, m.session_id, m.class_id, m.date, null, 'daywise', (array_agg(m.marked_by))[1],
      jsonb_build_object(
        'action', 'marked',
        'counts', jsonb_build_object(
          'present', count(*) filter (where m.status = 'present'),
          'absent', count(*) filter (where m.status = 'absent'),
          'late', count(*) filter (where m.status = 'late'),
          'leave', count(*) filter (where m.status = 'leave'),
          'marked', count(*),
          'percent', round(count(*) filter (where m.status in ('present', 'late')) * 1000.0 / count(*)) / 10),
        'changes', jsonb_agg(
          jsonb_build_object('studentId', m.student_id, 'fullName', concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')), 'from', null, 'to', m.status)
          order by cs.roll_no nulls last, u.first_name, u.last_name, u.id)),
      min(m.marked_at), min(m.marked_at)
    from attendance_marks m
    join users u on u.id = m.student_id
    left join class_students cs on cs.class_id = m.class_id and cs.student_id = m.student_id
    where m.school_id = ${schoolId} and m.session_id = ${session.id} and m.period_id is null
    group by m.school_id, m.session_id, m.class_id, m.date`);
}

/**
 * First run: with demo data, the platform owner and a demo school (one account of every role in
 * the README, more teachers and students, classes filled in); without, only the platform owner
 * with a one-time password. Does nothing when any user exists.
 */
export async function seedIfEmpty(database: Database, opts: { demo: boolean }): Promise<SeedResult> {
  const [existing] = await database.scoped(PLATFORM).select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { created: false, accounts: [] };

  // One argon2 hash for every demo account (they share the published password): a fast start.
  const passwordHash = opts.demo ? await hashSecret(DEMO_PASSWORD) : null;
  const result = await database.transaction(PLATFORM, async (tx) => {
    const ownerPassword = opts.demo ? DEMO_PASSWORD : newPassword(14);
    const owner = { schoolId: null, loginId: OWNER_LOGIN_ID, roleId: ROLE.OWNER, firstName: 'Platform', lastName: 'Owner', email: 'owner@shala.local' };
    if (passwordHash) await tx.insert(users).values({ ...owner, passwordHash });
    else await createUser(tx, { ...owner, password: ownerPassword });
    const accounts: SeededAccount[] = [{ role: ROLE.OWNER, loginId: OWNER_LOGIN_ID, password: ownerPassword, name: 'Platform Owner' }];
    if (!passwordHash) return { created: true, accounts };
    accounts.push(...(await seedDemoSchool(tx, passwordHash)));
    return { created: true, accounts };
  });
  // Statistics for the planner after the bulk load: without them it takes the new tables for
  // empty and picks nested loops that take seconds on the demo's 300 students (PGlite has no
  // autovacuum to gather them later).
  if (passwordHash) await database.analyze();
  return result;
}
