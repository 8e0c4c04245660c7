import { count, sql } from 'drizzle-orm';
import { MASTER_CLASSES, MASTER_SUBJECTS, type Role } from '@shala/contract';
import { PLATFORM, type Database, type Tx } from '../client.js';
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
} from '../schema.js';
import { createUser } from '../../modules/users/service.js';
import { hashSecret, newPassword } from '../../auth/crypto.js';
import { notify } from '../../modules/notifications/service.js';
import { noRealtime } from '../../realtime/index.js';
import { academicYears } from '../../modules/academics/structure.js';
import { addDays, isoWeekday, localDate } from '../../modules/calendar/days.js';
import { seedDemoFees } from './demo-fees.js';
import { seedDemoCommunication } from './demo-communication.js';

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
// The demo school's people and classes, as data.

interface DemoPerson {
  role: Role;
  loginId: string;
  first: string;
  last: string;
  email?: string;
}

/** One account of every role: the README's table (printed at the first start). */
const HEADLINE: DemoPerson[] = [
  { role: 112, loginId: 'DEMO-A0001', first: 'Suresh', last: 'Iyer', email: 'sysadmin@demo.shala.local' },
  { role: 113, loginId: 'DEMO-P0001', first: 'Anita', last: 'Sharma', email: 'principal@demo.shala.local' },
  { role: 114, loginId: 'DEMO-T0001', first: 'Ravi', last: 'Kumar', email: 'teacher@demo.shala.local' },
  { role: 115, loginId: 'DEMO-G0001', first: 'Meena', last: 'Verma', email: 'parent@demo.shala.local' },
  { role: 116, loginId: 'DEMO-S0001', first: 'Aarav', last: 'Verma', email: 'student@demo.shala.local' },
];

/** The other teachers (same password); DEMO-T0001 is the headline teacher. */
const MORE_TEACHERS: Array<[first: string, last: string]> = [
  ['Priya', 'Nair'],
  ['Sanjay', 'Gupta'],
  ['Fatima', 'Sheikh'],
  ['Deepak', 'Joshi'],
  ['Lakshmi', 'Rao'],
];

/** Classes 1 to 5, sections A and B, of the current session. */
const CLASS_CODES = ['1', '2', '3', '4', '5'] as const;
const SECTIONS = ['A', 'B'] as const;
type ClassKey = `${(typeof CLASS_CODES)[number]}-${(typeof SECTIONS)[number]}`;

/**
 * The students, DEMO-S0001 … S0030, three to a class. DEMO-S0001 (Aarav, 5-A) and his sister Diya
 * (2-A) are DEMO-G0001's children.
 */
const STUDENTS: Array<[first: string, last: string, cls: ClassKey]> = [
  ['Aarav', 'Verma', '5-A'],
  ['Ananya', 'Iyer', '5-A'],
  ['Rohan', 'Mehta', '5-A'],
  ['Diya', 'Verma', '2-A'],
  ['Kabir', 'Singh', '5-B'],
  ['Ishita', 'Reddy', '5-B'],
  ['Vivaan', 'Patel', '5-B'],
  ['Saanvi', 'Gupta', '4-A'],
  ['Arjun', 'Nair', '4-A'],
  ['Myra', 'Khan', '4-A'],
  ['Reyansh', 'Joshi', '4-B'],
  ['Aadhya', 'Das', '4-B'],
  ['Vihaan', 'Rao', '4-B'],
  ['Kiara', 'Menon', '3-A'],
  ['Ayaan', 'Sheikh', '3-A'],
  ['Pari', 'Agarwal', '3-A'],
  ['Krishna', 'Pillai', '3-B'],
  ['Navya', 'Bose', '3-B'],
  ['Shaurya', 'Chauhan', '3-B'],
  ['Anika', 'Kulkarni', '2-A'],
  ['Atharv', 'Mishra', '2-A'],
  ['Riya', 'Saxena', '2-B'],
  ['Dhruv', 'Malhotra', '2-B'],
  ['Tara', 'Banerjee', '2-B'],
  ['Laksh', 'Yadav', '1-A'],
  ['Avni', 'Thakur', '1-A'],
  ['Ved', 'Pandey', '1-A'],
  ['Zara', 'Qureshi', '1-B'],
  ['Advik', 'Kapoor', '1-B'],
  ['Meher', 'Gill', '1-B'],
];
const SIBLINGS = new Set(['DEMO-S0001', 'DEMO-S0004']);

/** Subjects of the school, from the master list. */
const SUBJECT_CODES = ['ENG', 'HIN', 'MATH', 'EVS', 'SCI', 'SST', 'CS', 'ART'] as const;
type SubjectCode = (typeof SUBJECT_CODES)[number];
/** What each class studies: EVS in 1 and 2, Science and Social Science from 3. */
const SYLLABUS: Record<(typeof CLASS_CODES)[number], SubjectCode[]> = {
  '1': ['ENG', 'HIN', 'MATH', 'EVS', 'ART'],
  '2': ['ENG', 'HIN', 'MATH', 'EVS', 'ART'],
  '3': ['ENG', 'HIN', 'MATH', 'SCI', 'SST', 'CS', 'ART'],
  '4': ['ENG', 'HIN', 'MATH', 'SCI', 'SST', 'CS', 'ART'],
  '5': ['ENG', 'HIN', 'MATH', 'SCI', 'SST', 'CS', 'ART'],
};
/** Who teaches a subject in a class (teacher login id); DEMO-T0001 teaches Mathematics from class 3. */
function teacherOf(code: SubjectCode, cls: string): string {
  const upper = Number(cls) >= 3;
  switch (code) {
    case 'MATH':
      return upper ? 'DEMO-T0001' : 'DEMO-T0006';
    case 'ENG':
      return 'DEMO-T0002';
    case 'HIN':
      return 'DEMO-T0003';
    case 'EVS':
    case 'SCI':
      return 'DEMO-T0004';
    case 'SST':
    case 'CS':
      return 'DEMO-T0005';
    case 'ART':
      return 'DEMO-T0006';
  }
}
/**
 * Class teachers of the A sections and 5-B: those classes are Complete. 1-B to 4-B have subjects,
 * teachers and students but no class teacher yet (Incomplete), something for an admin to finish.
 */
const CLASS_TEACHERS: Partial<Record<ClassKey, string>> = {
  '1-A': 'DEMO-T0006',
  '2-A': 'DEMO-T0004',
  '3-A': 'DEMO-T0003',
  '4-A': 'DEMO-T0002',
  '5-A': 'DEMO-T0001',
  '5-B': 'DEMO-T0005',
};
/** The next session's classes (empty, Pending): somewhere to promote the current students to. */
const NEXT_CLASS_CODES = ['1', '2', '3', '4', '5', '6'] as const;

const masterName = (code: string) => MASTER_CLASSES.find((c) => c.code === code)!.name;
const pad = (n: number) => String(n).padStart(4, '0');
const MINUTE = 60_000;

/**
 * The demo school: its sessions (three past, the current one and the next), subjects, classes 1–5
 * with sections A and B and their subjects, teachers and students with roll numbers by name, in a
 * constant number of statements. Every account shares one hash of the published password.
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

  // Staff and the parent first (students link to the parent), admitted in login-id order.
  const start = Date.now() - 24 * 60 * MINUTE;
  const staff: DemoPerson[] = [
    ...HEADLINE.filter((p) => p.role !== 116),
    ...MORE_TEACHERS.map(([first, last], i) => ({ role: 114 as const, loginId: `DEMO-T${pad(i + 2)}`, first, last, email: `teacher${i + 2}@demo.shala.local` })),
  ];
  const staffRows = await tx
    .insert(users)
    .values(
      staff.map((p, i) => ({
        schoolId,
        loginId: p.loginId,
        roleId: p.role,
        firstName: p.first,
        lastName: p.last,
        email: p.email ?? null,
        passwordHash,
        createdAt: new Date(start + i * MINUTE),
      })),
    )
    .returning({ id: users.id, loginId: users.loginId });
  const idOf = new Map(staffRows.map((r) => [r.loginId, r.id]));
  const parentId = idOf.get('DEMO-G0001')!;

  const studentRows = await tx
    .insert(users)
    .values(
      STUDENTS.map(([first, last], i) => {
        const loginId = `DEMO-S${pad(i + 1)}`;
        return {
          schoolId,
          loginId,
          roleId: 116,
          firstName: first,
          lastName: last,
          email: loginId === 'DEMO-S0001' ? HEADLINE.find((p) => p.role === 116)!.email : null,
          parentUserId: SIBLINGS.has(loginId) ? parentId : null,
          passwordHash,
          createdAt: new Date(start + (staff.length + i) * MINUTE),
        };
      }),
    )
    .returning({ id: users.id, loginId: users.loginId });
  for (const r of studentRows) idOf.set(r.loginId, r.id);

  // Classes 1–5 A and B (with their class teachers) now; 1–6 A and B next session, empty.
  const keys = CLASS_CODES.flatMap((c) => SECTIONS.map((s) => `${c}-${s}` as ClassKey));
  const classRows = await tx
    .insert(classes)
    .values([
      ...keys.map((key) => {
        const [code, section] = key.split('-') as [string, string];
        const teacher = CLASS_TEACHERS[key];
        return { schoolId, sessionId: current.id, masterClass: code, name: masterName(code), section, classLimit: 40, classTeacherId: teacher ? idOf.get(teacher)! : null };
      }),
      ...NEXT_CLASS_CODES.flatMap((code) =>
        SECTIONS.map((section) => ({ schoolId, sessionId: nextSession.id, masterClass: code, name: masterName(code), section, classLimit: 40 })),
      ),
    ])
    .returning({ id: classes.id, sessionId: classes.sessionId, masterClass: classes.masterClass, section: classes.section });
  const classId = new Map(classRows.filter((c) => c.sessionId === current.id).map((c) => [`${c.masterClass}-${c.section}`, c.id]));

  await tx.insert(classSubjects).values(
    keys.flatMap((key) => {
      const code = key.split('-')[0] as (typeof CLASS_CODES)[number];
      return SYLLABUS[code].map((subject) => ({
        schoolId,
        classId: classId.get(key)!,
        subjectId: subjectId.get(subject)!,
        teacherId: idOf.get(teacherOf(subject, code))!,
      }));
    }),
  );

  // Roll numbers 1, 2, 3 … by name within each class.
  const byName = STUDENTS.map(([first, last, cls], i) => ({ first, last, cls, loginId: `DEMO-S${pad(i + 1)}` })).sort(
    (a, b) => a.first.localeCompare(b.first) || a.last.localeCompare(b.last),
  );
  const nextRoll = new Map<string, number>();
  await tx.insert(classStudents).values(
    byName.map((s) => {
      const rollNo = (nextRoll.get(s.cls) ?? 0) + 1;
      nextRoll.set(s.cls, rollNo);
      return { schoolId, sessionId: current.id, classId: classId.get(s.cls)!, studentId: idOf.get(s.loginId)!, rollNo };
    }),
  );

  const cells = keys.flatMap((key) => {
    const code = key.split('-')[0] as (typeof CLASS_CODES)[number];
    return SYLLABUS[code].map((subject) => ({ key, subject, teacher: teacherOf(subject, code) }));
  });
  await seedSchoolDay(tx, { schoolId, session: current, timeZone: school!.timeZone, classId, subjectId, idOf, cells });
  await seedDemoCommunication(tx, { schoolId, session: current, timeZone: school!.timeZone, classId, subjectId, idOf, cells });

  await seedDemoFees(tx, {
    schoolId,
    session: current,
    timeZone: school!.timeZone,
    classId,
    students: STUDENTS.map(([, , cls], i) => ({ loginId: `DEMO-S${pad(i + 1)}`, id: idOf.get(`DEMO-S${pad(i + 1)}`)!, cls })),
    principalId: idOf.get('DEMO-P0001')!,
  });

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
// The school day of the current session: periods, a timetable, holidays and three weeks of attendance.

/** Eight periods of 40 minutes from 08:00 to 14:00, with lunch after the fourth. */
const PERIODS: Array<[name: string, start: string, end: string, isBreak?: boolean]> = [
  ['Period 1', '08:00', '08:40'],
  ['Period 2', '08:40', '09:20'],
  ['Period 3', '09:20', '10:00'],
  ['Period 4', '10:00', '10:40'],
  ['Lunch', '10:40', '11:20', true],
  ['Period 5', '11:20', '12:00'],
  ['Period 6', '12:00', '12:40'],
  ['Period 7', '12:40', '13:20'],
  ['Period 8', '13:20', '14:00'],
];
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The holidays of a session that starts in April of year y: title, first and last day. */
const HOLIDAYS = (y: number): Array<[title: string, start: string, end: string]> => [
  ['Independence Day', `${y}-08-15`, `${y}-08-15`],
  ['Gandhi Jayanti', `${y}-10-02`, `${y}-10-02`],
  ['Diwali break', `${y}-11-07`, `${y}-11-11`],
  ['Christmas', `${y}-12-25`, `${y}-12-25`],
  ['Republic Day', `${y + 1}-01-26`, `${y + 1}-01-26`],
  ['Holi', `${y + 1}-03-04`, `${y + 1}-03-04`],
];
/** Days of attendance the demo has before today. */
const ATTENDANCE_DAYS = 21;

/**
 * Periods, a timetable for every class (each cell a subject of the class and its teacher; a teacher
 * is in one class per day and period, so a few cells stay free periods), the session's holidays
 * (none on today), and daywise attendance for the school days of the last three weeks, mostly
 * present. Class 5-A is left unmarked today and on the school day before, for the demo teacher to
 * mark. No absence alerts are sent. A constant number of statements.
 */
async function seedSchoolDay(
  tx: Tx,
  d: {
    schoolId: string;
    session: { id: string; startDate: string; endDate: string };
    timeZone: string;
    classId: Map<string, string>;
    subjectId: Map<string, string>;
    idOf: Map<string, string>;
    cells: Array<{ key: string; subject: string; teacher: string }>;
  },
) {
  const { schoolId, session } = d;
  const periodRows = await tx
    .insert(periods)
    .values(PERIODS.map(([name, start, end, isBreak]) => ({ schoolId, sessionId: session.id, name, startMinute: minutes(start), endMinute: minutes(end), isBreak: !!isBreak })))
    .returning({ id: periods.id, isBreak: periods.isBreak, start: periods.startMinute });
  const teaching = periodRows.filter((p) => !p.isBreak).sort((a, b) => a.start - b.start);

  // The timetable: slot by slot, each class (in turn, first a different one every slot) takes the
  // subject it has had least this week whose teacher is still free in that slot.
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
          .sort((a, b) => (taught.get(`${key}/${a.subject}`) ?? 0) - (taught.get(`${key}/${b.subject}`) ?? 0));
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

  // School days of the last three weeks and today: Monday to Saturday, in the session, no holiday.
  const schoolDay = (date: string) =>
    isoWeekday(date) !== 7 && date >= session.startDate && date <= session.endDate && !inSession.some(([, start, end]) => start <= date && date <= end);
  const dates = Array.from({ length: ATTENDANCE_DAYS + 1 }, (_, i) => addDays(today, i - ATTENDANCE_DAYS)).filter(schoolDay);
  // 5-A keeps today and the school day before it for the demo teacher.
  const before = dates.filter((date) => date < today).at(-1);
  const keep = [today, ...(before ? [before] : [])].join(',');
  if (!dates.length) return;
  // Mostly present; about one in twenty absent, one in forty late or on leave (fixed per student and day).
  await tx.execute(sql`
    insert into attendance_marks (school_id, session_id, class_id, student_id, date, period_id, status, marked_by, marked_at)
    select cs.school_id, cs.session_id, cs.class_id, cs.student_id, day, null,
      case abs(hashtext(cs.student_id::text || day::text)) % 40
        when 0 then 'absent' when 1 then 'absent' when 2 then 'late' when 3 then 'leave' else 'present' end,
      coalesce(c.class_teacher_id, ${principalId}::uuid),
      least((day + time '09:15') at time zone ${d.timeZone}, now())
    from class_students cs
    join classes c on c.id = cs.class_id
    cross join unnest(string_to_array(${dates.join(',')}, ',')::date[]) as day
    where cs.school_id = ${schoolId} and cs.session_id = ${session.id}
      and not (cs.class_id = ${d.classId.get('5-A')!} and day = any(string_to_array(${keep}, ',')::date[]))`);
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
  return database.transaction(PLATFORM, async (tx) => {
    const ownerPassword = opts.demo ? DEMO_PASSWORD : newPassword(14);
    const owner = { schoolId: null, loginId: OWNER_LOGIN_ID, roleId: 111 as const, firstName: 'Platform', lastName: 'Owner', email: 'owner@shala.local' };
    if (passwordHash) await tx.insert(users).values({ ...owner, passwordHash });
    else await createUser(tx, { ...owner, password: ownerPassword });
    const accounts: SeededAccount[] = [{ role: 111, loginId: OWNER_LOGIN_ID, password: ownerPassword, name: 'Platform Owner' }];
    if (!passwordHash) return { created: true, accounts };
    accounts.push(...(await seedDemoSchool(tx, passwordHash)));
    return { created: true, accounts };
  });
}
