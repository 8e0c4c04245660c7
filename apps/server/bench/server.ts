// The server under benchmark: the real app plus one bare route returning constant JSON (the
// ceiling, through the app's own global hooks), and a plain Fastify with the same route on the
// next port, so the cost of the hooks stays visible. Seeds a school of BENCH_STUDENTS (2,000)
// students, a school of BENCH_ATT_STUDENTS (1,000) students in classes of 60 with a year of daily
// attendance (school days, set-based: one INSERT … SELECT over generate_series) and, unless BENCH_BIG=0, a second school of BENCH_BIG_STUDENTS (100,000). For the
// enrolment cases: a class of 60 students in the current session (class details), 20 past
// sessions whose classes are filled, and BENCH_ENROL_SESSIONS (150) sessions of one week each,
// every one with an empty class for each group of 60 of those students, so each "assign 60
// students" request has a fresh class to fill.
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { PLATFORM, openDatabase, type Db } from '../src/db/client.js';
import { seedIfEmpty, DEMO_PASSWORD } from '../src/seed/demo.js';
import { buildApp } from '../src/app.js';
import { hashGenerated, hashSecret } from '../src/auth/crypto.js';
import { addDays, isoWeekday, localDate, monthDates } from '../src/modules/calendar/days.js';
import { installCapture } from './capture.js';
import { CBSE_GRADES, ROLE, classFeeTotal, splitInstalments } from '@shala/contract';

// No job queue: its polling would run beside the measured requests.
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000000', JOBS: 'off' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 20 });
await seedIfEmpty(database, { demo: true });
const db = database.scoped(PLATFORM);

/** First names of the bench's students: boys' and girls' names from across India. */
const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan', 'Shaurya', 'Atharv', 'Kabir', 'Rohan',
  'Dhruv', 'Laksh', 'Ananya', 'Diya', 'Saanvi', 'Aadhya', 'Kiara', 'Myra', 'Pari', 'Anika', 'Navya', 'Ishita', 'Riya', 'Avni', 'Tara',
  'Meher', 'Zara', 'Fatima', 'Harpreet', 'Gurleen', 'Lakshmi', 'Priya', 'Sneha', 'Pooja', 'Nikhil', 'Rahul', 'Karthik', 'Arnav',
  'Yash', 'Aryan', 'Tanvi', 'Kavya', 'Shreya', 'Nandini', 'Aisha', 'Imran', 'Sameer', 'Farhan', 'Simran', 'Manpreet', 'Jaspreet',
  'Deepak', 'Suresh', 'Ramesh', 'Ganesh', 'Harish', 'Vikram', 'Siddharth', 'Pranav', 'Omkar', 'Tejas', 'Varun', 'Akash', 'Sahil',
  'Mohit', 'Neha', 'Divya', 'Anjali', 'Swati', 'Bhavna', 'Kritika', 'Mansi', 'Sakshi', 'Payal', 'Rekha', 'Sunita', 'Geeta', 'Madhuri',
  'Aruna', 'Revathi', 'Meenakshi', 'Anand', 'Bala', 'Murugan', 'Senthil', 'Joseph', 'Thomas', 'Mary', 'Sarah', 'Tenzin', 'Lalit',
  'Bhupendra', 'Jitendra', 'Hemant', 'Gaurav', 'Abhishek', 'Ritika', 'Prachi', 'Chetan', 'Nilesh', 'Rupali', 'Sonali', 'Ujjwal',
];
/** Last names but Verma (a fifth of the students are Vermas: the broad search). None contains "verma". */
const LAST_NAMES = [
  'Sharma', 'Iyer', 'Khan', 'Das', 'Gupta', 'Singh', 'Reddy', 'Patel', 'Nair', 'Rao', 'Joshi', 'Mehta', 'Menon', 'Sheikh', 'Agarwal',
  'Pillai', 'Bose', 'Kulkarni', 'Mishra', 'Saxena', 'Banerjee', 'Yadav', 'Thakur', 'Pandey', 'Kapoor', 'Gill', 'Chauhan', 'Rathore',
  'Shekhawat', 'Meena', 'Jain', 'Bansal', 'Goyal', 'Chaudhary', 'Tiwari', 'Dubey', 'Srivastava', 'Tripathi', 'Chatterjee', 'Mukherjee',
  'Ghosh', 'Sen', 'Naidu', 'Krishnan', 'Subramanian', 'Desai', 'Shah', 'Pawar', 'Jadhav', 'Deshmukh', 'Ansari', 'Qureshi', 'Siddiqui',
  'Fernandes', 'Dsouza', 'Bhatt', 'Negi', 'Rawat', 'Bisht', 'Sahu', 'Mohanty', 'Naik', 'Hegde', 'Shetty', 'Kaur', 'Sandhu', 'Dhillon',
];
const nameList = (items: string[]) => sql`string_to_array(${items.join('|')}, '|')`;

/**
 * Adds `count` students to a school in one statement (one hash shared: only reads are measured),
 * named as a school's pupils are: a first and a last name from the lists above, drawn by a hash of
 * the number, a fifth of them Vermas (the broad search, "verma"), so a first and last name
 * together ("kavya menon") is a selective search. Emails are the names and the number.
 */
async function addStudents(db: Db, schoolId: string, code: string, count: number, from = 1) {
  const hash = await hashGenerated('bench-only');
  await db.execute(sql`
    insert into users (school_id, role_id, login_id, first_name, last_name, email, password_hash)
    select ${schoolId}::uuid, 116, ${code} || '-S' || lpad((i + 1)::text, 6, '0'), n.f, n.l,
      lower(n.f || '.' || n.l) || i || '@' || lower(${code}) || '.bench.example.in', ${hash}
    from generate_series(${from}::int, ${from + count - 1}::int) as i,
      lateral (select (${nameList(FIRST_NAMES)})[abs(hashtext('f' || i)) % ${FIRST_NAMES.length} + 1] as f,
        case when abs(hashtext('v' || i)) % 5 = 0 then 'Verma'
          else (${nameList(LAST_NAMES)})[abs(hashtext('l' || i)) % ${LAST_NAMES.length} + 1] end as l) as n`);
}

/**
 * Classes for the enrolment cases. Returns the class of 60 (details), the groups of 60 student ids,
 * and the empty classes to fill, one per (later session, group): none is filled twice. The first
 * BENCH_ENROL_HISTORY (20) sessions are filled already, as a school's past years would be, so the
 * planner's statistics see a table of many classes (about 40,000 rows at 2,000 students).
 */
async function seedEnrolment(schoolId: string) {
  // The bench's own students (DEMO-S001000 …): the demo seed's DEMO-S0001 … S0030 sit in classes already.
  const groups: string[][] = [];
  const ids = rowsOf(
    await db.execute(sql`select id from users where school_id = ${schoolId} and role_id = 116 and login_id like 'DEMO-S00____' order by login_id`),
  ).map((r) => r.id);
  for (let i = 0; i + 60 <= ids.length; i += 60) groups.push(ids.slice(i, i + 60));
  if (!groups.length) return null;
  const history = Number(process.env.BENCH_ENROL_HISTORY ?? 20);
  const sessions = Number(process.env.BENCH_ENROL_SESSIONS ?? 150);
  const [current] = rowsOf(await db.execute(sql`select id from academic_sessions where school_id = ${schoolId} and is_current`));
  const [details] = rowsOf(
    await db.execute(sql`insert into classes (school_id, session_id, master_class, name, section, class_limit)
      values (${schoolId}, ${current!.id}, '6', '6', 'B', 60) returning id`),
  );
  await db.execute(sql`insert into class_students (school_id, session_id, class_id, student_id, roll_no)
    select ${schoolId}::uuid, ${current!.id}::uuid, ${details!.id}::uuid, s.id, s.n
    from (values ${sql.join(groups[0]!.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`), sql`, `)}) as s(id, n)`);
  // One-week sessions from 2040 on: the first `history` are past years, filled; the rest are empty.
  await db.execute(sql`insert into academic_sessions (school_id, label, start_date, end_date)
    select ${schoolId}::uuid, 'bench-' || lpad(k::text, 4, '0'), date '2040-01-01' + k * 8, date '2040-01-01' + k * 8 + 6
    from generate_series(0, ${history + sessions - 1}::int) as k`);
  const made = rowsOf(
    await db.execute(sql`insert into classes (school_id, session_id, master_class, name, section, class_limit)
      select ${schoolId}::uuid, s.id, '6', '6', 'G' || g, 60
      from academic_sessions s cross join generate_series(0, ${groups.length - 1}::int) as g
      where s.school_id = ${schoolId} and s.label like 'bench-%'
      returning id, section, (select label from academic_sessions x where x.id = session_id) as label`),
  ) as unknown as Array<{ id: string; section: string; label: string }>;
  const historyLabel = `bench-${String(history).padStart(4, '0')}`;
  await db.execute(sql`insert into class_students (school_id, session_id, class_id, student_id, roll_no)
    select c.school_id, c.session_id, c.id, s.id, s.r % 60 + 1
    from classes c join academic_sessions a on a.id = c.session_id
    join (select id, row_number() over (order by login_id) - 1 as r from users
          where school_id = ${schoolId} and role_id = 116 and login_id like 'DEMO-S00____') s
      -- (guarded: the planner may test the join on any class before the session filter, e.g. the demo's 5-A)
      on s.r / 60 = case when c.section ~ '^G[0-9]+$' then substring(c.section from 2)::int end
    where c.school_id = ${schoolId} and a.label like 'bench-%' and a.label < ${historyLabel} and s.r < ${groups.length * 60}`);
  const slots = made.filter((c) => c.label >= historyLabel).map((c) => ({ classId: c.id, group: Number(c.section.slice(1)) }));
  return { detailsClassId: details!.id, groups, slots };
}

/**
 * The attendance school (ATT): `count` students in classes of 60 (the last one smaller), a session
 * of the last year and the next two months, and a daywise mark for every student on every school day
 * (Monday to Saturday) of that year up to yesterday: about 310 marks a student, in one statement.
 * Returns the first class (60 students, class teacher ATT-T0001), the latest month of 31 days with
 * marks, and a past school day to save.
 */
async function seedAttendance(count: number) {
  if (!count) return null;
  const today = localDate('Asia/Kolkata');
  const start = addDays(today, -365);
  const [school] = rowsOf(await db.execute(sql`insert into schools (code, name) values ('ATT', 'Bench Attendance School') returning id`));
  const schoolId = school!.id;
  const hash = await hashSecret(DEMO_PASSWORD);
  const [teacher] = rowsOf(
    await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
      values (${schoolId}, 113, 'ATT-P0001', 'Att', 'Principal', ${hash}), (${schoolId}, 114, 'ATT-T0001', 'Att', 'Teacher', ${hash}) returning id, role_id`),
  ).filter((r) => (r as unknown as { role_id: number }).role_id === ROLE.TEACHER);
  await addStudents(db, schoolId, 'ATT', count);
  const [session] = rowsOf(
    await db.execute(sql`insert into academic_sessions (school_id, label, start_date, end_date, is_current)
      values (${schoolId}, 'bench-year', ${start}, ${addDays(today, 60)}, true) returning id`),
  );
  const sessionId = session!.id;
  const classCount = Math.ceil(count / 60);
  await db.execute(sql`insert into classes (school_id, session_id, master_class, name, section, class_limit, class_teacher_id)
    select ${schoolId}::uuid, ${sessionId}::uuid, '6', '6', 'A' || lpad(k::text, 2, '0'), 60, case when k = 0 then ${teacher!.id}::uuid end
    from generate_series(0, ${classCount - 1}::int) as k`);
  await db.execute(sql`insert into class_students (school_id, session_id, class_id, student_id, roll_no)
    select ${schoolId}::uuid, ${sessionId}::uuid, c.id, s.id, s.r % 60 + 1
    from (select id, row_number() over (order by login_id) - 1 as r from users where school_id = ${schoolId} and role_id = 116) s
    join classes c on c.school_id = ${schoolId} and c.section = 'A' || lpad((s.r / 60)::text, 2, '0')`);
  const yesterday = addDays(today, -1);
  await db.execute(sql`insert into attendance_marks (school_id, session_id, class_id, student_id, date, status, marked_at)
    select cs.school_id, cs.session_id, cs.class_id, cs.student_id, d::date,
      case abs(hashtext(cs.student_id::text || d::date::text)) % 40 when 0 then 'absent' when 1 then 'absent' when 2 then 'late' when 3 then 'leave' else 'present' end,
      d + interval '4 hours'
    from class_students cs
    cross join generate_series(${start}::date, ${yesterday}::date, interval '1 day') as d
    where cs.school_id = ${schoolId} and extract(isodow from d) <> 7`);
  await seedFees(schoolId, sessionId, today);
  const [first] = rowsOf(await db.execute(sql`select id from classes where school_id = ${schoolId} and section = 'A00'`));
  const studentIds = rowsOf(await db.execute(sql`select student_id as id from class_students where class_id = ${first!.id} order by roll_no`)).map((r) => r.id);
  // The latest month of 31 days that is over; a school day before today to save.
  let month = yesterday.slice(0, 7);
  while (monthDates(month).length !== 31 || monthDates(month).at(-1)! > yesterday) month = addDays(`${month}-01`, -1).slice(0, 7);
  let saveDate = yesterday;
  while (isoWeekday(saveDate) === 7) saveDate = addDays(saveDate, -1);
  // A parent for every student, half of them with a verified mobile number (issue 24's message to
  // every parent of the school).
  await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
    select ${schoolId}::uuid, 115, 'ATT-G' || lpad(i::text, 6, '0'), 'Parent', i::text, ${hash} from generate_series(1, ${count}::int) as i`);
  await db.execute(sql`update users s set parent_user_id = p.id
    from users p where s.school_id = ${schoolId} and p.school_id = ${schoolId} and s.role_id = 116 and p.role_id = 115 and substr(p.login_id, 6) = substr(s.login_id, 6)`);
  await db.execute(sql`insert into message_contacts (user_id, school_id, mobile, mobile_verified_at)
    select id, school_id, '+9198' || lpad(substr(login_id, 6), 8, '0'), now() from users where school_id = ${schoolId} and role_id = 115 and substr(login_id, 6)::int % 2 = 0`);
  return { classId: first!.id, sessionId, month, saveDate, studentIds };
}

/**
 * Fees of the attendance school, set-based: a class fee for every class (₹24,000, its total from
 * the contract's function), a record for every student and a plan of 4 monthly instalments from two
 * months ago (split as `splitInstalments` does: the last takes the remainder); the first paid by 9
 * students in 10 (a payment each, receipt numbers 1 … n), so about one in ten has two overdue and
 * everyone one.
 */
async function seedFees(schoolId: string, sessionId: string, today: string) {
  const fee = { academic: 400_000, convenience: 100_000, development: 300_000, tuition: 1_500_000, other: 100_000, taxBp: 0 };
  const total = classFeeTotal(fee).total;
  await db.execute(sql`insert into class_fees (school_id, class_id, session_id, academic, convenience, development, tuition, other, tax_bp, total)
    select school_id, id, session_id, ${fee.academic}, ${fee.convenience}, ${fee.development}, ${fee.tuition}, ${fee.other}, ${fee.taxBp}, ${total}
    from classes where school_id = ${schoolId} and session_id = ${sessionId}`);
  const split = splitInstalments(total, 4);
  const paidFirst = sql`abs(hashtext(r.student_id::text)) % 10 <> 0`;
  await db.execute(sql`insert into fee_records (school_id, session_id, class_id, student_id, class_fee, total, paid)
    select cs.school_id, cs.session_id, cs.class_id, cs.student_id, ${total}, ${total},
      case when abs(hashtext(cs.student_id::text)) % 10 <> 0 then ${split[0]!} else 0 end
    from class_students cs where cs.school_id = ${schoolId} and cs.session_id = ${sessionId}`);
  const start = addDays(today, -61);
  await db.execute(sql`insert into fee_instalments (school_id, session_id, fee_record_id, seq, due_date, amount, paid)
    select r.school_id, r.session_id, r.id, k, (${start}::date + (k - 1) * interval '1 month')::date,
      case when k < 4 then ${split[0]!}::bigint else ${split[3]!}::bigint end, k = 1 and ${paidFirst}
    from fee_records r cross join generate_series(1, 4) as k
    where r.school_id = ${schoolId} and r.session_id = ${sessionId}`);
  await db.execute(sql`insert into fee_payments (school_id, session_id, fee_record_id, instalment_id, seq, receipt_no, amount, mode, paid_on)
    select i.school_id, ${sessionId}::uuid, i.fee_record_id, i.id, 1, row_number() over (order by i.due_date, i.id), i.amount,
      (array['cash','upi','cheque','bank_transfer'])[abs(hashtext(i.id::text)) % 4 + 1], i.due_date
    from fee_instalments i where i.school_id = ${schoolId} and i.paid`);
  await db.execute(sql`insert into fee_receipt_counters (school_id, session_id, last_no)
    select ${schoolId}::uuid, ${sessionId}::uuid, count(*) from fee_payments where school_id = ${schoolId}`);
}

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const BIG = process.env.BENCH_BIG === '0' ? 0 : Number(process.env.BENCH_BIG_STUDENTS ?? 100_000);
const rowsOf = (r: unknown) => (r as { rows: Array<{ id: string }> }).rows;
const [demo] = rowsOf(await db.execute(sql`select id from schools where code = 'DEMO'`));
await addStudents(db, demo!.id, 'DEMO', STUDENTS, 1000);
// Assign: a class of the current session with 30 subjects, all taught by the demo teacher, and a
// second teacher, for "save the subject-teacher table" (run.ts finds them through the API).
await db.execute(sql`with s as (
    insert into subjects (school_id, name) select ${demo!.id}::uuid, 'Bench subject ' || lpad(i::text, 2, '0') from generate_series(1, 30) as i returning id),
  c as (
    insert into classes (school_id, session_id, master_class, name, section, class_limit)
    select ${demo!.id}::uuid, id, '8', '8', 'T', 40 from academic_sessions where school_id = ${demo!.id} and is_current returning id)
  insert into class_subjects (school_id, class_id, subject_id, teacher_id)
  select ${demo!.id}::uuid, c.id, s.id, (select id from users where login_id = 'DEMO-T0001') from s, c`);
await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
  values (${demo!.id}, 114, 'DEMO-T0900', 'Bench', 'Teacher', ${await hashGenerated('bench-only')})`);
if (BIG) {
  const [big] = rowsOf(await db.execute(sql`insert into schools (code, name) values ('BIG', 'Bench Big School') returning id`));
  await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
    values (${big!.id}, 113, 'BIG-P0001', 'Big', 'Principal', ${await hashSecret(DEMO_PASSWORD)})`);
  await addStudents(db, big!.id, 'BIG', BIG);
}
/**
 * The chat school (CHT): BENCH_CHAT_PAIRS (100) teachers and as many system admins, each teacher
 * paired with one admin (CHT-T0001 with CHT-A0001 …), and a conversation of 200 messages between
 * the first pair (the history's first page). For the socket benchmark (socket.ts).
 */
async function seedChat(pairs: number) {
  const [school] = rowsOf(await db.execute(sql`insert into schools (code, name) values ('CHT', 'Bench Chat School') returning id`));
  const schoolId = school!.id;
  const hash = await hashSecret(DEMO_PASSWORD);
  const people = (await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, password_hash)
    select ${schoolId}::uuid, r.role, 'CHT-' || r.p || lpad(i::text, 4, '0'), r.first, 'Bench' || i, ${hash}
    from generate_series(1, ${pairs}::int) as i cross join (values (114, 'T', 'Teacher'), (112, 'A', 'Admin')) as r(role, p, first)
    returning id, login_id`)) as unknown as { rows: Array<{ id: string; login_id: string }> };
  const idOf = new Map(people.rows.map((r) => [r.login_id, r.id]));
  const list = Array.from({ length: pairs }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return { teacher: { loginId: `CHT-T${n}`, id: idOf.get(`CHT-T${n}`)! }, admin: { loginId: `CHT-A${n}`, id: idOf.get(`CHT-A${n}`)! } };
  });
  const { teacher, admin } = list[0]!;
  const [a, b] = teacher.id < admin.id ? [teacher.id, admin.id] : [admin.id, teacher.id];
  await db.execute(sql`with c as (
      insert into chat_conversations (school_id, user_a, user_b, last_message_at) values (${schoolId}::uuid, ${a}::uuid, ${b}::uuid, now()) returning id)
    insert into chat_messages (school_id, conversation_id, sender_id, recipient_id, body, created_at, read_at)
    select ${schoolId}::uuid, c.id, case when i % 2 = 0 then ${teacher.id}::uuid else ${admin.id}::uuid end,
      case when i % 2 = 0 then ${admin.id}::uuid else ${teacher.id}::uuid end,
      'Bench message number ' || i || ', about the timetable of next week.', now() - (200 - i) * interval '1 minute', now()
    from c, generate_series(1, 200) as i`);
  return list;
}

/**
 * Exams of the attendance school's first class (60 students): 8 subjects taught by its teacher,
 * the CBSE scheme's four exams (the last a draft, for the saves), every mark entered: 1,920 marks.
 */
async function seedExams(att: { classId: string; sessionId: string }) {
  const [cls] = rowsOf(await db.execute(sql`select school_id as id, class_teacher_id as teacher from classes where id = ${att.classId}`)) as unknown as Array<{ id: string; teacher: string }>;
  const schoolId = cls!.id;
  await db.execute(sql`insert into subjects (school_id, name) select ${schoolId}::uuid, 'Bench subject ' || i from generate_series(1, 8) as i`);
  await db.execute(sql`insert into class_subjects (school_id, class_id, subject_id, teacher_id)
    select ${schoolId}::uuid, ${att.classId}::uuid, id, ${cls!.teacher}::uuid from subjects where school_id = ${schoolId}`);
  await db.execute(sql`insert into exam_schemes (school_id, session_id, pass_percent, show_rank, grades, co_areas)
    values (${schoolId}::uuid, ${att.sessionId}::uuid, 33, true, ${JSON.stringify(CBSE_GRADES)}::jsonb, array['work','art','health','discipline'])`);
  const session = rowsOf(await db.execute(sql`select start_date as id from academic_sessions where id = ${att.sessionId}`))[0]!.id;
  const exams = rowsOf(
    await db.execute(sql`insert into exams (school_id, session_id, name, weight, max_marks, term_start, term_end, status, locked_at, published_at)
      select ${schoolId}::uuid, ${att.sessionId}::uuid, 'Bench exam ' || i, case when i % 2 = 1 then 10 else 40 end, case when i % 2 = 1 then 20 else 80 end,
        ${session}::date + (i - 1) * 90, ${session}::date + i * 90 - 1,
        case when i < 4 then 'published' else 'draft' end, case when i < 4 then now() end, case when i < 4 then now() end
      from generate_series(1, 4) as i returning id`),
  );
  await db.execute(sql`insert into exam_marks (school_id, session_id, exam_id, class_id, subject_id, student_id, status, marks)
    select ${schoolId}::uuid, ${att.sessionId}::uuid, e.id, ${att.classId}::uuid, x.subject_id, cs.student_id, 'marked', abs(hashtext(cs.student_id::text || x.subject_id::text || e.id::text)) % (e.max_marks + 1)
    from exams e cross join class_subjects x join class_students cs on cs.class_id = x.class_id
    where e.school_id = ${schoolId} and x.class_id = ${att.classId}`);
  const subjectId = rowsOf(await db.execute(sql`select subject_id as id from class_subjects where class_id = ${att.classId} limit 1`))[0]!.id;
  return { draftExamId: exams.at(-1)!.id, subjectId };
}

const enrol = await seedEnrolment(demo!.id);
const chat = await seedChat(Number(process.env.BENCH_CHAT_PAIRS ?? 100));
const att = await seedAttendance(Number(process.env.BENCH_ATT_STUDENTS ?? 1000));
const exams = att ? await seedExams(att) : null;
await database.analyze();

const app = await buildApp({ config, database, logger: false });
// Under /api/, as every API answer: the same global hooks and headers.
app.get('/api/bench/ceiling', { schema: { hide: true } }, async () => ({ result: { ok: true } }));
if (process.env.BENCH_CAPTURE === '1') installCapture(app);
await app.listen({ port: config.PORT, host: '127.0.0.1' });

const plain = Fastify({ logger: false });
plain.get('/api/bench/ceiling', async () => ({ result: { ok: true } }));
await plain.listen({ port: config.PORT + 1, host: '127.0.0.1' });

// The demo's current session (its list of sessions is capped, newest first: the bench sessions fill it).
const [demoSession] = rowsOf(await db.execute(sql`select id from academic_sessions where school_id = ${demo!.id} and is_current`));
process.send?.({ ready: true, big: BIG, students: STUDENTS, enrol, att, exams, chat, demoSessionId: demoSession?.id ?? null });
process.on('SIGTERM', () => void Promise.all([app.close(), plain.close()]).then(() => database.close()).then(() => process.exit(0)));
