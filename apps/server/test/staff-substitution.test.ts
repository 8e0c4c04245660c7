import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { StaffDay, SubstitutionCovers, SubstitutionDay } from '@shala/contract';
import { TEST_NOW } from '../../../scripts/test-clock.mjs';
import { classStudents, classSubjects, classes, notifications, periods, staffAttendance, subjects, substitutions, timetableEntries, users } from '../src/db/schema.js';
import { nowMs, setClock } from '../src/clock.js';
import { addDays, isoWeekday, localDate } from '../src/modules/calendar/days.js';
import { checkinTokenAt } from '../src/modules/staff/checkin.js';
import { seedDemoSubstitutions } from '../src/seed/demo-substitutions.js';
import { PLATFORM } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { everyRole, type TestEnv, type TestSchool, setupApp } from './helpers.js';
import { countStatements } from './statements.js';
import { pdfContent } from './pdf-text.js';

/**
 * Issue 42, the rest of the staff register: self check-in by the office's QR (the token's window
 * and mac, once a day, late after the grace, the campus without keeping the position), the staff
 * settings, and substitution (the uncovered periods of a date, the ranked candidates and the
 * greedy proposal, saving arrangements all or none, the substitute's period attendance, the
 * register's PDF, a teacher's covers). Dates come from the tests' fixed clock (a Wednesday, 10:00 IST).
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
let today: string;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) => env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const P = () => mine.users[113].token;

interface Teacher {
  id: string;
  token: string;
  name: string;
}
async function teacher(school: TestSchool, firstName: string): Promise<Teacher> {
  const u = await env.f.user(114, school, { firstName });
  return { id: u.id, token: await env.f.token(u), name: u.name };
}

async function addPeriod(school: TestSchool, name: string, start: number, end: number, isBreak = false) {
  const [p] = await env.db.insert(periods).values({ schoolId: school.id, sessionId: school.sessionId, name, startMinute: start, endMinute: end, isBreak }).returning();
  return p!.id;
}
async function addClass(school: TestSchool, name: string, section: string) {
  const [c] = await env.db.insert(classes).values({ schoolId: school.id, sessionId: school.sessionId, masterClass: name, name, section, classLimit: 60 }).returning();
  return c!.id;
}
async function addSubject(school: TestSchool, name: string) {
  const [s] = await env.db.insert(subjects).values({ schoolId: school.id, name }).returning();
  return s!.id;
}

// The scene: periods P1, P2 (first half), a break, P3, P4 (second half); classes 6 A, 6 B, 7 A.
// Away today: Asha (absent) teaches 6A P1, 6B P2, 7A P3, 6A P4; Esha (half_second: away in the
// first half) teaches 7A P1 and 7A P4. Bela teaches 6B P1. Chetan teaches 6 A's Maths (no cell);
// Dev and Farah teach nothing today.
let asha: Teacher, esha: Teacher, bela: Teacher, chetan: Teacher, dev: Teacher, farah: Teacher;
const pid: Record<string, string> = {};
const cid: Record<string, string> = {};
let maths: string;
let english: string;
let kids: string[] = [];

const page = async (date = today, token = P()) => {
  const res = await call('GET', `/api/school/substitutions?date=${date}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as SubstitutionDay;
};
const save = (items: object[], date = today, token = P()) => call('POST', '/api/school/substitutions', token, { date, items });
const settings = (body: object, token = P()) => call('PUT', '/api/school/staffsettings', token, { graceMinutes: 10, campus: null, dailyCoverCap: 2, weeklyCoverCap: 6, ...body });
const subsOf = (schoolId: string) => env.db.select().from(substitutions).where(eq(substitutions.schoolId, schoolId));

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  today = localDate('Asia/Kolkata');
  const s = mine.school;
  [asha, esha, bela, chetan, dev, farah] = (await Promise.all(['Asha', 'Esha', 'Bela', 'Chetan', 'Dev', 'Farah'].map((n) => teacher(s, n)))) as [Teacher, Teacher, Teacher, Teacher, Teacher, Teacher];
  pid.P1 = await addPeriod(s, 'P1', 480, 520);
  pid.P2 = await addPeriod(s, 'P2', 520, 560);
  pid.Break = await addPeriod(s, 'Break', 560, 580, true);
  pid.P3 = await addPeriod(s, 'P3', 580, 620);
  pid.P4 = await addPeriod(s, 'P4', 620, 660);
  cid['6A'] = await addClass(s, '6', 'A');
  cid['6B'] = await addClass(s, '6', 'B');
  cid['7A'] = await addClass(s, '7', 'A');
  maths = await addSubject(s, 'Maths');
  english = await addSubject(s, 'English');
  await env.db.insert(classSubjects).values([
    { schoolId: s.id, classId: cid['6A']!, subjectId: maths, teacherId: chetan.id },
    { schoolId: s.id, classId: cid['6A']!, subjectId: english, teacherId: asha.id },
    { schoolId: s.id, classId: cid['6B']!, subjectId: english, teacherId: asha.id },
    { schoolId: s.id, classId: cid['6B']!, subjectId: maths, teacherId: bela.id },
    { schoolId: s.id, classId: cid['7A']!, subjectId: english, teacherId: esha.id },
  ]);
  const day = isoWeekday(today);
  const cell = (cls: string, period: string, subjectId: string, t: Teacher) => ({ schoolId: s.id, sessionId: s.sessionId, classId: cid[cls]!, day, periodId: pid[period]!, subjectId, teacherId: t.id });
  await env.db.insert(timetableEntries).values([
    cell('6A', 'P1', maths, asha),
    cell('6B', 'P2', english, asha),
    cell('7A', 'P3', english, asha),
    cell('6A', 'P4', maths, asha),
    cell('7A', 'P1', english, esha),
    cell('7A', 'P4', english, esha),
    cell('6B', 'P1', maths, bela),
  ]);
  await env.db.insert(staffAttendance).values([
    { schoolId: s.id, date: today, userId: asha.id, status: 'absent' },
    { schoolId: s.id, date: today, userId: esha.id, status: 'half_second' },
  ]);
  const made = await env.db
    .insert(users)
    .values([1, 2].map((i) => ({ schoolId: s.id, roleId: 116, loginId: `${s.code}-KID${i}`, firstName: `Kid${i}`, lastName: 'Six', passwordHash: 'not-a-hash' })))
    .returning({ id: users.id });
  kids = made.map((k) => k.id);
  await env.db.insert(classStudents).values(kids.map((id, i) => ({ schoolId: s.id, sessionId: s.sessionId, classId: cid['6A']!, studentId: id, rollNo: i + 1 })));
});
afterAll(() => env?.close());
afterEach(() => setClock(TEST_NOW));

describe('substitution: the page', () => {
  it('lists the uncovered periods of a date with a teacher away, by period then class, in at most 3 statements', async () => {
    const { result: d, statements } = await countStatements(env, mine.school.id, () => page());
    expect(statements).toBeLessThanOrEqual(3);
    expect(d).toMatchObject({ date: today, dayKind: 'school', canArrange: true, dailyCap: 2, weeklyCap: 6 });
    expect(d.periods.map((p) => [p.periodName, `${p.class.className}${p.class.section}`, p.absentTeacherName, p.away])).toEqual([
      ['P1', '6A', asha.name, 'absent'],
      ['P1', '7A', esha.name, 'half_day'],
      ['P2', '6B', asha.name, 'absent'],
      ['P3', '7A', asha.name, 'absent'],
      ['P4', '6A', asha.name, 'absent'],
    ]);
    expect(d.away.map((a) => [a.fullName, a.away])).toEqual([
      [asha.name, 'absent'],
      [esha.name, 'half_day'],
    ]);
    // Bela teaches in P1: not a candidate there; Chetan teaches 6 A's Maths: first for 6 A.
    const p1 = d.periods[0]!;
    expect(p1.candidates.map((c) => c.teacherId)).not.toContain(bela.id);
    expect(p1.candidates[0]).toMatchObject({ teacherId: chetan.id, reasons: ['teaches_class', 'teaches_subject'], coversToday: 0 });
    expect(d.periods[2]!.candidates.map((c) => c.teacherId)).toContain(bela.id);
    // Esha is away only in the first half: free in P3.
    expect(d.periods[3]!.candidates.map((c) => c.teacherId)).toContain(esha.id);
    expect(p1.candidates.map((c) => c.teacherId)).not.toContain(esha.id);
    expect(d.teachers.map((t) => t.teacherId)).toEqual(expect.arrayContaining([chetan.id, dev.id, farah.id, bela.id, mine.users[114].id]));
    expect(d.teachers.map((t) => t.teacherId)).not.toContain(asha.id);
  });

  it('"Fill all" never proposes one teacher twice in a period and counts its picks against the daily cap', async () => {
    const check = (d: SubstitutionDay, cap: number) => {
      const byPeriod = new Map<string, string[]>();
      const byTeacher = new Map<string, number>();
      for (const p of d.periods) {
        if (!p.proposedId) continue;
        byPeriod.set(p.periodId, [...(byPeriod.get(p.periodId) ?? []), p.proposedId]);
        byTeacher.set(p.proposedId, (byTeacher.get(p.proposedId) ?? 0) + 1);
      }
      for (const ids of byPeriod.values()) expect(new Set(ids).size).toBe(ids.length);
      for (const n of byTeacher.values()) expect(n).toBeLessThanOrEqual(cap);
      return byTeacher;
    };
    const two = await page();
    check(two, 2);
    expect(two.periods.every((p) => p.proposedId !== null)).toBe(true);
    // Chetan teaches 6 A and its Maths: the first pick of 6 A's P1.
    expect(two.periods[0]!.proposedId).toBe(chetan.id);
    expect((await settings({ dailyCoverCap: 1 })).statusCode).toBe(200);
    try {
      const one = await page();
      expect(one.dailyCap).toBe(1);
      const byTeacher = check(one, 1);
      // Five periods, five teachers free somewhere (Chetan, Dev, Farah, the first teacher, Bela, Esha): one cover each.
      expect([...byTeacher.values()].reduce((a, b) => a + b, 0)).toBe(5);
      const later = one.periods.find((p) => p.periodName === 'P4')!;
      expect(later.candidates.find((c) => c.teacherId === one.periods[0]!.proposedId)).toBeUndefined();
    } finally {
      expect((await settings({})).statusCode).toBe(200);
    }
  });

  it('answers a weekly off, a date outside the session and a past date with nothing to arrange', async () => {
    let sunday = today;
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    expect(await page(sunday)).toMatchObject({ dayKind: 'weekly_off', canArrange: false, periods: [] });
    expect(await page('2030-01-02')).toMatchObject({ dayKind: 'outside_session', canArrange: false, periods: [] });
    expect((await page(addDays(today, -1))).canArrange).toBe(false);
  });
});

describe('substitution: saving', () => {
  it('refuses a period without a lesson, a teacher busy then, away or over the cap; writes nothing', async () => {
    const not = await save([{ periodId: pid.P2, assignClassId: cid['6A'], substituteId: dev.id }]);
    expect(not.statusCode).toBe(400);
    expect(not.json()).toMatchObject({ reason: 'not_uncovered', params: { period: 'P2', className: '6', section: 'A' } });
    const teaching = await save([{ periodId: pid.P1, assignClassId: cid['6A'], substituteId: bela.id }]);
    expect(teaching.statusCode).toBe(409);
    expect(teaching.json()).toMatchObject({ reason: 'substitute_busy', params: { name: bela.name, className: '6', section: 'B', period: 'P1' } });
    const away = await save([{ periodId: pid.P2, assignClassId: cid['6B'], substituteId: esha.id }]);
    expect(away.statusCode).toBe(409);
    expect(away.json()).toMatchObject({ reason: 'substitute_away', params: { name: esha.name } });
    const cap = await save([
      { periodId: pid.P2, assignClassId: cid['6B'], substituteId: farah.id },
      { periodId: pid.P3, assignClassId: cid['7A'], substituteId: farah.id },
      { periodId: pid.P4, assignClassId: cid['6A'], substituteId: farah.id },
    ]);
    expect(cap.statusCode).toBe(409);
    expect(cap.json()).toMatchObject({ reason: 'substitute_cap', params: { name: farah.name, cap: 2 } });
    expect(await subsOf(mine.school.id)).toHaveLength(0);
    expect((await save([{ periodId: pid.P1, assignClassId: cid['6A'], substituteId: theirs.users[114].id }])).statusCode).toBe(404);
  });

  it('one substitute in one period for two classes: 200, then 409 substitute_busy naming the first class; the substitute is told', async () => {
    const first = await save([{ periodId: pid.P1, assignClassId: cid['6A'], substituteId: dev.id }]);
    expect(first.statusCode, first.body).toBe(200);
    const d = first.json().result as SubstitutionDay;
    expect(d.periods[0]).toMatchObject({ substitute: { teacherId: dev.id, fullName: dev.name }, proposedId: dev.id });
    const second = await save([{ periodId: pid.P1, assignClassId: cid['7A'], substituteId: dev.id }]);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ reason: 'substitute_busy', params: { name: dev.name, className: '6', section: 'A', period: 'P1' } });
    const saved = await subsOf(mine.school.id);
    expect(saved.map((r) => [r.periodId, r.classId, r.substituteId, r.absentTeacherId, r.subjectId])).toEqual([[pid.P1, cid['6A'], dev.id, asha.id, maths]]);
    const told = await env.db.select().from(notifications).where(and(eq(notifications.userId, dev.id), eq(notifications.kind, 'substitution')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: '/teacherdashboard', params: { className: '6 A', period: 'P1', date: today, absent: asha.name } });
    // Dev sees its cover: its covers from today, and its dashboard's.
    const mineRes = await call('GET', `/api/school/substitutions/mine`, dev.token);
    expect(mineRes.statusCode, mineRes.body).toBe(200);
    const covers = mineRes.json().result as SubstitutionCovers;
    expect(covers).toMatchObject({ from: today, to: addDays(today, 6) });
    expect(covers.covers.map((c) => [c.date, c.periodName, c.class.section, c.subjectName, c.absentTeacherName, c.startTime])).toEqual([[today, 'P1', 'A', 'Maths', asha.name, '08:00']]);
    const home = await call('GET', '/api/dashboard/home', dev.token);
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().result.covers).toHaveLength(1);
  });

  it('the substitute saves that period’s attendance (200); another teacher and another period: 403', async () => {
    const body = (periodId: string) => ({ date: today, periodId, marks: kids.map((studentId) => ({ studentId, status: 'present' })) });
    const url = `/api/school/attendance/${cid['6A']}/${mine.school.sessionId}`;
    const view = await call('GET', `/api/school/attendance/${cid['6A']}/${today}/${pid.P1}`, dev.token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().result.canMark).toBe(true);
    const ok = await call('POST', url, dev.token, body(pid.P1!));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('POST', url, farah.token, body(pid.P1!))).statusCode).toBe(403);
    expect((await call('POST', url, dev.token, body(pid.P4!))).statusCode).toBe(403);
    expect((await call('GET', `/api/school/attendance/${cid['6A']}/${today}/${pid.P4}`, dev.token)).statusCode).toBe(403);
  });

  it('a save costs the same statements for 1 or 3 items; null removes', async () => {
    const one = await countStatements(env, mine.school.id, () => save([{ periodId: pid.P2, assignClassId: cid['6B'], substituteId: farah.id }]));
    expect(one.result.statusCode, one.result.body).toBe(200);
    const three = await countStatements(env, mine.school.id, () =>
      save([
        { periodId: pid.P2, assignClassId: cid['6B'], substituteId: null },
        { periodId: pid.P3, assignClassId: cid['7A'], substituteId: chetan.id },
        { periodId: pid.P4, assignClassId: cid['6A'], substituteId: chetan.id },
      ]),
    );
    expect(three.result.statusCode, three.result.body).toBe(200);
    expect(three.statements).toBe(one.statements);
    const d = three.result.json().result as SubstitutionDay;
    expect(d.periods.map((p) => p.substitute?.teacherId ?? null)).toEqual([dev.id, null, null, chetan.id, chetan.id]);
    expect(await subsOf(mine.school.id)).toHaveLength(3);
  });

  it('another school sees none of it: its page is its own, our ids are 404 to it', async () => {
    const other = await page(today, theirs.users[113].token);
    expect(other.periods).toEqual([]);
    const res = await save([{ periodId: pid.P1, assignClassId: cid['6A'], substituteId: theirs.users[114].id }], today, theirs.users[113].token);
    expect(res.statusCode).toBe(404);
    const mineOfTheirs = await call('GET', '/api/school/substitutions/mine', theirs.users[114].token);
    expect(mineOfTheirs.json().result.covers).toEqual([]);
    expect(await subsOf(theirs.school.id)).toHaveLength(0);
  });

  it('prints the register in English and Hindi, with the substitutes; an empty day says so', async () => {
    for (const lang of ['en', 'hi'] as const) {
      const res = await call('GET', `/api/school/substitutions/register?date=${today}&lang=${lang}`, P());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfContent(res.rawPayload).text;
      expect(text).toContain(dev.name);
      expect(text).toContain(chetan.name);
    }
    const empty = await call('GET', `/api/school/substitutions/register?date=${addDays(today, -1)}`, P());
    expect(pdfContent(empty.rawPayload).text).toContain('No arrangements');
    expect((await call('GET', `/api/school/substitutions/register?date=${today}`, mine.users[114].token)).statusCode).toBe(403);
  });
});

describe('substitution: at the same moment', () => {
  it('two saves of one substitute in one period for two classes at once: one 200, the other 409 substitute_busy', async () => {
    expect((await save([{ periodId: pid.P1, assignClassId: cid['6A'], substituteId: null }])).statusCode).toBe(200);
    const results = await Promise.all([
      save([{ periodId: pid.P1, assignClassId: cid['6A'], substituteId: farah.id }]),
      save([{ periodId: pid.P1, assignClassId: cid['7A'], substituteId: farah.id }]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ reason: 'substitute_busy' });
    const p1 = (await subsOf(mine.school.id)).filter((r) => r.periodId === pid.P1);
    expect(p1.map((r) => r.substituteId)).toEqual([farah.id]);
  });
});

describe('substitution: exchanges (two present teachers take each other’s lesson on a date)', () => {
  // Gita teaches 6 B in P3; Hari teaches 8 A in P1 and P3; Bela teaches 6 B in P1 (all present).
  let gita: Teacher, hari: Teacher;
  const mineOf = (ids: string[]) => subsOf(mine.school.id).then((rows) => rows.filter((r) => ids.includes(r.substituteId)));
  beforeAll(async () => {
    const s = mine.school;
    [gita, hari] = await Promise.all([teacher(s, 'Gita'), teacher(s, 'Hari')]);
    cid['8A'] = await addClass(s, '8', 'A');
    await env.db.insert(classSubjects).values({ schoolId: s.id, classId: cid['8A']!, subjectId: english, teacherId: hari.id });
    const day = isoWeekday(today);
    const cell = (cls: string, period: string, t: Teacher) => ({ schoolId: s.id, sessionId: s.sessionId, classId: cid[cls]!, day, periodId: pid[period]!, subjectId: english, teacherId: t.id });
    await env.db.insert(timetableEntries).values([cell('6B', 'P3', gita), cell('8A', 'P1', hari), cell('8A', 'P3', hari)]);
  });

  it('refuses a partner busy in the other’s period (409) and the lesson’s own teacher (400), writing nothing; one period’s exchange is taken back whole', async () => {
    const busy = await save([
      { periodId: pid.P3, assignClassId: cid['8A'], substituteId: bela.id },
      { periodId: pid.P1, assignClassId: cid['6B'], substituteId: hari.id },
    ]);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ reason: 'substitute_busy', params: { name: hari.name, className: '8', section: 'A', period: 'P1' } });
    const own = await save([{ periodId: pid.P1, assignClassId: cid['6B'], substituteId: bela.id }]);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ reason: 'substitute_own', params: { name: bela.name } });
    expect(await mineOf([bela.id, gita.id, hari.id])).toEqual([]);
    // In one period, each gives its own lesson to the other: both free; taking back one half alone is refused.
    const pair = [
      { periodId: pid.P3, assignClassId: cid['6B'], substituteId: hari.id },
      { periodId: pid.P3, assignClassId: cid['8A'], substituteId: gita.id },
    ];
    expect((await save(pair)).statusCode).toBe(200);
    const half = await save([{ ...pair[0]!, substituteId: null }]);
    expect(half.statusCode).toBe(409);
    expect(half.json()).toMatchObject({ reason: 'substitute_busy', params: { name: gita.name, className: '8', section: 'A', period: 'P3' } });
    expect(await mineOf([gita.id, hari.id])).toHaveLength(2);
    expect((await save(pair.map((i) => ({ ...i, substituteId: null })))).statusCode).toBe(200);
    expect(await mineOf([gita.id, hari.id])).toEqual([]);
  });

  it('saves both halves in one request: the page lists them as present, each teacher sees its cover; no cap counts them', async () => {
    const res = await save([
      { periodId: pid.P1, assignClassId: cid['6B'], substituteId: gita.id },
      { periodId: pid.P3, assignClassId: cid['6B'], substituteId: bela.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().result as SubstitutionDay;
    const present = d.periods.filter((p) => p.away === 'present');
    expect(present.map((p) => [p.periodName, `${p.class.className}${p.class.section}`, p.absentTeacherName, p.substitute?.teacherId])).toEqual([
      ['P1', '6B', bela.name, gita.id],
      ['P3', '6B', gita.name, bela.id],
    ]);
    // The lessons of teachers present all day, for the exchange picker: Asha and Esha are away.
    expect(d.cells.map((c) => c.teacherId)).not.toContain(asha.id);
    expect(d.cells.find((c) => c.teacherId === hari.id && c.periodId === pid.P1)).toMatchObject({ periodName: 'P1', class: { className: '8', section: 'A' }, subjectName: 'English', teacherName: hari.name });
    for (const [t, period, whose] of [[gita, 'P1', bela], [bela, 'P3', gita]] as const) {
      const covers = (await call('GET', '/api/school/substitutions/mine', t.token)).json().result as SubstitutionCovers;
      expect(covers.covers.map((c) => [c.periodName, `${c.class.className}${c.class.section}`, c.absentTeacherName])).toEqual([[period, '6B', whose.name]]);
    }
    // The register lists both halves, marked as an exchange.
    const register = await call('GET', `/api/school/substitutions/register?date=${today}&lang=en`, P());
    expect(pdfContent(register.rawPayload).text.match(/exchange/g)).toHaveLength(2);
    // An exchange's half is no extra period: Gita still takes two covers under the daily cap of 2.
    const covers = [
      { periodId: pid.P2, assignClassId: cid['6B'], substituteId: gita.id },
      { periodId: pid.P4, assignClassId: cid['6A'], substituteId: gita.id },
    ];
    const more = await save(covers);
    expect(more.statusCode, more.body).toBe(200);
    expect((await save(covers.map((i) => ({ ...i, substituteId: null })))).statusCode).toBe(200);
  });
});

describe('the arrangement duty: a teacher keeps the register only with it', () => {
  const duties = async (t: Teacher) => ((await call('GET', `/api/account/${t.id}`, t.token)).json().result as { duties: string[] }).duties;

  it('refuses a teacher without it (403, nothing written); the principal gives it in the settings, then the page and a save answer 200; taking it back refuses again', async () => {
    const before = await subsOf(mine.school.id);
    expect((await call('GET', `/api/school/substitutions?date=${today}`, bela.token)).statusCode).toBe(403);
    const refused = await save([{ periodId: pid.P2, assignClassId: cid['6B'], substituteId: dev.id }], today, bela.token);
    expect(refused.statusCode).toBe(403);
    expect(await subsOf(mine.school.id)).toEqual(before);
    expect(await duties(bela)).toEqual([]);

    const given = await settings({ arrangers: [bela.id, bela.id] });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().result.arrangers).toEqual([{ userId: bela.id, fullName: bela.name }]);
    expect(await duties(bela)).toEqual(['arrangement']);
    // Saving the settings without the field keeps the set.
    expect((await settings({})).json().result.arrangers).toEqual([{ userId: bela.id, fullName: bela.name }]);

    const d = await page(today, bela.token);
    const open = d.periods.find((p) => !p.substitute && p.candidates.length)!;
    const ok = await save([{ periodId: open.periodId, assignClassId: open.class.assignClassId, substituteId: open.candidates[0]!.teacherId }], today, bela.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await subsOf(mine.school.id)).find((r) => r.periodId === open.periodId && r.classId === open.class.assignClassId)).toMatchObject({ createdBy: bela.id });
    expect((await call('GET', `/api/school/substitutions/register?date=${today}`, bela.token)).statusCode).toBe(200);
    expect((await save([{ periodId: open.periodId, assignClassId: open.class.assignClassId, substituteId: null }], today, bela.token)).statusCode).toBe(200);

    expect((await settings({ arrangers: [] })).json().result.arrangers).toEqual([]);
    expect((await call('GET', `/api/school/substitutions?date=${today}`, bela.token)).statusCode).toBe(403);
    expect(await duties(bela)).toEqual([]);
  });

  it("refuses another school's teacher (404) and a user who is not an active teacher (400), changing nothing", async () => {
    expect((await settings({ arrangers: [dev.id] })).statusCode).toBe(200);
    const foreign = await settings({ arrangers: [farah.id, theirs.users[114].id], dailyCoverCap: 3 });
    expect(foreign.statusCode).toBe(404);
    const parent = await settings({ arrangers: [mine.users[115].id] });
    expect(parent.statusCode).toBe(400);
    expect(parent.json()).toMatchObject({ reason: 'not_a_teacher', field: 'arrangers' });
    const got = (await call('GET', '/api/school/staffsettings', P())).json().result;
    expect(got).toMatchObject({ dailyCoverCap: 2, arrangers: [{ userId: dev.id, fullName: dev.name }] });
    // Only the admins give it.
    expect((await settings({ arrangers: [dev.id] }, dev.token)).statusCode).toBe(403);
    expect((await settings({ arrangers: [] })).statusCode).toBe(200);
  });
});

describe('the demo’s arrangement', () => {
  it('arranges today’s uncovered periods with the proposal when a teacher is away, and nothing when no one is', async () => {
    const w = await everyRole(env);
    const away = await teacher(w.school, 'Leela');
    const free = await teacher(w.school, 'Mohan');
    const p = await addPeriod(w.school, 'First', 480, 520);
    const c = await addClass(w.school, '8', 'A');
    const subject = await addSubject(w.school, 'Science');
    await env.db.insert(classSubjects).values({ schoolId: w.school.id, classId: c, subjectId: subject, teacherId: away.id });
    await env.db.insert(timetableEntries).values({ schoolId: w.school.id, sessionId: w.school.sessionId, classId: c, day: isoWeekday(today), periodId: p, subjectId: subject, teacherId: away.id });
    const seed = () => env.database.transaction(PLATFORM, (tx) => seedDemoSubstitutions(tx, { schoolId: w.school.id, sessionId: w.school.sessionId, timeZone: 'Asia/Kolkata', principalId: w.users[113].id }));
    expect(await seed()).toBe(0);
    await env.db.insert(staffAttendance).values({ schoolId: w.school.id, date: today, userId: away.id, status: 'on_leave' });
    expect(await seed()).toBe(1);
    const saved = await subsOf(w.school.id);
    expect(saved).toHaveLength(1);
    // The proposal: the school's first teacher and Mohan are free; by name, Mohan comes first ("Mohan Test" < "User114 Test").
    expect(saved[0]).toMatchObject({ periodId: p, classId: c, absentTeacherId: away.id, substituteId: free.id, date: today });
    expect(await seed()).toBe(0);
  });
});

describe('self check-in', () => {
  let ck: Awaited<ReturnType<typeof everyRole>>;
  let staff: Teacher[];
  const checkin = (token: string, body: object) => call('POST', '/api/school/staffattendance/checkin', token, body);
  const rowOf = async (userId: string) => (await env.db.select().from(staffAttendance).where(and(eq(staffAttendance.userId, userId), eq(staffAttendance.date, today))))[0];
  const tokenAt = (atMs: number, schoolId = ck.school.id) => checkinTokenAt(env.app.deps, schoolId, atMs);

  beforeAll(async () => {
    ck = await everyRole(env);
    staff = await Promise.all(['K1', 'K2', 'K3', 'K4', 'K5', 'K6'].map((n) => teacher(ck.school, n)));
    await addPeriod(ck.school, 'Assembly', 465, 480, true);
    await addPeriod(ck.school, 'First', 480, 520);
  });

  it('shows the office a QR of this window, its refresh and the day’s check-ins', async () => {
    const res = await call('GET', '/api/school/staffattendance/qr', ck.users[113].token);
    expect(res.statusCode, res.body).toBe(200);
    const qr = res.json().result;
    expect(qr.token).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    expect(qr.url).toBe(`http://localhost:${env.config.PORT}/sms_frontend/checkin?t=${qr.token}`);
    expect(qr.svg).toContain('<svg');
    expect(Date.parse(qr.refreshAt) % 30_000).toBe(0);
    expect(Date.parse(qr.refreshAt)).toBeGreaterThan(nowMs() - 1000);
    expect(qr.checkedIn).toBe(0);
    expect((await call('GET', '/api/school/staffattendance/qr', ck.users[114].token)).statusCode).toBe(403);
  });

  it('refuses a forged, a 61-second-old or another school’s code with 400 qr_invalid, writing nothing', async () => {
    const t = staff[0]!;
    const good = tokenAt(nowMs());
    const forged = `${good.split('.')[0]}.${'A'.repeat(22)}`;
    for (const token of [forged, tokenAt(nowMs() - 61_000), tokenAt(nowMs(), mine.school.id), tokenAt(nowMs() + 60_000)]) {
      const res = await checkin(t.token, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ reason: 'qr_invalid' });
    }
    expect((await checkin(t.token, { token: 'not-a-token' })).statusCode).toBe(400);
    expect(await rowOf(t.id)).toBeUndefined();
  });

  it('accepts this window and the previous one, once a day; on time within the grace, late after it', async () => {
    setClock('2026-11-25T02:35:00Z'); // 08:05 IST: 5 minutes after the first period, within 10
    const a = await checkin(staff[0]!.token, { token: tokenAt(nowMs()) });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().result).toMatchObject({ date: today, lateMinutes: 0, inside: null });
    const again = await checkin(staff[0]!.token, { token: tokenAt(nowMs()) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'already_checked_in', params: { time: a.json().result.checkInAt } });
    setClock('2026-11-25T02:55:00Z'); // 08:25 IST: 25 minutes late
    const b = await checkin(staff[1]!.token, { token: tokenAt(nowMs() - 30_000) });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().result.lateMinutes).toBe(25);
    expect(await rowOf(staff[1]!.id)).toMatchObject({ status: 'present', lateMinutes: 25, checkInInside: null, checkInAccuracy: null });
    const qr = await call('GET', '/api/school/staffattendance/qr', ck.users[113].token);
    expect(qr.json().result.checkedIn).toBe(2);
  });

  it('keeps a saved status (leave) and sets only the check-in; refuses a day that is not a school day', async () => {
    await env.db.insert(staffAttendance).values({ schoolId: ck.school.id, date: today, userId: staff[2]!.id, status: 'half_first' });
    const res = await checkin(staff[2]!.token, { token: tokenAt(nowMs()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(staff[2]!.id)).toMatchObject({ status: 'half_first' });
    let sunday = today;
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    setClock(`${sunday}T04:30:00Z`);
    const off = await checkin(staff[3]!.token, { token: tokenAt(nowMs()) });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ reason: 'checkin_not_school_day' });
  });

  it('with a campus: no position 400; inside and outside kept with the accuracy; the position never stored', async () => {
    const campus = { latitude: 26.9124, longitude: 75.7873, radiusMetres: 200 };
    const put = await settings({ campus, graceMinutes: 5 }, ck.users[112].token);
    expect(put.statusCode, put.body).toBe(200);
    const got = await call('GET', '/api/school/staffsettings', ck.users[113].token);
    expect(got.json().result).toEqual({ graceMinutes: 5, campus, dailyCoverCap: 2, weeklyCoverCap: 6, arrangers: [] });
    const none = await checkin(staff[3]!.token, { token: tokenAt(nowMs()) });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ reason: 'position_needed' });
    const inside = await checkin(staff[3]!.token, { token: tokenAt(nowMs()), position: { latitude: 26.9130, longitude: 75.7875, accuracy: 12.6 } });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().result.inside).toBe(true);
    const outside = await checkin(staff[4]!.token, { token: tokenAt(nowMs()), position: { latitude: 26.95, longitude: 75.80, accuracy: 30 } });
    expect(outside.json().result.inside).toBe(false);
    expect(await rowOf(staff[3]!.id)).toMatchObject({ checkInInside: true, checkInAccuracy: 13 });
    expect(await rowOf(staff[4]!.id)).toMatchObject({ checkInInside: false, checkInAccuracy: 30 });
    const columns = rowsOf<{ column_name: string }>(await env.db.execute(sql`select column_name from information_schema.columns where table_name = 'staff_attendance'`)).map((c) => c.column_name);
    expect(columns.filter((c) => /latitude|longitude|position/.test(c))).toEqual([]);
    const day = (await call('GET', `/api/school/staffattendance?date=${today}`, ck.users[113].token)).json().result as StaffDay;
    expect(day.people.find((p) => p.personId === staff[3]!.id)).toMatchObject({ checkInInside: true });
    expect(day.people.find((p) => p.personId === staff[4]!.id)).toMatchObject({ checkInInside: false });
    expect((await settings({ campus: { ...campus, radiusMetres: 5 } }, ck.users[113].token)).statusCode).toBe(400);
    expect((await settings({}, ck.users[114].token)).statusCode).toBe(403);
  });
});
