import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedScale, type ScaleResult } from '../src/seed/scale.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { setupApp, type TestEnv } from './helpers.js';

/**
 * `npm run seed:scale` in a small form (2 schools × 50 students × 20 days; the CLI runs it on
 * PostgreSQL only, the same statements run here on either database): the rows it reports are in
 * the tables, the counters and fee totals agree with them, and the app reads the schools.
 */
let env: TestEnv;
let result: ScaleResult;
const SCHOOLS = 2;
const STUDENTS = 50;
const DAYS = 20;
beforeAll(async () => {
  env = await setupApp();
  result = await seedScale(env.database, { schools: SCHOOLS, students: STUDENTS, days: DAYS, messages: 260, code: 'SCT' });
}, 60_000);
afterAll(() => env?.close());

const one = async <T>(query: ReturnType<typeof sql>) => ((await env.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const countOf = async (table: string) => (await one<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).n;

async function signin(loginId: string) {
  const res = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json().result.token as string;
}
async function get(token: string, url: string) {
  const res = await env.app.inject({ url, headers: { token } });
  expect(res.statusCode, url).toBe(200);
  return res.json().result;
}

it('writes the rows it reports, consistent with each other', async () => {
  const today = localDate('Asia/Kolkata');
  let schoolDays = 0;
  for (let d = addDays(today, -DAYS); d < today; d = addDays(d, 1)) if (isoWeekday(d) !== 7) schoolDays++;
  // One class of 50, 9 teachers (its class teacher and 8 subject teachers), 25 parents.
  const expected = {
    schools: SCHOOLS,
    users: SCHOOLS * (1 + 1 + 9 + 25 + STUDENTS),
    classes: SCHOOLS,
    class_students: SCHOOLS * STUDENTS,
    attendance_marks: SCHOOLS * STUDENTS * schoolDays,
    fee_records: SCHOOLS * STUDENTS,
    fee_instalments: SCHOOLS * STUDENTS * 4,
    // Each teacher with the admin (9), the class teacher with the parents of rolls 1–5 (3).
    chat_conversations: SCHOOLS * 12,
    // The first conversation 200, the 11 others (260 − 200) / 11 = 5 each.
    chat_messages: SCHOOLS * (200 + 11 * 5),
  };
  for (const [table, n] of Object.entries(expected)) expect(await countOf(table), table).toBe(n);
  expect(result.schoolIds).toHaveLength(SCHOOLS);
  expect(result.rows.attendance_marks).toBe(expected.attendance_marks);
  expect(result.rows.chat_messages).toBe(expected.chat_messages);
  expect(result.rows.fee_payments).toBe(await countOf('fee_payments'));
  expect(result.rows.fee_payments).toBeGreaterThan(0);

  // Counters kept by the trigger, receipt counters at the last number, every record's paid its payments.
  const students = await one<{ n: number }>(sql`select sum(n)::int as n from school_counts where role_id = 116 and active`);
  expect(students.n).toBe(SCHOOLS * STUDENTS);
  const receipts = await one<{ bad: number }>(sql`select count(*)::int as bad from fee_receipt_counters c
    where c.last_no <> (select coalesce(max(receipt_no), 0) from fee_payments p where p.school_id = c.school_id)`);
  expect(receipts.bad).toBe(0);
  const paid = await one<{ bad: number }>(sql`select count(*)::int as bad from fee_records r
    where r.paid <> coalesce((select sum(amount) from fee_payments p where p.fee_record_id = r.id), 0)`);
  expect(paid.bad).toBe(0);
});

it('the app reads a scaled school: students, search, the month of a class, fees and a chat', async () => {
  const principal = await signin('SCT0001-P0001');
  const page = await get(principal, '/api/school/student?page=1&pageSize=20');
  expect(page.total).toBe(STUDENTS);
  expect(page.items).toHaveLength(20);
  const found = await get(principal, '/api/school/student?search=SCT0001-S0042');
  expect(found.items.map((s: { loginId: string }) => s.loginId)).toEqual(['SCT0001-S0042']);
  // The other school's students are not this one's.
  expect((await get(principal, '/api/school/student?search=SCT0002-S0001')).items).toEqual([]);

  const { id: classId } = await one<{ id: string }>(sql`select c.id from classes c join schools s on s.id = c.school_id where s.code = 'SCT0001'`);
  const fees = await get(principal, `/api/school/feerecord?assignClassId=${classId}&page=1&pageSize=20`);
  expect(fees.total).toBe(STUDENTS);

  const teacher = await signin('SCT0001-T0001');
  const month = localDate('Asia/Kolkata').slice(0, 7);
  const view = await get(teacher, `/api/school/month/attendance/${classId}/${month}`);
  expect(JSON.stringify(view)).toContain('SCT0001-S0001');
  const { id: adminId } = await one<{ id: string }>(sql`select id from users where login_id = 'SCT0001-A0001'`);
  const history = await get(teacher, `/api/chat/${adminId}/messages`);
  expect(history.items.length).toBeGreaterThan(0);
});
