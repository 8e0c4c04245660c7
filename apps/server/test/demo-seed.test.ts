import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { getAllStates, getDistricts } from 'india-state-district';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argonWork } from '../src/auth/crypto.js';
import { classFeeTotal, feeRecordTotal, lateFeeFor, type FeeAdjustment } from '@shala/contract';
import {
  academicSessions,
  attendanceAlerts,
  classFees,
  feeInstalments,
  feeLateFees,
  feeLateRules,
  feePayments,
  feeReceiptCounters,
  feeRecords,
  feeTypes,
  attendanceMarks,
  chatConversations,
  chatMessages,
  schools,
  classWorks,
  notices,
  classStudents,
  classSubjects,
  classes,
  holidays,
  periods,
  subjects,
  timetableEntries,
  studentRecords,
  users,
} from '../src/db/schema.js';
import { addDays, daysBetween, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { DEMO_LATE_RULE } from '../src/seed/demo-late-fees.js';
import { DEMO_PASSWORD, seedIfEmpty, type SeedResult } from '../src/seed/demo.js';
import { DEMO_DISTRICTS, DEMO_STATE } from '../src/seed/demo-people.js';
import { SUBJECT_CODES } from '../src/seed/demo-school.js';
import { summaryQuery, presentSummary, classOrder } from '../src/modules/academics/read.js';
import { rowsOf } from '../src/db/rows.js';
import { setupApp, type TestEnv } from './helpers.js';

/**
 * The demo school a first `npm start` creates: sessions (with a next one to promote into),
 * subjects, classes 1–12 (1–5 in sections A and B), 20 teachers with their subjects, 300 students
 * with roll numbers and their parents, a timetable, a term of attendance, fees, exams, notices,
 * class work and chats; every account signs in with the published password, hashed once.
 */
const SECTIONS = ['1-A', '1-B', '2-A', '2-B', '3-A', '3-B', '4-A', '4-B', '5-A', '5-B', '6-A', '7-A', '8-A', '9-A', '10-A', '11-A', '12-A'];
let env: TestEnv;
let seeded: SeedResult;
let argonSpent: number;

// The whole demo school on PGlite: about 10 s alone, past the 60 s default on a loaded CI machine.
beforeAll(async () => {
  env = await setupApp();
  const before = argonWork.count;
  seeded = await seedIfEmpty(env.database, { demo: true });
  argonSpent = argonWork.count - before;
}, 240_000);
afterAll(() => env?.close());

const signin = async (loginId: string) => {
  const res = await env.app.inject({ method: 'POST', url: '/api/signin', payload: { loginId, password: DEMO_PASSWORD } });
  expect(res.statusCode, `${loginId}: ${res.body}`).toBe(200);
  return res.json().result as { token: string; schoolId: string };
};
const get = async (url: string, token: string) => {
  const res = await env.app.inject({ url, headers: { token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};

async function sessionsOf(schoolId: string) {
  return env.db.select().from(academicSessions).where(eq(academicSessions.schoolId, schoolId)).orderBy(academicSessions.startDate);
}

describe('the demo seed', () => {
  it('prints one account of every role, each signing in with the published password, hashed once for all', async () => {
    expect(seeded.created).toBe(true);
    expect(seeded.accounts.map((a) => a.loginId)).toEqual(['owner', 'DEMO-A0001', 'DEMO-P0001', 'DEMO-T0001', 'DEMO-G0001', 'DEMO-S0001']);
    expect(argonSpent).toBe(1);
    for (const id of ['owner', 'DEMO-A0001', 'DEMO-P0001', 'DEMO-T0001', 'DEMO-T0020', 'DEMO-G0001', 'DEMO-G0002', 'DEMO-S0001', 'DEMO-S0300']) await signin(id);
  });

  it('has four past and current sessions and an empty next one to promote into', async () => {
    const { schoolId } = await signin('DEMO-P0001');
    const sessions = await sessionsOf(schoolId);
    expect(sessions).toHaveLength(5);
    expect(sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(sessions.at(-2)!.isCurrent).toBe(true);
    const next = sessions.at(-1)!;
    expect(next.startDate > sessions.at(-2)!.endDate).toBe(true);
    const nextClasses = await summaryQuery(env.db).where(eq(classes.sessionId, next.id));
    expect(nextClasses).toHaveLength(18);
    expect(new Set(nextClasses.map((c) => c.status))).toEqual(new Set(['pending']));
  });

  it('fills the current session: classes 1–12 with subjects, teachers and students; all but 3-B and 4-B complete', async () => {
    const { schoolId } = await signin('DEMO-P0001');
    const current = (await sessionsOf(schoolId)).find((s) => s.isCurrent)!;
    const rows = (await summaryQuery(env.db).where(eq(classes.sessionId, current.id)).orderBy(...classOrder)).map((r) => presentSummary(r as never));
    expect(rows.map((c) => `${c.masterClass}-${c.section}`)).toEqual(SECTIONS);
    expect(rows.reduce((sum, c) => sum + c.students, 0)).toBe(300);
    expect(rows.every((c) => c.students >= 16 && c.students <= 20 && c.subjects >= 5)).toBe(true);
    const fiveA = rows.find((c) => c.masterClass === '5' && c.section === 'A')!;
    expect(fiveA).toMatchObject({ status: 'complete', subjects: 7, students: 16, classTeacher: { loginId: 'DEMO-T0001', fullName: 'Ravi Kumar' } });
    expect(rows.filter((c) => c.status !== 'complete').map((c) => `${c.masterClass}-${c.section}`)).toEqual(['3-B', '4-B']); // no class teacher yet
    expect(new Set(rows.map((c) => c.classTeacher?.loginId).filter(Boolean)).size).toBe(15);

    // The demo teacher teaches Mathematics in classes 4 and 5; every subject of a class has a teacher.
    const t1 = (await env.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'DEMO-T0001')))[0]!;
    const taughtByT1 = await env.db
      .select({ code: subjects.masterCode, key: sql<string>`${classes.masterClass} || '-' || ${classes.section}` })
      .from(classSubjects)
      .innerJoin(subjects, eq(subjects.id, classSubjects.subjectId))
      .innerJoin(classes, eq(classes.id, classSubjects.classId))
      .where(eq(classSubjects.teacherId, t1.id));
    expect(taughtByT1.map((r) => `${r.code} ${r.key}`).sort()).toEqual(['MATH 4-A', 'MATH 4-B', 'MATH 5-A', 'MATH 5-B']);
    const [taught] = await env.db.select({ n: count(), withTeacher: count(classSubjects.teacherId) }).from(classSubjects).where(eq(classSubjects.schoolId, schoolId));
    expect(taught!.n).toBe(rows.reduce((sum, c) => sum + c.subjects, 0));
    expect(taught!.withTeacher).toBe(taught!.n);

    // 5-A by roll number: the earlier demo's three first (by name), then the others by name.
    const { token } = await signin('DEMO-P0001');
    const list = await get(`/api/school/student?sessionId=${current.id}&assignClassId=${fiveA.assignClassId}&pageSize=100`, token);
    const named = list.items.map((s: { fullName: string; placement: { rollNo: number } }) => [s.placement.rollNo, s.fullName]);
    expect(named.slice(0, 3)).toEqual([
      [1, 'Aarav Verma'],
      [2, 'Ananya Iyer'],
      [3, 'Rohan Mehta'],
    ]);
    expect(named.map(([roll]: [number]) => roll)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const rest = named.slice(3).map(([, name]: [number, string]) => name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(list.items[0].loginId).toBe('DEMO-S0001');
    expect(list.items[0].parentName).toBe('Meena Verma');
  });

  it('shows on the dashboards and to the parent', async () => {
    const principal = await signin('DEMO-P0001');
    const [families] = await env.db.select({ n: sql<number>`count(distinct ${users.parentUserId})::int` }).from(users).where(eq(users.roleId, 116));
    expect(families!.n).toBeGreaterThan(230);
    // 299 on the rolls: one left with a TC (demo-certificates.ts).
    expect((await get('/api/dashboard', principal.token)).counts).toEqual({ teachers: 20, students: 299, parents: families!.n, classes: 17, subjects: SUBJECT_CODES.length });
    const teacher = await signin('DEMO-T0001');
    // A teacher's own classes and their students, not the school's 17 and 300.
    const own = (await get('/api/dashboard', teacher.token)).counts;
    expect(Object.keys(own).sort()).toEqual(['classes', 'students']);
    expect(own.classes).toBeGreaterThan(0);
    expect(own.classes).toBeLessThan(17);
    expect(own.students).toBeLessThan(300);
    const parent = await signin('DEMO-G0001');
    const children = await get('/api/parent/children', parent.token);
    expect(children.map((c: { loginId: string }) => c.loginId).sort()).toEqual(['DEMO-S0001', 'DEMO-S0004']);
  });

  it('has people who look real: every student with a parent, a birth date fitting its class, an address in a real district, a mobile number', async () => {
    const rows = await env.db
      .select({ u: users, cls: classes.masterClass })
      .from(users)
      .innerJoin(classStudents, eq(classStudents.studentId, users.id))
      .innerJoin(classes, eq(classes.id, classStudents.classId));
    expect(rows).toHaveLength(300);
    const districts: string[] = getDistricts(getAllStates().find((s) => s.name === DEMO_STATE)!.code);
    expect(DEMO_DISTRICTS.every((d) => districts.includes(d))).toBe(true);
    const year = Number(localDate('Asia/Kolkata').slice(0, 4));
    for (const { u, cls } of rows) {
      expect(u.parentUserId, u.loginId).not.toBeNull();
      expect(['male', 'female']).toContain(u.gender);
      expect(u.state).toBe(DEMO_STATE);
      expect(districts).toContain(u.district);
      expect(u.zip).toMatch(/^[1-9]\d{5}$/);
      expect(u.contact).toMatch(/^\+91 98\d{3} \d{5}$/);
      // Class n's children are about n + 5 years old.
      const age = year - Number(u.dateOfBirth!.slice(0, 4));
      expect(age - Number(cls)).toBeGreaterThanOrEqual(4);
      expect(age - Number(cls)).toBeLessThanOrEqual(7);
    }
    // No two students share a full name; the demo family is the only Verma one.
    const names = rows.map(({ u }) => `${u.firstName} ${u.lastName}`);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => n.endsWith(' Verma')).sort()).toEqual(['Aarav Verma', 'Diya Verma']);
    // Some families have two children at the school.
    const perParent = new Map<string, number>();
    for (const { u } of rows) perParent.set(u.parentUserId!, (perParent.get(u.parentUserId!) ?? 0) + 1);
    expect([...perParent.values()].filter((n) => n === 2).length).toBeGreaterThan(10);
    // Brothers and sisters have one mother and one father (the register's father's name, printed on their certificates).
    const register = await env.db.select({ studentId: studentRecords.studentId, father: studentRecords.fatherName }).from(studentRecords);
    const fatherOf = new Map(register.map((r) => [r.studentId, r.father]));
    const family = new Map<string, Set<string>>();
    for (const { u } of rows) {
      const names = family.get(u.parentUserId!) ?? new Set<string>();
      names.add(`${u.motherName} / ${fatherOf.get(u.id)}`);
      family.set(u.parentUserId!, names);
    }
    expect([...family.entries()].filter(([, names]) => names.size > 1).map(([, names]) => [...names])).toEqual([]);
  });

  it('continues the login ids after the demo ones', async () => {
    const { token } = await signin('DEMO-P0001');
    const res = await env.app.inject({ method: 'POST', url: '/api/school/student', headers: { token }, payload: { firstName: 'New', lastName: 'Child' } });
    expect(res.json().result.loginId).toBe('DEMO-S0301');
    const teacher = await env.app.inject({ method: 'POST', url: '/api/school/teacher', headers: { token }, payload: { firstName: 'New', lastName: 'Teacher' } });
    expect(teacher.json().result.loginId).toBe('DEMO-T0021');
  });

  it('has the school day of the current session: periods, a timetable without clashes, holidays', async () => {
    const { schoolId } = await signin('DEMO-P0001');
    const current = (await sessionsOf(schoolId)).find((s) => s.isCurrent)!;
    const rows = await env.db.select().from(periods).where(eq(periods.sessionId, current.id)).orderBy(periods.startMinute);
    expect(rows.map((p) => [p.name, p.isBreak])).toEqual([
      // By number (the screens say "Period 1" in the reader's language), the break in both.
      ...[1, 2, 3, 4].map((i) => [String(i), false]),
      ['Lunch / भोजनावकाश', true],
      ...[5, 6, 7, 8].map((i) => [String(i), false]),
    ]);
    expect([rows[0]!.startMinute, rows.at(-1)!.endMinute]).toEqual([8 * 60, 14 * 60]);

    // Every class has a timetable; each cell's teacher is that subject's teacher in the class; no
    // teacher is in two classes at one day and period (the constraint would have refused it).
    const cells = await env.db
      .select({ classId: timetableEntries.classId, day: timetableEntries.day, periodId: timetableEntries.periodId, teacherId: timetableEntries.teacherId, taught: classSubjects.teacherId })
      .from(timetableEntries)
      .innerJoin(classSubjects, and(eq(classSubjects.classId, timetableEntries.classId), eq(classSubjects.subjectId, timetableEntries.subjectId)))
      .where(eq(timetableEntries.schoolId, schoolId));
    expect(new Set(cells.map((c) => c.classId)).size).toBe(17);
    expect(cells.every((c) => c.teacherId === c.taught && c.day >= 1 && c.day <= 6)).toBe(true);
    expect(new Set(cells.map((c) => `${c.teacherId}/${c.day}/${c.periodId}`)).size).toBe(cells.length);
    expect(cells.some((c) => rows.find((p) => p.id === c.periodId)!.isBreak)).toBe(false);
    // Most of the week is taught: at least 85 % of the 17 × 48 periods.
    expect(cells.length).toBeGreaterThan(0.85 * 17 * 48);

    const hols = await env.db.select().from(holidays).where(eq(holidays.sessionId, current.id)).orderBy(holidays.startDate);
    expect(hols.length).toBeGreaterThanOrEqual(5);
    expect(hols.every((h) => h.startDate >= current.startDate && h.endDate <= current.endDate)).toBe(true);
    const today = localDate('Asia/Kolkata');
    expect(hols.some((h) => h.startDate <= today && today <= h.endDate)).toBe(false);
  });

  it('has a term of daywise attendance, mostly present, with 5-A left to mark today and the school day before', async () => {
    const { schoolId } = await signin('DEMO-P0001');
    const current = (await sessionsOf(schoolId)).find((s) => s.isCurrent)!;
    const today = localDate('Asia/Kolkata');
    const hols = await env.db.select().from(holidays).where(eq(holidays.sessionId, current.id));
    const schoolDay = (d: string) => isoWeekday(d) !== 7 && d >= current.startDate && d <= current.endDate && !hols.some((h) => h.startDate <= d && d <= h.endDate);
    const days = Array.from({ length: 121 }, (_, i) => addDays(today, i - 120)).filter(schoolDay);
    const before = days.filter((d) => d < today).at(-1);

    const marks = await env.db
      .select({ studentId: attendanceMarks.studentId, date: attendanceMarks.date, status: attendanceMarks.status, periodId: attendanceMarks.periodId, key: sql<string>`${classes.masterClass} || '-' || ${classes.section}` })
      .from(attendanceMarks)
      .innerJoin(classes, eq(classes.id, attendanceMarks.classId))
      .where(eq(attendanceMarks.schoolId, schoolId));
    expect(marks.every((m) => m.periodId === null && schoolDay(m.date) && m.date <= today)).toBe(true);
    const fiveA = marks.filter((m) => m.key === '5-A');
    const others = marks.filter((m) => m.key !== '5-A');
    // Every other class (284 students) is marked every school day; 5-A (16) all but its last two.
    expect(others.length).toBe(284 * days.length);
    const kept = [today, before].filter((d) => d && days.includes(d));
    expect(fiveA.length).toBe(16 * (days.length - kept.length));
    expect(fiveA.some((m) => m.date === today || m.date === before)).toBe(false);
    if (days.length >= 20) {
      const share = (status: string) => marks.filter((m) => m.status === status).length / marks.length;
      expect(share('present')).toBeGreaterThan(0.85);
      expect(share('present')).toBeLessThan(0.97);
      for (const status of ['absent', 'late', 'leave']) expect(share(status)).toBeGreaterThan(0.003);
      // Students differ: some are away far more often than others.
      const away = new Map<string, number>();
      for (const m of marks) if (m.status === 'absent') away.set(m.studentId, (away.get(m.studentId) ?? 0) + 1);
      const counts = [...away.values()].sort((a, b) => a - b);
      expect(counts.at(-1)!).toBeGreaterThan(2 * (counts[Math.floor(counts.length / 10)] ?? 0));
    }
    expect((await env.db.select({ n: count() }).from(attendanceAlerts))[0]!.n).toBe(0);

    // The principal's attendance log shows what was marked: one daywise entry a class and day.
    const { token } = await signin('DEMO-P0001');
    const logs = await get(`/api/school/attendence/logs?sessionId=${current.id}&type=all&pageSize=5`, token);
    expect(logs.total).toBe(new Set(marks.map((m) => `${m.key}/${m.date}`)).size);
    const latest = logs.items[0];
    expect(latest).toMatchObject({ type: 'daywise', period: null, details: { action: 'marked' } });
    expect(latest.user).not.toBeNull();
    const key = `${latest.class.masterClass}-${latest.class.section}`;
    const marked = marks.filter((m) => m.key === key && m.date === latest.date);
    expect(latest.details.counts).toMatchObject({ marked: marked.length, absent: marked.filter((m) => m.status === 'absent').length });
    expect(new Map(latest.details.changes.map((c: { studentId: string; to: string }) => [c.studentId, c.to]))).toEqual(new Map(marked.map((m) => [m.studentId, m.status])));
  });

  it('has notices, class work in every section and chats', async () => {
    const { schoolId } = await signin('DEMO-P0001');
    expect((await env.db.select({ n: count() }).from(notices).where(eq(notices.schoolId, schoolId)))[0]!.n).toBeGreaterThanOrEqual(6);
    const work = await env.db.select({ classId: classWorks.classId }).from(classWorks).where(eq(classWorks.schoolId, schoolId));
    expect(new Set(work.map((w) => w.classId)).size).toBe(17);
    const chats = await env.db.select({ n: count() }).from(chatConversations).where(and(eq(chatConversations.schoolId, schoolId), isNotNull(chatConversations.lastMessageAt)));
    expect(chats[0]!.n).toBeGreaterThanOrEqual(6);
    // A greeting fits the school-local hour of its message (no "Good evening" at 10 am).
    const [school] = await env.db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
    const greeted = (await env.db.select({ body: chatMessages.body, at: chatMessages.createdAt }).from(chatMessages).where(eq(chatMessages.schoolId, schoolId)))
      .filter((m) => /^Good (morning|afternoon|evening)/.test(m.body));
    expect(greeted.length).toBeGreaterThanOrEqual(3);
    for (const m of greeted) {
      const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: school!.timeZone }).format(m.at));
      expect(m.body.startsWith(hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening'), `${m.body} at ${hour}h`).toBe(true);
    }
  });

  it("has a message to 5-A's parents with its delivery report, and parents with phones and choices", async () => {
    const { token } = await signin('DEMO-P0001');
    const list = await get('/api/school/messages', token);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ title: 'Annual day rehearsal', status: 'sent', channels: ['sms', 'whatsapp'], counts: { delivered: 2, read: 1, sent: 1, failed: 2 } });
    const failed = await get(`/api/school/messages/${list.items[0].messageId}/deliveries?status=failed`, token);
    expect(failed.items.map((d: { reason: string }) => d.reason).sort()).toEqual(['Message undeliverable (131026)', 'Number is in the DND registry']);
    const parent = (await get(`/api/school/messages/${list.items[0].messageId}/deliveries?channel=whatsapp&status=read`, token)).items[0].loginId;
    const parentToken = (await signin(parent)).token;
    const prefs = await get('/api/account/notification-preferences', parentToken);
    expect(prefs).toMatchObject({ mobileVerified: true, whatsappOptIn: true });
    // The parent's notification leads to the message, which the parent reads there.
    const messageId = list.items[0].messageId;
    expect((await get('/api/notifications?pageSize=100', parentToken)).items.filter((n: { kind: string }) => n.kind === 'message').map((n: { link: string }) => n.link)).toEqual([`/inbox/${messageId}`]);
    expect(await get(`/api/messages/${messageId}`, parentToken)).toMatchObject({ title: 'Annual day rehearsal', senderName: 'Demo Principal', attachment: null });
  });

  it('has fees: types, class fees, records with plans and payments whose figures add up', async () => {
    const { schoolId, token } = await signin('DEMO-P0001');
    const current = (await sessionsOf(schoolId)).find((s) => s.isCurrent)!;
    const today = localDate('Asia/Kolkata');
    const types = await env.db.select().from(feeTypes).where(eq(feeTypes.schoolId, schoolId));
    expect(types.map((t) => [t.name, t.kind, t.value]).sort()).toEqual([
      ['Late fee', 'percent', 200],
      ['Sibling discount', 'percent', -1000],
      ['Transport', 'amount', 600_000],
    ]);

    // Class fees of every section, rising by class, their totals the contract's; tax only on 5-B.
    const keyOf = sql<string>`${classes.masterClass} || '-' || ${classes.section}`;
    const fees = await env.db.select({ fee: classFees, key: keyOf }).from(classFees).innerJoin(classes, eq(classes.id, classFees.classId)).where(eq(classFees.sessionId, current.id));
    expect(fees).toHaveLength(17);
    for (const { fee } of fees) expect(fee.total).toBe(classFeeTotal(fee).total);
    expect(fees.filter((f) => f.fee.taxBp > 0).map((f) => f.key)).toEqual(['5-B']);
    const totalOf = (key: string) => fees.find((f) => f.key === key)!.fee.total;
    expect(totalOf('1-A') < totalOf('2-A') && totalOf('2-A') < totalOf('3-A') && totalOf('4-A') < totalOf('5-A') && totalOf('5-A') < totalOf('12-A')).toBe(true);

    // Records: every student but class 2-B's, each total the contract's from its class fee and fee types.
    const records = await env.db
      .select({ r: feeRecords, key: keyOf, loginId: users.loginId })
      .from(feeRecords)
      .innerJoin(classes, eq(classes.id, feeRecords.classId))
      .innerJoin(users, eq(users.id, feeRecords.studentId))
      .where(eq(feeRecords.sessionId, current.id));
    expect(records).toHaveLength(284);
    expect(records.some((r) => r.key === '2-B')).toBe(false);
    for (const { r, key } of records) {
      expect(r.classFee).toBe(totalOf(key));
      const adj = r.adjustments as FeeAdjustment[];
      expect(r.total).toBe(feeRecordTotal(r.classFee, adj.map((a) => ({ kind: a.kind, value: a.value }))).total);
    }
    const s1 = records.find((r) => r.loginId === 'DEMO-S0001')!;
    const s4 = records.find((r) => r.loginId === 'DEMO-S0004')!;
    expect((s1.r.adjustments as FeeAdjustment[]).map((a) => [a.name, a.amount])).toEqual([['Transport', 600_000]]);
    expect((s4.r.adjustments as FeeAdjustment[]).map((a) => a.name)).toEqual(['Sibling discount']);
    expect(s4.r.total).toBe(totalOf('2-A') - totalOf('2-A') / 10);

    // Plans: instalments add up to each record's total; 1-B's records have none yet.
    const instalments = await env.db.select().from(feeInstalments).where(eq(feeInstalments.schoolId, schoolId));
    const byRecord = new Map<string, typeof instalments>();
    for (const i of instalments) byRecord.set(i.feeRecordId, [...(byRecord.get(i.feeRecordId) ?? []), i].sort((x, y) => x.seq - y.seq));
    for (const { r, key } of records) {
      const plan = byRecord.get(r.id) ?? [];
      if (key === '1-B') expect(plan).toHaveLength(0);
      else {
        expect(plan.map((i) => i.seq)).toEqual([1, 2, 3, 4]);
        expect(plan.reduce((sum, i) => sum + i.amount, 0)).toBe(r.total);
      }
    }
    const plan1 = byRecord.get(s1.r.id)!;
    expect(plan1.map((i) => i.paid)).toEqual([true, false, false, false]);
    expect(plan1[1]!.dueDate < today).toBe(true); // overdue
    expect(byRecord.get(s4.r.id)!.map((i) => i.paid)).toEqual([false, false, false, false]);
    expect(instalments.filter((i) => i.dueDate < today && !i.paid).length).toBeGreaterThan(30);

    // Payments: one live payment per paid instalment, each record's paid the sum of its live
    // payments, receipt numbers 1 … n without a gap, the counter at n.
    const payments = await env.db.select().from(feePayments).where(eq(feePayments.schoolId, schoolId));
    const live = payments.filter((p) => p.reversedAt === null);
    expect(new Set(live.map((p) => p.instalmentId))).toEqual(new Set(instalments.filter((i) => i.paid).map((i) => i.id)));
    for (const p of live) expect(p.amount).toBe(instalments.find((i) => i.id === p.instalmentId)!.amount);
    for (const { r } of records) expect(r.paid).toBe(live.filter((p) => p.feeRecordId === r.id).reduce((sum, p) => sum + p.amount, 0));
    expect(payments.map((p) => p.receiptNo).sort((x, y) => x - y)).toEqual(payments.map((_, i) => i + 1));
    expect(payments.every((p) => p.sessionId === current.id && p.paidOn <= today && p.paidOn >= current.startDate)).toBe(true);
    const [counter] = await env.db.select().from(feeReceiptCounters).where(eq(feeReceiptCounters.schoolId, schoolId));
    expect(counter).toMatchObject({ sessionId: current.id, lastNo: payments.length });
    // Receipts follow the days the money came in.
    const inOrder = [...payments].sort((x, y) => x.receiptNo - y.receiptNo).map((p) => p.paidOn);
    expect(inOrder).toEqual([...inOrder].sort());

    // The overview agrees.
    const summary = await get(`/api/school/feesummary?sessionId=${current.id}`, token);
    const total = records.reduce((sum, { r }) => sum + r.total, 0);
    const paid = live.reduce((sum, p) => sum + p.amount, 0);
    expect(summary).toMatchObject({ records: 284, total, paid, balance: total - paid, today });
    expect(summary.overdue).toBe(instalments.filter((i) => i.dueDate < today && !i.paid).reduce((sum, i) => sum + i.amount, 0));
  });

  it('has a late-fee rule and today’s late fees, one on DEMO-S0004’s instalment due yesterday', async () => {
    const { schoolId } = await signin('DEMO-P0001');
    const current = (await sessionsOf(schoolId)).find((s) => s.isCurrent)!;
    const today = localDate('Asia/Kolkata');
    const [rule] = await env.db.select().from(feeLateRules).where(eq(feeLateRules.schoolId, schoolId));
    expect(rule).toMatchObject({ sessionId: current.id, ...DEMO_LATE_RULE, active: true });
    const rows = await env.db
      .select({ i: feeInstalments, fee: feeLateFees.amount, on: feeLateFees.assessedOn, loginId: users.loginId })
      .from(feeInstalments)
      .innerJoin(feeRecords, eq(feeRecords.id, feeInstalments.feeRecordId))
      .innerJoin(users, eq(users.id, feeRecords.studentId))
      .leftJoin(feeLateFees, eq(feeLateFees.instalmentId, feeInstalments.id))
      .where(eq(feeInstalments.schoolId, schoolId));
    // Every overdue unpaid instalment, and only those, carries the rule's fee of today.
    for (const r of rows) {
      const days = r.i.paid || r.i.dueDate >= today ? 0 : daysBetween(r.i.dueDate, today) - 1;
      expect(r.fee ?? 0).toBe(lateFeeFor(DEMO_LATE_RULE, r.i.amount, days));
      if (r.fee) expect(r.on).toBe(today);
    }
    const s4 = rows.filter((r) => r.loginId === 'DEMO-S0004').sort((a, b) => a.i.seq - b.i.seq);
    expect(s4.map((r) => r.i.dueDate).every((d, k, all) => k === 0 || d > all[k - 1]!)).toBe(true);
    expect(s4.find((r) => r.i.dueDate === addDays(today, -1))).toMatchObject({ fee: 1_000 });
  });

  it('takes UPI without a gateway (a fake UPI id) and has one parent’s reference waiting for the office', async () => {
    const { token } = await signin('DEMO-P0001');
    expect(await get('/api/school/paymentsettings/upi', token)).toMatchObject({ vpa: 'demoschool@upi', name: 'Shala Demo School' });
    const claims = await get('/api/school/feeupi/claims?status=pending', token);
    expect(claims.total).toBe(1);
    expect(claims.items[0]).toMatchObject({ status: 'pending', reference: '432109876543', claimedBy: expect.objectContaining({ loginId: expect.stringMatching(/^DEMO-G/) }) });
    expect(claims.items[0].dueDate < localDate('Asia/Kolkata')).toBe(true);
    // What the parent paid: the instalment and its late fee of the day.
    const [late] = await env.db.select({ amount: feeLateFees.amount }).from(feeLateFees).where(eq(feeLateFees.instalmentId, claims.items[0].emiId));
    const [inst] = await env.db.select({ amount: feeInstalments.amount }).from(feeInstalments).where(eq(feeInstalments.id, claims.items[0].emiId));
    expect(claims.items[0].amount).toBe(inst!.amount + (late?.amount ?? 0));
  });

  it('has certificates: a bonafide, a character and a tuition-fee certificate, and one student who left with a TC', async () => {
    const { token } = await signin('DEMO-P0001');
    const list = await get('/api/school/certificates?pageSize=50', token);
    expect(list.items.map((c: { type: string; number: number; status: string }) => `${c.type} ${c.number} ${c.status}`).sort()).toEqual(['bonafide 1 issued', 'character 1 issued', 'feecert 1 issued', 'tc 1 issued']);
    const tc = list.items.find((c: { type: string }) => c.type === 'tc');
    const [left] = await env.db.select({ status: users.status, loginId: users.loginId }).from(users).where(eq(users.id, tc.student.userId));
    expect(left!.status).toBe(false);
    expect(['DEMO-S0001', 'DEMO-S0002', 'DEMO-S0003', 'DEMO-S0004']).not.toContain(left!.loginId);
    expect((await env.app.inject({ method: 'GET', url: `/api${tc.verifyPath}` })).json().result.status).toBe('valid');
    // DEMO-S0001's tuition-fee certificate: the tuition share (₹30,000 of ₹46,500 with Transport) of what was paid.
    const [aarav] = await env.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'DEMO-S0001'));
    const [rec] = await env.db.select({ id: feeRecords.id, total: feeRecords.total, classId: feeRecords.classId }).from(feeRecords).where(eq(feeRecords.studentId, aarav!.id));
    const [cf] = await env.db.select({ tuition: classFees.tuition }).from(classFees).where(eq(classFees.classId, rec!.classId));
    const paid = await env.db.select({ amount: feePayments.amount }).from(feePayments).where(and(eq(feePayments.feeRecordId, rec!.id), sql`${feePayments.reversedAt} is null`));
    const paidSum = paid.reduce((sum, p) => sum + Number(p.amount), 0);
    expect(paidSum).toBeGreaterThan(0);
    const preview = await get(`/api/school/certificates/preview?type=feecert&studentId=${aarav!.id}`, token);
    expect(preview.tuitionPaid).toBe(Math.round((paidSum * Number(cf!.tuition)) / Number(rec!.total)));
  });

  it('has the staff register: three staff without a sign-in and the school days of the last 30 days saved', async () => {
    const { token } = await signin('DEMO-P0001');
    const members = await get('/api/school/staffmembers', token);
    expect(members.items.map((m: { designation: string }) => m.designation).sort()).toEqual(['Attendant', 'Driver', 'Guard']);
    const today = localDate('Asia/Kolkata');
    const month = await get(`/api/school/staffattendance/month?month=${today.slice(0, 7)}`, token);
    expect(month.savedDays).toBeGreaterThan(0);
    const marks = month.people.map((p: { marks: string }) => p.marks).join('');
    expect(marks).toContain('P');
    expect(marks).toContain('D');
    expect(marks[Number(today.slice(8, 10)) - 1]).toBe('-');
    const day = await get(`/api/school/staffattendance?date=${today}`, token);
    expect(day).toMatchObject({ final: false, canMark: true });
    expect(day.people.filter((p: { kind: string }) => p.kind === 'member')).toHaveLength(3);
  });

  it('has leave: types, balances with some used, a teacher with periods today on CL today (arranged, open to the arrangement in-charge), an application waiting', async () => {
    const { token } = await signin('DEMO-P0001');
    const today = localDate('Asia/Kolkata');
    const types = await get('/api/school/leavetypes', token);
    expect(types.items.map((t: { code: string }) => t.code)).toEqual(['CL', 'EL', 'ML']);
    const day = await get(`/api/school/staffattendance?date=${today}`, token);
    const away = day.people.filter((p: { status: string; leaveCode: string | null }) => p.status === 'on_leave' && p.leaveCode === 'CL');
    expect(away).toHaveLength(1);
    const periodsToday = await env.db
      .select({ n: count() })
      .from(timetableEntries)
      .where(and(eq(timetableEntries.teacherId, away[0].personId), eq(timetableEntries.day, isoWeekday(today))));
    expect(periodsToday[0]!.n).toBeGreaterThan(0);
    const balances = await get(`/api/school/staffleave/balances?userId=${away[0].personId}`, token);
    expect(balances.balances.find((b: { code: string }) => b.code === 'CL')).toMatchObject({ used: 1, available: 11 });
    const pending = await get('/api/school/staffleave?status=pending', token);
    expect(pending.total).toBe(1);
    expect(pending.items[0]).toMatchObject({ code: 'EL', canDecide: true });
    expect(pending.items[0].fromDate > today).toBe(true);
    // The arrangement in-charge, a teacher, opens today's arrangement (periods of the teacher on CL).
    const arranger = await signin('DEMO-T0004');
    const arranged = await get(`/api/school/substitutions?date=${today}`, arranger.token);
    expect(arranged.periods.filter((p: { absentTeacherId: string }) => p.absentTeacherId === away[0].personId).length).toBe(periodsToday[0]!.n);
  });

  it("has leave asked by parents: one waiting for 5-A's class teacher, one approved in another class with its saved days on leave", async () => {
    const teacher = await signin('DEMO-T0001');
    const mineToDecide = await get('/api/school/leave', teacher.token);
    expect(mineToDecide.items.map((l: { status: string; class: { masterClass: string; section: string }; canDecide: boolean }) => [l.status, `${l.class.masterClass}-${l.class.section}`, l.canDecide])).toEqual([['pending', '5-A', true]]);
    const approved = (await get('/api/school/leave?status=approved', (await signin('DEMO-P0001')).token)).items;
    expect(approved).toHaveLength(1);
    const [marks] = await env.db.execute(sql`select count(*) filter (where status <> 'leave')::int as other, count(*)::int as n from attendance_marks
      where student_id = ${approved[0].studentId} and date between ${approved[0].fromDate}::date and ${approved[0].toDate}::date`).then((r) => rowsOf<{ other: number; n: number }>(r));
    expect(marks).toMatchObject({ other: 0, n: 2 });
  });

  it('runs once: a second start changes nothing', async () => {
    const tally = async () => ({
      users: (await env.db.select({ n: count() }).from(users))[0]!.n,
      classes: (await env.db.select({ n: count() }).from(classes))[0]!.n,
      placed: (await env.db.select({ n: count() }).from(classStudents))[0]!.n,
      sessions: (await env.db.select({ n: count() }).from(academicSessions))[0]!.n,
      periods: (await env.db.select({ n: count() }).from(periods))[0]!.n,
      cells: (await env.db.select({ n: count() }).from(timetableEntries))[0]!.n,
      holidays: (await env.db.select({ n: count() }).from(holidays))[0]!.n,
      marks: (await env.db.select({ n: count() }).from(attendanceMarks))[0]!.n,
      feeRecords: (await env.db.select({ n: count() }).from(feeRecords))[0]!.n,
      payments: (await env.db.select({ n: count() }).from(feePayments))[0]!.n,
    });
    const before = await tally();
    const again = await seedIfEmpty(env.database, { demo: true });
    expect(again).toEqual({ created: false, accounts: [] });
    expect(await tally()).toEqual(before);
  });
});
