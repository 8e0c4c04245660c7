// The school the load and crash tests run on (`npm run load`, `npm run crash`, test/crash.test.ts),
// set-based: a constant number of statements whatever its size. LOAD (or the code given): a
// principal, a system admin, one class teacher per class, the students in classes of `perClass`,
// one parent for every two students (so every parent may chat with its children's class teachers),
// class fees and a plan of `instalments` monthly instalments per student, none paid, and optionally
// the last `historyDays` school days of attendance. Every account's password is the demo's.
import { sql } from 'drizzle-orm';
import { ROLE, classFeeTotal, splitInstalments } from '@shala/contract';
import { PLATFORM, type Database, type Db } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { hashSecret, newToken, sha256 } from '../src/auth/crypto.js';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';

export interface LoadSeedOptions {
  code?: string;
  classes?: number;
  perClass?: number;
  instalments?: number;
  historyDays?: number;
}

export interface LoadClass {
  id: string;
  teacherId: string;
  teacherLoginId: string;
  studentIds: string[];
}

/** What the tests need to know of the school, read back from the database (also after a restart). */
export interface LoadSchool {
  schoolId: string;
  code: string;
  sessionId: string;
  principal: string;
  admin: string;
  classes: LoadClass[];
  /** Parents' login ids with the user id of a teacher each may chat with (its first child's class teacher). */
  parents: Array<{ loginId: string; id: string; teacherId: string; childId: string }>;
  students: string[];
  /** Unpaid instalments, oldest due first. */
  unpaidEmiIds: string[];
  /** Past school days of the session (Monday to Saturday), newest first. */
  schoolDays: string[];
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const PASSWORD = DEMO_PASSWORD;
export const LOAD_PASSWORD = PASSWORD;

/** Seeds the school unless a school of that code exists; returns what the tests need either way. */
export async function seedLoadSchool(database: Database, opts: LoadSeedOptions = {}): Promise<LoadSchool> {
  const code = (opts.code ?? 'LOAD').toUpperCase();
  const db = database.scoped(PLATFORM);
  const existing = rows<{ id: string }>(await db.execute(sql`select id from schools where lower(code) = lower(${code})`));
  if (!existing.length) await insertSchool(database, code, opts);
  return readLoadSchool(db, code);
}

async function insertSchool(database: Database, code: string, opts: LoadSeedOptions) {
  const classCount = opts.classes ?? 30;
  const perClass = opts.perClass ?? 40;
  const studentCount = classCount * perClass;
  const parentCount = Math.ceil(studentCount / 2);
  const today = localDate('Asia/Kolkata');
  const start = addDays(today, -200);
  const hash = await hashSecret(PASSWORD);
  const fee = { academic: 300_000, convenience: 50_000, development: 150_000, tuition: 1_800_000, other: 0, taxBp: 0 };
  const total = classFeeTotal(fee).total;
  const instalments = opts.instalments ?? 6;
  const split = splitInstalments(total, instalments);
  await database.transaction(PLATFORM, async (tx) => {
    const [school] = rows<{ id: string }>(await tx.execute(sql`insert into schools (code, name) values (${code}, ${`${code} Load Test School`}) returning id`));
    const schoolId = school!.id;
    const [session] = rows<{ id: string }>(
      await tx.execute(sql`insert into academic_sessions (school_id, label, start_date, end_date, is_current)
        values (${schoolId}, 'load', ${start}, ${addDays(today, 160)}, true) returning id`),
    );
    const sessionId = session!.id;
    const names = sql`(array['Aarav','Vivaan','Aditya','Ananya','Diya','Ishaan','Kavya','Meera','Rohan','Saanvi','Arjun','Priya'])`;
    const surnames = sql`(array['Sharma','Verma','Iyer','Khan','Das','Reddy','Nair','Patel','Gupta','Singh','Joshi','Rao'])`;
    const person = (prefix: string, role: number, n: number | ReturnType<typeof sql>, parent = sql`null::uuid`) => sql`
      insert into users (school_id, role_id, login_id, first_name, last_name, email, parent_user_id, password_hash)
      select ${schoolId}::uuid, ${role}::smallint, ${`${code}-${prefix}`} || lpad(i::text, 4, '0'), ${names}[i % 12 + 1], ${surnames}[(i / 12) % 12 + 1],
        lower(${`${code}-${prefix}`}) || i || '@load.example.in', ${parent}, ${hash}
      from generate_series(1, ${n}::int) as i`;
    await tx.execute(person('P', ROLE.PRINCIPAL, 1));
    await tx.execute(person('A', ROLE.SYSTEM_ADMIN, 1));
    await tx.execute(person('T', ROLE.TEACHER, classCount));
    await tx.execute(person('G', ROLE.PARENT, parentCount));
    // Student i's parent is parent (i + 1) / 2: two children each.
    await tx.execute(
      person('S', ROLE.STUDENT, studentCount, sql`(select id from users p where lower(p.login_id) = lower(${`${code}-G`} || lpad(((i + 1) / 2)::text, 4, '0')))`),
    );
    await tx.execute(sql`insert into login_id_counters (prefix, school_id, value) values
      (${`${code}-P`}, ${schoolId}, 1), (${`${code}-A`}, ${schoolId}, 1), (${`${code}-T`}, ${schoolId}, ${classCount}),
      (${`${code}-G`}, ${schoolId}, ${parentCount}), (${`${code}-S`}, ${schoolId}, ${studentCount})`);
    // Class k: classes 1 to 12, sections A, B, C …; its class teacher T(k + 1).
    await tx.execute(sql`insert into classes (school_id, session_id, master_class, name, section, class_limit, class_teacher_id)
      select ${schoolId}::uuid, ${sessionId}::uuid, (k % 12 + 1)::text, (k % 12 + 1)::text, chr(65 + k / 12), ${perClass}::int,
        (select id from users t where lower(t.login_id) = lower(${`${code}-T`} || lpad((k + 1)::text, 4, '0')))
      from generate_series(0, ${classCount - 1}::int) as k`);
    await tx.execute(sql`insert into class_students (school_id, session_id, class_id, student_id, roll_no)
      select ${schoolId}::uuid, ${sessionId}::uuid, c.id, s.id, s.r % ${perClass}::int + 1
      from (select id, row_number() over (order by login_id) - 1 as r from users where school_id = ${schoolId} and role_id = 116) s
      join classes c on c.school_id = ${schoolId} and c.class_teacher_id =
        (select id from users t where lower(t.login_id) = lower(${`${code}-T`} || lpad((s.r / ${perClass}::int + 1)::text, 4, '0')))`);
    await tx.execute(sql`insert into class_fees (school_id, class_id, session_id, academic, convenience, development, tuition, other, tax_bp, total)
      select school_id, id, session_id, ${fee.academic}, ${fee.convenience}, ${fee.development}, ${fee.tuition}, ${fee.other}, ${fee.taxBp}, ${total}
      from classes where school_id = ${schoolId}`);
    await tx.execute(sql`insert into fee_records (school_id, session_id, class_id, student_id, class_fee, total)
      select school_id, session_id, class_id, student_id, ${total}, ${total} from class_students where school_id = ${schoolId}`);
    await tx.execute(sql`insert into fee_instalments (school_id, session_id, fee_record_id, seq, due_date, amount)
      select r.school_id, r.session_id, r.id, k, (${start}::date + (k - 1) * interval '1 month')::date,
        (${sql.raw(`array[${split.join(',')}]`)}::bigint[])[k]
      from fee_records r cross join generate_series(1, ${instalments}::int) as k where r.school_id = ${schoolId}`);
    if (opts.historyDays) {
      await tx.execute(sql`insert into attendance_marks (school_id, session_id, class_id, student_id, date, status, marked_at)
        select cs.school_id, cs.session_id, cs.class_id, cs.student_id, d::date,
          case abs(hashtext(cs.student_id::text || d::date::text)) % 30 when 0 then 'absent' when 1 then 'late' else 'present' end, d + interval '4 hours'
        from class_students cs
        cross join generate_series(${addDays(today, -opts.historyDays)}::date, ${addDays(today, -1)}::date, interval '1 day') as d
        where cs.school_id = ${schoolId} and extract(isodow from d) <> 7`);
    }
  });
  await database.analyze();
}

/** The school of that code as the tests see it (login ids, classes with their students, unpaid instalments). */
export async function readLoadSchool(db: Db, code: string): Promise<LoadSchool> {
  const [school] = rows<{ id: string; session_id: string; start_date: string }>(
    await db.execute(sql`select s.id, a.id as session_id, a.start_date::text as start_date from schools s
      join academic_sessions a on a.school_id = s.id and a.is_current where lower(s.code) = lower(${code})`),
  );
  if (!school) throw new Error(`no school ${code} with a current session`);
  const schoolId = school.id;
  const classRows = rows<{ id: string; teacher_id: string; teacher_login: string; students: string[] }>(
    await db.execute(sql`select c.id, c.class_teacher_id as teacher_id, t.login_id as teacher_login,
        array(select cs.student_id::text from class_students cs where cs.class_id = c.id order by cs.roll_no) as students
      from classes c join users t on t.id = c.class_teacher_id where c.school_id = ${schoolId} and c.session_id = ${school.session_id}
      order by t.login_id`),
  );
  const parents = rows<{ login_id: string; id: string; teacher_id: string; child_id: string }>(
    await db.execute(sql`select distinct on (p.id) p.login_id, p.id, c.class_teacher_id as teacher_id, s.id as child_id
      from users p join users s on s.parent_user_id = p.id
      join class_students cs on cs.student_id = s.id and cs.session_id = ${school.session_id}
      join classes c on c.id = cs.class_id
      where p.school_id = ${schoolId} and p.role_id = 115 order by p.id, s.login_id`),
  );
  const students = rows<{ login_id: string }>(
    await db.execute(sql`select login_id from users where school_id = ${schoolId} and role_id = 116 order by login_id`),
  ).map((r) => r.login_id);
  const unpaid = rows<{ id: string }>(
    await db.execute(sql`select id from fee_instalments where school_id = ${schoolId} and not paid order by due_date, id`),
  ).map((r) => r.id);
  const today = localDate('Asia/Kolkata');
  const schoolDays: string[] = [];
  for (let d = addDays(today, -1); d >= school.start_date; d = addDays(d, -1)) if (isoWeekday(d) !== 7) schoolDays.push(d);
  const login = (p: string) => `${code}-${p}0001`;
  return {
    schoolId,
    code,
    sessionId: school.session_id,
    principal: login('P'),
    admin: login('A'),
    classes: classRows.map((c) => ({ id: c.id, teacherId: c.teacher_id, teacherLoginId: c.teacher_login, studentIds: c.students })),
    parents: parents.map((p) => ({ loginId: p.login_id, id: p.id, teacherId: p.teacher_id, childId: p.child_id })).sort((a, b) => a.loginId.localeCompare(b.loginId)),
    students,
    unpaidEmiIds: unpaid,
    schoolDays,
  };
}

/**
 * Sessions made up front for the load test, as a sign-in would make them (a random token, its
 * SHA-256 stored), in one statement: hundreds of argon2 sign-ins would take minutes on 2 cores.
 */
export async function openSessions(database: Database, loginIds: string[], hours = 24): Promise<Map<string, string>> {
  const tokens = loginIds.map(() => newToken());
  await database.scoped(PLATFORM).execute(sql`insert into auth_sessions (user_id, school_id, token_hash, expires_at)
    select u.id, u.school_id, s.hash, now() + ${`${hours} hours`}::interval
    from jsonb_array_elements_text(${JSON.stringify(loginIds)}::jsonb) with ordinality as l(login_id, n)
    join jsonb_array_elements_text(${JSON.stringify(tokens.map(sha256))}::jsonb) with ordinality as s(hash, n) using (n)
    join users u on lower(u.login_id) = lower(l.login_id)`);
  return new Map(loginIds.map((id, i) => [id, tokens[i]!]));
}
