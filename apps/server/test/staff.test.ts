import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StaffDay, StaffMember, StaffMonth, StaffStatus } from '@shala/contract';
import { holidays, staffAttendance, staffAttendanceDays, staffAttendanceLogs, staffMembers } from '../src/db/schema.js';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { everyRole, setupApp, type TestEnv, type TestSchool } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * The staff register (issue 42, first part): staff without a sign-in, a date's register (users of
 * roles 112–114 and the staff members working then), its save (whole, refused on days that cannot
 * be marked, refused when it is not the register), the month's register and its CSV. Dates are
 * computed from the school's today (the tests' fixed clock), never written in.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let today: string;
/** Monday–Saturday dates before today, newest first, one per test that saves. */
let schoolDays: string[];
let holiday: string;
let sunday: string;
let future: string;
let driver: StaffMember;
let guard: StaffMember;
let leftMember: StaffMember;
let theirMember: StaffMember;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object) => env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const P = () => mine.users[113].token;
const day = async (date: string, token = P()) => {
  const res = await call('GET', `/api/school/staffattendance?date=${date}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as StaffDay;
};
const save = (date: string, marks: object[], token = P()) => call('POST', '/api/school/staffattendance', token, { date, marks });
const marksOf = (d: StaffDay, over: Record<string, StaffStatus> = {}) => d.people.map((p) => ({ kind: p.kind, personId: p.personId, status: over[p.personId] ?? p.status }));
const rowsOn = (schoolId: string, date: string) => env.db.select().from(staffAttendance).where(and(eq(staffAttendance.schoolId, schoolId), eq(staffAttendance.date, date)));
const dayRowsOn = (schoolId: string, date: string) => env.db.select().from(staffAttendanceDays).where(and(eq(staffAttendanceDays.schoolId, schoolId), eq(staffAttendanceDays.date, date)));

async function addMember(token: string, body: object) {
  const res = await call('POST', '/api/school/staffmembers', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as StaffMember;
}

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  today = localDate('Asia/Kolkata');
  const days: string[] = [];
  for (let d = addDays(today, -1); days.length < 12; d = addDays(d, -1)) if (isoWeekday(d) !== 7) days.push(d);
  holiday = days.pop()!;
  schoolDays = days;
  for (let d = addDays(today, -1); ; d = addDays(d, -1)) if (isoWeekday(d) === 7) { sunday = d; break; }
  future = isoWeekday(addDays(today, 1)) === 7 ? addDays(today, 2) : addDays(today, 1);
  await env.db.insert(holidays).values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, title: 'Founders Day', startDate: holiday, endDate: holiday });
  driver = await addMember(P(), { fullName: 'Ramesh Yadav', designation: 'Driver', phone: '9876543210', joinedOn: addDays(today, -400) });
  guard = await addMember(P(), { fullName: 'Balwant Singh', designation: 'Guard', joinedOn: addDays(today, -400) });
  leftMember = await addMember(mine.users[112].token, { fullName: 'Old Cook', designation: 'Cook', joinedOn: addDays(today, -400), leftOn: addDays(today, -60) });
  theirMember = await addMember(theirs.users[113].token, { fullName: 'Their Guard', designation: 'Guard', joinedOn: addDays(today, -400) });
});
afterAll(() => env?.close());

describe('staff register: who may', () => {
  it('answers 401 without a session and 403 to a teacher, a parent and a student', async () => {
    const date = schoolDays[0]!;
    expect((await call('GET', `/api/school/staffattendance?date=${date}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/school/staffattendance', undefined, { date, marks: [] })).statusCode).toBe(401);
    for (const role of [114, 115, 116] as const) {
      const t = mine.users[role].token;
      expect((await call('GET', `/api/school/staffattendance?date=${date}`, t)).statusCode).toBe(403);
      expect((await call('POST', '/api/school/staffattendance', t, { date, marks: [{ kind: 'user', personId: mine.users[role].id, status: 'present' }] })).statusCode).toBe(403);
      expect((await call('GET', '/api/school/staffmembers', t)).statusCode).toBe(403);
      expect((await call('POST', '/api/school/staffmembers', t, { fullName: 'X', designation: 'Y', joinedOn: today })).statusCode).toBe(403);
      expect((await call('GET', `/api/school/staffattendance/month?month=${today.slice(0, 7)}`, t)).statusCode).toBe(403);
      expect((await call('GET', `/api/school/staffattendance/month/csv?month=${today.slice(0, 7)}`, t)).statusCode).toBe(403);
    }
    expect(await rowsOn(mine.school.id, date)).toHaveLength(0);
  });
});

describe('staff members', () => {
  it('lists the school’s own, those still working by default, searched by name', async () => {
    const list = async (q: string) => {
      const res = await call('GET', `/api/school/staffmembers${q}`, P());
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as { items: StaffMember[]; total: number };
    };
    const current = await list('');
    expect(current.items.map((m) => m.fullName)).toEqual(['Balwant Singh', 'Ramesh Yadav']);
    expect(current.total).toBe(2);
    expect((await list('?current=false')).items.map((m) => m.fullName)).toEqual(['Balwant Singh', 'Old Cook', 'Ramesh Yadav']);
    expect((await list('?search=rames')).items.map((m) => m.staffMemberId)).toEqual([driver.staffMemberId]);
    expect((await list('?search=%25')).items).toHaveLength(0);
    expect(driver).toMatchObject({ designation: 'Driver', phone: '+919876543210', leftOn: null });
  });

  it('refuses a last day before the first, and bad input, adding nothing', async () => {
    const before = await env.db.select().from(staffMembers).where(eq(staffMembers.schoolId, mine.school.id));
    const res = await call('POST', '/api/school/staffmembers', P(), { fullName: 'Late Joiner', designation: 'Peon', joinedOn: today, leftOn: addDays(today, -1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'staff_left_before_joined', field: 'leftOn' });
    expect((await call('POST', '/api/school/staffmembers', P(), { fullName: '', designation: 'Peon', joinedOn: today })).statusCode).toBe(400);
    expect((await call('POST', '/api/school/staffmembers', P(), { fullName: 'A', designation: 'Peon', joinedOn: 'yesterday' })).statusCode).toBe(400);
    expect(await env.db.select().from(staffMembers).where(eq(staffMembers.schoolId, mine.school.id))).toHaveLength(before.length);
  });
});

describe('a date’s register', () => {
  it('lists the principal, the system admin, the teachers, then the members working that day, all present before a save', async () => {
    const d = await day(schoolDays[0]!);
    expect(d).toMatchObject({ date: schoolDays[0], dayKind: 'school', canMark: true, final: false, markedAt: null, holidayTitle: null });
    expect(d.people.map((p) => [p.kind, p.personId])).toEqual([
      ['user', mine.users[113].id],
      ['user', mine.users[112].id],
      ['user', mine.users[114].id],
      ['member', guard.staffMemberId],
      ['member', driver.staffMemberId],
    ]);
    expect(d.people.every((p) => p.status === 'present')).toBe(true);
    expect(d.people[3]).toMatchObject({ fullName: 'Balwant Singh', designation: 'Guard', roleId: null });
    expect(d.people[0]).toMatchObject({ roleId: 113, designation: null });
    expect(d.counts).toMatchObject({ present: 5, total: 5 });
    // The member who left is on the register of a day before leaving.
    expect((await day(addDays(today, -90))).people.map((p) => p.personId)).toContain(leftMember.staffMemberId);
  });

  it('names the kind of a day that cannot be marked', async () => {
    expect(await day(holiday)).toMatchObject({ dayKind: 'holiday', holidayTitle: 'Founders Day', canMark: false });
    expect(await day(sunday)).toMatchObject({ dayKind: 'weekly_off', canMark: false });
    expect(await day(future)).toMatchObject({ dayKind: 'future', canMark: false });
    expect(await day('2025-01-06')).toMatchObject({ dayKind: 'outside_session', canMark: false });
  });
});

describe('saving a date', () => {
  it('saves the register whole, logged, and reads it back', async () => {
    const date = schoolDays[1]!;
    const before = await day(date);
    const res = await save(date, marksOf(before, { [mine.users[114].id]: 'absent', [driver.staffMemberId]: 'half_first', [guard.staffMemberId]: 'on_duty' }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().result as StaffDay;
    expect(saved).toMatchObject({ final: true, canMark: true, counts: { present: 2, absent: 1, halfDay: 1, onDuty: 1, onLeave: 0, total: 5 } });
    const back = await day(date);
    expect(back.final).toBe(true);
    expect(back.markedAt).not.toBeNull();
    expect(back.people.map((p) => p.status)).toEqual(['present', 'present', 'absent', 'on_duty', 'half_first']);
    expect(await rowsOn(mine.school.id, date)).toHaveLength(5);
    const logs = await env.db.select().from(staffAttendanceLogs).where(and(eq(staffAttendanceLogs.schoolId, mine.school.id), eq(staffAttendanceLogs.date, date)));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.userId).toBe(mine.users[113].id);

    // A second save changes one status; the system admin may save too.
    const again = await save(date, marksOf(back, { [mine.users[114].id]: 'present' }), mine.users[112].token);
    expect(again.statusCode, again.body).toBe(200);
    expect((await day(date)).people.map((p) => p.status)).toEqual(['present', 'present', 'present', 'on_duty', 'half_first']);
    expect(await rowsOn(mine.school.id, date)).toHaveLength(5);
  });

  it('refuses a holiday, a Sunday, a future date and a date outside the session, writing nothing', async () => {
    const marks = marksOf(await day(schoolDays[2]!));
    for (const [date, reason] of [
      [holiday, 'attendance_holiday'],
      [sunday, 'attendance_weekly_off'],
      [future, 'attendance_future'],
      ['2025-01-06', 'attendance_outside_session'],
    ] as const) {
      const res = await save(date, marks);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().reason).toBe(reason);
      expect(await rowsOn(mine.school.id, date)).toHaveLength(0);
      expect(await dayRowsOn(mine.school.id, date)).toHaveLength(0);
    }
  });

  it('refuses marks that are not the register once each, and on leave not written by leave, writing nothing', async () => {
    const date = schoolDays[3]!;
    const marks = marksOf(await day(date));
    const refused = async (list: object[], reason: string) => {
      const res = await save(date, list);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().reason).toBe(reason);
      expect(await rowsOn(mine.school.id, date)).toHaveLength(0);
      expect(await dayRowsOn(mine.school.id, date)).toHaveLength(0);
    };
    await refused(marks.slice(1), 'staff_register_mismatch');
    await refused([...marks, marks[0]!], 'staff_register_mismatch');
    await refused([...marks.slice(0, -1), { kind: 'member', personId: leftMember.staffMemberId, status: 'present' }], 'staff_register_mismatch');
    await refused(marks.map((m) => (m.personId === mine.users[114].id ? { ...m, kind: 'member' } : m)), 'staff_register_mismatch');
    // Another school's staff member in place of one of mine.
    await refused([...marks.slice(0, -1), { kind: 'member', personId: theirMember.staffMemberId, status: 'present' }], 'staff_register_mismatch');
    await refused(marks.map((m) => (m.personId === driver.staffMemberId ? { ...m, status: 'on_leave' } : m)), 'on_leave_needs_leave');
    const res = await save(date, marks);
    expect(res.statusCode).toBe(200);
    expect(await rowsOn(theirs.school.id, date)).toHaveLength(0);
  });

  it('keeps on leave where leave wrote it', async () => {
    const date = schoolDays[4]!;
    await env.db.insert(staffAttendance).values({ schoolId: mine.school.id, date, staffMemberId: guard.staffMemberId, status: 'on_leave' });
    const d = await day(date);
    expect(d.people.find((p) => p.personId === guard.staffMemberId)?.status).toBe('on_leave');
    expect(d.final).toBe(false);
    const res = await save(date, marksOf(d));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.counts.onLeave).toBe(1);
  });
});

describe('the month', () => {
  it('counts each person’s saved days, and writes the CSV headed in English or Hindi', async () => {
    const date = schoolDays[5]!;
    const month = date.slice(0, 7);
    const d = await day(date);
    expect((await save(date, marksOf(d, { [driver.staffMemberId]: 'absent', [mine.users[112].id]: 'half_second' }))).statusCode).toBe(200);
    await env.db.update(staffAttendance).set({ lateMinutes: 12 }).where(and(eq(staffAttendance.schoolId, mine.school.id), eq(staffAttendance.date, date), eq(staffAttendance.userId, mine.users[113].id)));

    const res = await call('GET', `/api/school/staffattendance/month?month=${month}`, P());
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().result as StaffMonth;
    const savedInMonth = [1, 3, 4, 5].map((i) => schoolDays[i]!).filter((x) => x.startsWith(month)).length;
    expect(m.savedDays).toBe(savedInMonth);
    expect(m.days).toHaveLength(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate());
    expect(m.days.find((x) => x.date === holiday)?.kind ?? 'holiday').toBe('holiday');
    const i = Number(date.slice(8, 10)) - 1;
    const drv = m.people.find((p) => p.personId === driver.staffMemberId)!;
    expect(drv.marks).toHaveLength(m.days.length);
    expect(drv.marks[i]).toBe('A');
    expect(drv.absent).toBe(1);
    const admin = m.people.find((p) => p.personId === mine.users[112].id)!;
    expect(admin.marks[i]).toBe('H');
    expect(admin.halfDays).toBe(1);
    expect(m.people.find((p) => p.personId === mine.users[113].id)!.late).toBe(1);
    expect(m.people.map((p) => p.personId)).not.toContain(theirMember.staffMemberId);

    const en = await call('GET', `/api/school/staffattendance/month/csv?month=${month}`, P());
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.headers['content-disposition']).toContain(`attachment; filename="staff-attendance-${month}.csv"`);
    expect(en.body.startsWith('\uFEFFName,Role or designation,1,2,')).toBe(true);
    expect(en.body.split('\r\n')[0]).toMatch(/,Present,Absent,Half days,On leave,On duty,Late,Without pay$/);
    expect(en.body).toContain('Ramesh Yadav,Driver,');
    const hi = await call('GET', `/api/school/staffattendance/month/csv?month=${month}&lang=hi`, P());
    expect(hi.statusCode).toBe(200);
    expect(hi.body.startsWith('\uFEFFनाम,भूमिका या पद,1,')).toBe(true);
    expect(hi.body).toContain('प्रधानाचार्य');
    expect((await call('GET', '/api/school/staffattendance/month?month=2026-13', P())).statusCode).toBe(400);
  });
});

describe('statements', () => {
  it('reads and saves a register of 30 in as many statements as one of 3', async () => {
    const measure = async (members: number) => {
      const school: TestSchool = await env.f.school();
      const principal = await env.f.user(113, school);
      const token = await env.f.token(principal);
      await env.f.user(112, school);
      await env.f.user(114, school);
      if (members) {
        await env.db.insert(staffMembers).values(Array.from({ length: members }, (_, i) => ({ schoolId: school.id, fullName: `Member ${i}`, designation: 'Guard', joinedOn: addDays(today, -100) })));
      }
      const date = schoolDays[6]!;
      const read = await countStatements(env, school.id, () => day(date, token));
      expect(read.result.people).toHaveLength(3 + members);
      const marks = marksOf(read.result, Object.fromEntries(read.result.people.slice(-1).map((p) => [p.personId, 'absent' as const])));
      const saved = await countStatements(env, school.id, async () => {
        const res = await save(date, marks, token);
        expect(res.statusCode, res.body).toBe(200);
      });
      return [read.statements, saved.statements];
    };
    const small = await measure(0);
    const big = await measure(27);
    expect(big).toEqual(small);
  });
});
