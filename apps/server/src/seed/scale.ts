import { sql, type SQL } from 'drizzle-orm';
import { ROLE, classFeeTotal, splitInstalments } from '@shala/contract';
import { PLATFORM, type Database, type Db } from '../db/client.js';
import { hashSecret } from '../auth/crypto.js';
import { addDays, localDate } from '../modules/calendar/days.js';
import { DEMO_PASSWORD } from './demo.js';
import { roleSql } from '../db/roles.js';

/**
 * Scale data (`npm run seed:scale`): `schools` schools of `students` students each, with a year
 * of daily attendance, fees and chat, set-based: every phase is a few INSERT … SELECT over
 * generate_series for all schools at once (attendance and chat: one statement per school), never
 * a statement per row. As the platform role (row-level security bypassed, as the demo seed does);
 * the users' statement trigger keeps `school_counts`.
 *
 * A school `SC0001` has: principal SC0001-P0001, system admin SC0001-A0001, a class teacher for
 * each class of 60 (SC0001-T0001 teaches the first, 1-A) and 8 subject teachers, a parent for
 * every two students (SC0001-G…), the students SC0001-S0001 …, one current session (from `days`
 * days ago to 60 days ahead), 8 subjects taught in every class, a daywise mark for every student
 * on every day but Sunday up to yesterday, a class fee per class, a fee record and a plan of 4
 * quarterly instalments for every student (paid mostly, some overdue) with their payments and
 * receipt numbers, and chats: every teacher with the system admin and each class teacher with
 * the parents of the first 5 students of its class; SC0001-T0001 with SC0001-A0001 has 200
 * messages, the others share the rest of `messages`. All passwords are the demo password.
 */
export interface ScaleOptions {
  schools: number;
  students: number;
  /** Days of attendance before today (Sundays have none). */
  days: number;
  /** Chat messages per school (at least the 200 of the first conversation, when it allows). */
  messages: number;
  /** Code prefix of the schools: `SC` gives SC0001 … */
  code: string;
  log?: (line: string) => void;
  /**
   * Runs the per-school bulk statements (attendance, chat messages) when given, `workers` at a
   * time: the CLI's, on a superuser connection, skips the row-by-row foreign-key triggers for them
   * (as `pg_restore --disable-triggers` does); their rows are made from rows that satisfy them.
   */
  bulk?: { run(query: SQL): Promise<number>; workers: number };
}

export const CLASS_SIZE = 60;
const SUBJECTS = ['English', 'Hindi', 'Mathematics', 'Science', 'Social Science', 'Computer Science', 'Art', 'Physical Education'];
const FIRST = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan', 'Shaurya', 'Atharv', 'Kabir', 'Rohan',
  'Dhruv', 'Laksh', 'Ananya', 'Diya', 'Saanvi', 'Aadhya', 'Kiara', 'Myra', 'Pari', 'Anika', 'Navya', 'Ishita', 'Riya', 'Avni', 'Tara',
  'Meher', 'Zara', 'Fatima', 'Harpreet', 'Gurleen', 'Lakshmi', 'Priya', 'Sneha', 'Pooja', 'Nikhil', 'Rahul',
];
const LAST = [
  'Sharma', 'Verma', 'Iyer', 'Khan', 'Das', 'Gupta', 'Singh', 'Reddy', 'Patel', 'Nair', 'Rao', 'Joshi', 'Mehta', 'Menon', 'Sheikh',
  'Agarwal', 'Pillai', 'Bose', 'Kulkarni', 'Mishra', 'Saxena', 'Banerjee', 'Yadav', 'Thakur', 'Pandey', 'Kapoor', 'Gill', 'Chauhan',
];
const CITIES = ['Lucknow', 'Pune', 'Jaipur', 'Indore', 'Bhopal', 'Patna', 'Nagpur', 'Coimbatore', 'Kochi', 'Varanasi', 'Dehradun', 'Ranchi'];

const textArray = (items: string[]) => sql`string_to_array(${items.join('|')}, '|')`;
const pick = (items: string[], i: SQL) => sql`(${textArray(items)})[(${i}) % ${items.length} + 1]`;

/** Rows a statement touched (pg: rowCount; PGlite: affectedRows). */
function touched(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

export interface ScaleResult {
  schoolIds: string[];
  rows: Record<string, number>;
  seconds: Record<string, number>;
}

export async function seedScale(database: Database, opts: ScaleOptions): Promise<ScaleResult> {
  const db: Db = database.scoped(PLATFORM);
  const log = opts.log ?? (() => undefined);
  const rows: Record<string, number> = {};
  const seconds: Record<string, number> = {};
  const line = (name: string, what = '') =>
    log(`${name.padEnd(22)} ${String(rows[name]).padStart(11)} rows ${seconds[name]!.toFixed(1).padStart(8)} s${what}`);
  const phase = async (name: string, work: () => Promise<number>) => {
    const t0 = performance.now();
    rows[name] = await work();
    seconds[name] = (performance.now() - t0) / 1000;
    line(name);
  };
  /** One statement per school, `workers` at a time; one summary line (and progress every 10 schools). */
  const perSchool = async (name: string, work: (schoolId: string) => Promise<number>) => {
    const t0 = performance.now();
    let next = 0;
    let done = 0;
    rows[name] = 0;
    const worker = async () => {
      while (next < schoolIds.length) {
        const n = await work(schoolIds[next++]!);
        rows[name]! += n;
        seconds[name] = (performance.now() - t0) / 1000;
        if (++done % 10 === 0 && done < schoolIds.length) line(name, ` … ${done} of ${schoolIds.length} schools`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.bulk?.workers ?? 1) }, worker));
    seconds[name] = (performance.now() - t0) / 1000;
    line(name, ` (${schoolIds.length} schools)`);
  };
  const M = opts.students;
  const classCount = Math.ceil(M / CLASS_SIZE);
  const teacherCount = classCount + 8;
  const parentCount = Math.ceil(M / 2);
  const width = Math.max(4, String(Math.max(M, parentCount, teacherCount)).length);
  const num = (i: SQL | string) => sql`lpad((${i})::text, ${width}, '0')`;
  const today = localDate('Asia/Kolkata');
  const start = addDays(today, -Math.max(opts.days, 1));
  const yesterday = addDays(today, -1);
  const end = addDays(today, 60);
  const hash = await hashSecret(DEMO_PASSWORD);

  let schoolIds: string[] = [];
  await phase('schools', async () => {
    const r = await db.execute(sql`insert into schools (code, name, city, state, email)
      select ${opts.code} || lpad(i::text, 4, '0'), ${pick(CITIES, sql`i`)} || ' Public School ' || i, ${pick(CITIES, sql`i`)}, 'Uttar Pradesh',
        'office@' || lower(${opts.code}) || lpad(i::text, 4, '0') || '.scale.example.in'
      from generate_series(1, ${opts.schools}::int) as i
      returning id`);
    schoolIds = (r as unknown as { rows: Array<{ id: string }> }).rows.map((x) => x.id);
    return schoolIds.length;
  });
  // The new schools' ids, as a set computed once per statement (under the pool's generic plans an
  // expression of a parameter in `= any(…)` was computed again for every row).
  const idList = sql`(select unnest(string_to_array(${schoolIds.join(',')}, ',')::uuid[]))`;
  const ours = sql`s.id in ${idList}`;
  const mine = (col: SQL) => sql`${col} in ${idList}`;

  await phase('academic_sessions', async () =>
    touched(
      await db.execute(sql`insert into academic_sessions (school_id, label, start_date, end_date, is_current)
        select s.id, ${`${start.slice(0, 4)}-${end.slice(2, 4)}`}, ${start}::date, ${end}::date, true from schools s where ${ours}`),
    ),
  );

  // People: staff, then parents, then students (each naming a parent: one for every two).
  const person = (role: number, letter: string, count: number, extra: SQL = sql`null`) =>
    db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, email, contact, gender, password_hash)
      select s.id, ${role}::smallint, s.code || '-' || ${letter} || ${num(sql`i`)}, ${pick(FIRST, sql`i * 7 + ${role}`)}, ${pick(LAST, sql`i * 3 + ${role}`)},
        ${extra}, '9' || lpad((abs(hashtext(s.code || ${letter} || i)) % 1000000000)::text, 9, '0'), case when i % 2 = 0 then 'male' else 'female' end, ${hash}
      from schools s cross join generate_series(1, ${count}::int) as i where ${ours}`);
  const staffEmail = (who: string) => sql`${who} || i || '@' || lower(s.code) || '.scale.example.in'`;
  await phase('users: staff', async () => {
    let n = touched(await person(ROLE.PRINCIPAL, 'P', 1, staffEmail('principal')));
    n += touched(await person(ROLE.SYSTEM_ADMIN, 'A', 1, staffEmail('admin')));
    n += touched(await person(ROLE.TEACHER, 'T', teacherCount, staffEmail('teacher')));
    return n;
  });
  await phase('users: parents', async () => touched(await person(ROLE.PARENT, 'G', parentCount, staffEmail('parent'))));
  await phase('users: students', async () =>
    touched(
      await db.execute(sql`insert into users (school_id, role_id, login_id, first_name, last_name, gender, date_of_birth, parent_user_id, password_hash)
        select s.id, ${roleSql(ROLE.STUDENT)}, s.code || '-S' || ${num(sql`i`)}, ${pick(FIRST, sql`i`)}, p.last_name, case when i % 2 = 0 then 'male' else 'female' end,
          ${today}::date - (3650 + abs(hashtext(s.code || i)) % 2900), p.id, ${hash}
        from schools s cross join generate_series(1, ${M}::int) as i
        join users p on lower(p.login_id) = lower(s.code || '-G' || ${num(sql`(i + 1) / 2`)})
        where ${ours}`),
    ),
  );
  await phase('login_id_counters', async () =>
    touched(
      await db.execute(sql`insert into login_id_counters (prefix, school_id, value)
        select s.code || '-' || r.letter, s.id, r.n from schools s
        cross join (values ('P', 1), ('A', 1), ('T', ${teacherCount}::int), ('G', ${parentCount}::int), ('S', ${M}::int)) as r(letter, n)
        where ${ours}`),
    ),
  );

  // Classes of 60: class k is master class k % 12 + 1, section A, B … by k / 12; its class teacher is T(k + 1).
  const teacher = (i: SQL) => sql`(select t.id from users t where lower(t.login_id) = lower(s.code || '-T' || ${num(i)}))`;
  await phase('classes', async () =>
    touched(
      await db.execute(sql`insert into classes (school_id, session_id, master_class, name, section, class_limit, class_teacher_id)
        select s.id, a.id, (k % 12 + 1)::text, (k % 12 + 1)::text, chr(65 + k / 12), ${CLASS_SIZE}, ${teacher(sql`k + 1`)}
        from schools s join academic_sessions a on a.school_id = s.id and a.is_current
        cross join generate_series(0, ${classCount - 1}::int) as k where ${ours}`),
    ),
  );
  await phase('subjects', async () =>
    touched(
      await db.execute(sql`insert into subjects (school_id, name)
        select s.id, n from schools s cross join unnest(${textArray(SUBJECTS)}) as n where ${ours}`),
    ),
  );
  // Subject j of class k: the class teacher for Mathematics (j = 2), else subject teacher T(classes + j % 8 + 1).
  await phase('class_subjects', async () =>
    touched(
      await db.execute(sql`insert into class_subjects (school_id, class_id, subject_id, teacher_id)
        select c.school_id, c.id, sub.id,
          case when sub.name = 'Mathematics' then c.class_teacher_id
            else (select t.id from users t where lower(t.login_id) = lower(s.code || '-T' || ${num(sql`${classCount} + array_position(${textArray(SUBJECTS)}, sub.name)`)})) end
        from classes c join schools s on s.id = c.school_id join subjects sub on sub.school_id = c.school_id
        where ${mine(sql`c.school_id`)}`),
    ),
  );
  await phase('class_students', async () =>
    touched(
      await db.execute(sql`insert into class_students (school_id, session_id, class_id, student_id, roll_no)
        select s.id, c.session_id, c.id, u.id, (i - 1) % ${CLASS_SIZE} + 1
        from schools s cross join generate_series(1, ${M}::int) as i
        join users u on lower(u.login_id) = lower(s.code || '-S' || ${num(sql`i`)})
        join academic_sessions a on a.school_id = s.id and a.is_current
        join classes c on c.school_id = s.id and c.session_id = a.id
          and c.name = (((i - 1) / ${CLASS_SIZE}) % 12 + 1)::text and c.section = chr(65 + (i - 1) / ${CLASS_SIZE} / 12)
        where ${ours}`),
    ),
  );

  // A year of daywise attendance, one statement per school (about 310 marks a student).
  const run = opts.bulk?.run ?? (async (q: SQL) => touched(await db.execute(q)));
  await perSchool('attendance_marks', (schoolId) =>
    run(sql`insert into attendance_marks (school_id, session_id, class_id, student_id, date, status, marked_by, marked_at)
      select cs.school_id, cs.session_id, cs.class_id, cs.student_id, d::date,
        case abs(hashtext(cs.student_id::text || d::date::text)) % 40 when 0 then 'absent' when 1 then 'absent' when 2 then 'late' when 3 then 'leave' else 'present' end,
        c.class_teacher_id, d + interval '4 hours'
      from class_students cs join classes c on c.id = cs.class_id
      cross join generate_series(${start}::date, ${yesterday}::date, interval '1 day') as d
      where cs.school_id = ${schoolId}::uuid and extract(isodow from d) <> 7`),
  );

  // Fees: class n's fee rises with n; 4 quarterly instalments from the session's start; instalment
  // k (when due) paid by about (10 - k) students in 10.
  const fees = Array.from({ length: 12 }, (_, n) => {
    const parts = { academic: 300_000 + 50_000 * n, convenience: 120_000, development: 250_000 + 25_000 * n, tuition: 1_800_000 + 300_000 * n, other: 80_000, taxBp: 0 };
    const total = classFeeTotal(parts).total;
    return { master: String(n + 1), ...parts, total, split: splitInstalments(total, 4) };
  });
  const feeValues = sql.join(
    fees.map((f) => sql`(${f.master}, ${f.academic}::bigint, ${f.convenience}::bigint, ${f.development}::bigint, ${f.tuition}::bigint, ${f.other}::bigint, ${f.total}::bigint, ${f.split[0]!}::bigint, ${f.split[3]!}::bigint)`),
    sql`, `,
  );
  await phase('class_fees', async () =>
    touched(
      await db.execute(sql`insert into class_fees (school_id, class_id, session_id, academic, convenience, development, tuition, other, tax_bp, total)
        select c.school_id, c.id, c.session_id, f.academic, f.convenience, f.development, f.tuition, f.other, 0, f.total
        from classes c join (values ${feeValues}) as f(master, academic, convenience, development, tuition, other, total, each, last) on f.master = c.master_class
        where ${mine(sql`c.school_id`)}`),
    ),
  );
  await phase('fee_records', async () =>
    touched(
      await db.execute(sql`insert into fee_records (school_id, session_id, class_id, student_id, class_fee, total, paid)
        select cs.school_id, cs.session_id, cs.class_id, cs.student_id, f.total, f.total, 0
        from class_students cs join class_fees f on f.school_id = cs.school_id and f.class_id = cs.class_id
        where ${mine(sql`cs.school_id`)}`),
    ),
  );
  await phase('fee_instalments', async () =>
    touched(
      await db.execute(sql`insert into fee_instalments (school_id, session_id, fee_record_id, seq, due_date, amount, paid)
        select r.school_id, r.session_id, r.id, k, (${start}::date + (k - 1) * interval '3 months')::date,
          case when k < 4 then f.each else f.last end,
          (${start}::date + (k - 1) * interval '3 months')::date <= ${today}::date and abs(hashtext(r.student_id::text)) % 10 >= k
        from fee_records r join classes c on c.id = r.class_id
        join (values ${feeValues}) as f(master, academic, convenience, development, tuition, other, total, each, last) on f.master = c.master_class
        cross join generate_series(1, 4) as k
        where ${mine(sql`r.school_id`)}`),
    ),
  );
  await phase('fee_payments', async () =>
    touched(
      await db.execute(sql`insert into fee_payments (school_id, session_id, fee_record_id, instalment_id, seq, receipt_no, amount, mode, paid_on, received_by)
        select i.school_id, r.session_id, i.fee_record_id, i.id, i.seq,
          row_number() over (partition by i.school_id order by i.due_date, i.id), i.amount,
          (array['cash','upi','cheque','bank_transfer'])[abs(hashtext(i.id::text)) % 4 + 1],
          least(i.due_date + abs(hashtext(i.id::text)) % 20, ${today}::date),
          (select p.id from users p where p.school_id = i.school_id and p.role_id = ${roleSql(ROLE.PRINCIPAL)} limit 1)
        from fee_instalments i join fee_records r on r.id = i.fee_record_id
        where i.paid and ${mine(sql`i.school_id`)}`),
    ),
  );
  await phase('fee_records: paid', async () =>
    touched(
      await db.execute(sql`update fee_records r set paid = p.sum
        from (select fee_record_id, sum(amount)::bigint as sum from fee_payments where ${mine(sql`school_id`)} group by fee_record_id) p
        where r.id = p.fee_record_id`),
    ),
  );
  await phase('fee_receipt_counters', async () =>
    touched(
      await db.execute(sql`insert into fee_receipt_counters (school_id, session_id, last_no)
        select s.id, a.id, (select count(*) from fee_payments p where p.school_id = s.id)
        from schools s join academic_sessions a on a.school_id = s.id and a.is_current where ${ours}`),
    ),
  );

  // Chat: every teacher with the system admin; each class teacher with the parents of the first 5
  // students of its class (related: the parent's child is in its class).
  await phase('chat_conversations', async () =>
    touched(
      await db.execute(sql`insert into chat_conversations (school_id, user_a, user_b, created_at)
        select school_id, least(x, y), greatest(x, y), now() - interval '200 days' from (
          select t.school_id, t.id as x, a.id as y from users t
          join users a on a.school_id = t.school_id and a.role_id = ${roleSql(ROLE.SYSTEM_ADMIN)}
          where t.role_id = ${roleSql(ROLE.TEACHER)} and ${mine(sql`t.school_id`)}
          union
          select c.school_id, c.class_teacher_id, st.parent_user_id from classes c
          join class_students cs on cs.class_id = c.id and cs.roll_no <= 5
          join users st on st.id = cs.student_id
          where ${mine(sql`c.school_id`)} and st.parent_user_id is not null
        ) pairs`),
    ),
  );
  await perSchool('chat_messages', async (schoolId) => {
    const counted = (await db.execute(sql`select count(*)::int as n from chat_conversations where school_id = ${schoolId}::uuid`)) as unknown as { rows: Array<{ n: number }> };
    const n = counted.rows[0]!.n;
    const first = Math.min(200, opts.messages);
    const each = n > 1 ? Math.max(0, Math.floor((opts.messages - first) / (n - 1))) : 0;
    // The first conversation: the first teacher and the system admin.
    const firstPair = sql`exists (select 1 from users u where u.id in (c.user_a, c.user_b) and u.login_id like '%-T' || ${num(sql`1`)})
      and exists (select 1 from users u where u.id in (c.user_a, c.user_b) and u.role_id = ${roleSql(ROLE.SYSTEM_ADMIN)})`;
    return run(sql`insert into chat_messages (school_id, conversation_id, sender_id, recipient_id, body, created_at, read_at)
      select c.school_id, c.id, case when i % 2 = 0 then c.user_a else c.user_b end, case when i % 2 = 0 then c.user_b else c.user_a end,
        (array['Good morning, is the timetable for next week final?', 'Yes, it will be on the notice board today.',
          'The homework for class work is due on Friday.', 'Thank you, noted.', 'Please send the fee receipt again.',
          'The parent meeting is on Saturday at 10.'])[i % 6 + 1] || ' (' || i || ')',
        now() - (m.k - i + 1) * interval '47 minutes',
        case when i > m.k - 2 then null else now() - (m.k - i) * interval '47 minutes' end
      from chat_conversations c
      cross join lateral (select case when ${firstPair} then ${first}::int else ${each}::int end as k) m
      cross join lateral generate_series(1, m.k) as i
      where c.school_id = ${schoolId}::uuid`);
  });
  await phase('chat: last message', async () =>
    touched(
      await db.execute(sql`update chat_conversations c set last_message_at = m.last
        from (select conversation_id, max(created_at) as last from chat_messages where ${mine(sql`school_id`)} group by conversation_id) m
        where c.id = m.conversation_id`),
    ),
  );
  await phase('analyze', async () => {
    await database.analyze();
    return 0;
  });
  return { schoolIds, rows, seconds };
}
