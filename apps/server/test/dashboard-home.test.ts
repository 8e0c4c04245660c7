import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DASHBOARD_PAGES, type DashboardHome, type DashboardStudentCards } from '@shala/contract';
import { academicSessions, attendanceMarks, classSubjects, classStudents, classes, schools, subjects } from '../src/db/schema.js';
import { addDays, localDate } from '../src/modules/calendar/days.js';
import { addRecord, setClassFee, type FeeSchool } from './fees-fixture.js';
import { setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { countStatements } from './statements.js';

/**
 * `GET /api/dashboard/home`: the landing page's one answer (issue 41). For every role, each part
 * is what its own route answers the same caller for the same session; a parent sees its own
 * children only; nothing of another school appears; the session is the one asked for when it is
 * the school's, else the current one; and its statements do not grow with the school.
 */

type Signed = TestUser & { token: string };
interface World {
  school: TestSchool;
  today: string;
  owner: Signed;
  admin: Signed;
  principal: Signed;
  teacher: Signed;
  parent: Signed;
  /** The parent's children: in 5-A (with fees and class work) and in 6-A. */
  child: Signed;
  sibling: Signed;
  /** Another family's child in 5-A. */
  classmate: Signed;
  classIds: string[];
  notices: string[];
}

let env: TestEnv;
let mine: World;
let theirs: World;

const call = (url: string, token?: string) => env.app.inject({ url, headers: token ? { token } : {} });
async function get<T = unknown>(url: string, token: string): Promise<T> {
  const res = await call(url, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().result as T;
}
const home = (token: string, sessionId?: string) => get<DashboardHome>(`/api/dashboard/home${sessionId ? `?sessionId=${sessionId}` : ''}`, token);

async function signed(role: 111 | 112 | 113 | 114 | 115 | 116, school: TestSchool | null, over: { parentUserId?: string; firstName?: string } = {}): Promise<Signed> {
  const u = await env.f.user(role, school, over);
  return { ...u, token: await env.f.token(u) };
}

/**
 * A school with 5-A (its class teacher teaches Maths there) and 6-A, a family with a child in each,
 * another family's child in 5-A, fees for the first child, class work in both classes, six notices
 * (the board shows five) and today's attendance of 5-A. The notices and the class work ring the bell.
 */
async function world(tag: string): Promise<World> {
  const school = await env.f.school();
  const [tz] = await env.db.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, school.id));
  const today = localDate(tz!.tz);
  const owner = await signed(111, null);
  const admin = await signed(112, school);
  const principal = await signed(113, school);
  const teacher = await signed(114, school);
  const parent = await signed(115, school);
  const other = await signed(115, school);
  const child = await signed(116, school, { parentUserId: parent.id, firstName: `Asha${tag}` });
  const sibling = await signed(116, school, { parentUserId: parent.id, firstName: `Bela${tag}` });
  const classmate = await signed(116, school, { parentUserId: other.id, firstName: `Chetan${tag}` });
  const [five, six] = await env.db
    .insert(classes)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A', classTeacherId: teacher.id },
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '6', name: '6', section: 'A' },
    ])
    .returning();
  const [maths] = await env.db.insert(subjects).values({ schoolId: school.id, name: `Maths ${tag}` }).returning();
  await env.db.insert(classSubjects).values([
    { schoolId: school.id, classId: five!.id, subjectId: maths!.id, teacherId: teacher.id },
    { schoolId: school.id, classId: six!.id, subjectId: maths!.id, teacherId: teacher.id },
  ]);
  await env.db.insert(classStudents).values([
    { schoolId: school.id, sessionId: school.sessionId, classId: five!.id, studentId: child.id, rollNo: 1 },
    { schoolId: school.id, sessionId: school.sessionId, classId: five!.id, studentId: classmate.id, rollNo: 2 },
    { schoolId: school.id, sessionId: school.sessionId, classId: six!.id, studentId: sibling.id, rollNo: 1 },
  ]);
  const fees: FeeSchool = { school, classId: five!.id, students: [child, classmate], parent, principal, admin };
  await setClassFee(env, school, five!.id, { academic: 400_000, convenience: 0, development: 0, tuition: 1_200_000, other: 0, taxBp: 0 });
  // Four monthly instalments from 40 days ago: the first paid, the second overdue, two to come.
  await addRecord(env, fees, child, { instalments: 4, start: addDays(today, -40), paidCount: 1 });
  await addRecord(env, fees, classmate, { instalments: 2, start: today });

  const notices: string[] = [];
  for (let i = 1; i <= 6; i++) {
    const title = `Notice ${tag} ${i}`;
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/school/noticeboard',
      headers: { token: principal.token },
      payload: { title, description: `About ${title}.`, date: today, roles: [112, 113, 114, 115, 116] },
    });
    expect(res.statusCode, res.body).toBe(200);
    notices.push(title);
  }
  for (const [classId, n] of [
    [five!.id, 4],
    [six!.id, 1],
  ] as const) {
    for (let i = 1; i <= n; i++) {
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/school/class/work',
        headers: { token: teacher.token },
        payload: { assignClassId: classId, subjectId: maths!.id, title: `Work ${tag} ${i}`, description: 'Questions 1 to 10.', date: today, dueDate: null, files: [] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const marked = await env.app.inject({
    method: 'POST',
    url: `/api/school/attendance/${five!.id}/${school.sessionId}`,
    headers: { token: teacher.token },
    payload: {
      date: today,
      marks: [
        { studentId: child.id, status: 'present' },
        { studentId: classmate.id, status: 'absent' },
      ],
    },
  });
  expect(marked.statusCode, marked.body).toBe(200);
  return { school, today, owner, admin, principal, teacher, parent, child, sibling, classmate, classIds: [five!.id, six!.id], notices };
}

beforeAll(async () => {
  env = await setupApp();
  mine = await world('Mine');
  theirs = await world('Theirs');
});
afterAll(() => env?.close());

/** What the header, the bell and the notice board's routes answer. */
async function expectHeaderAsRoutes(answer: DashboardHome, user: Signed) {
  expect(answer.profile).toEqual(await get(`/api/account/${user.id}`, user.token));
  expect(answer.notifications).toEqual(await get(`/api/notifications?page=1&pageSize=${DASHBOARD_PAGES.notifications}`, user.token));
  expect(answer.sessions).toEqual(await get('/api/school/session', user.token));
}

async function expectSchoolDayAsRoutes(answer: Extract<DashboardHome, { board: unknown }>, user: Signed) {
  const session = answer.sessionId!;
  expect(answer.board).toEqual(await get(`/api/school/noticeboard/board?page=1&pageSize=${DASHBOARD_PAGES.board}`, user.token));
  expect(answer.attendance).toEqual(await get(`/api/school/attendance/summary?sessionId=${session}`, user.token));
}

async function expectStudentAsRoutes(cards: DashboardStudentCards, user: Signed, sessionId: string) {
  expect(cards.studentClass).toEqual(await get(`/api/school/studentclass/${cards.studentId}?sessionId=${sessionId}`, user.token));
  expect(cards.fees).toEqual(await get(`/api/school/feerecord/emi/student/${cards.studentId}/${sessionId}`, user.token));
  const classId = cards.studentClass?.class?.assignClassId;
  expect(classId).toBeTruthy();
  expect(cards.classWork).toEqual(await get(`/api/school/class/work/class/${classId}?page=1&pageSize=${DASHBOARD_PAGES.classWork}`, user.token));
}

const month = (w: World) => w.today.slice(0, 7);

describe('GET /api/dashboard/home', () => {
  it('answers 401 without a session and 400 for a session id that is not one', async () => {
    expect((await call('/api/dashboard/home')).statusCode).toBe(401);
    expect((await call('/api/dashboard/home?sessionId=nope', mine.principal.token)).statusCode).toBe(400);
  });

  it("gives the admins the school's counts, today, the calendar, the notices and the fees at a glance: what each route answers", async () => {
    for (const user of [mine.admin, mine.principal]) {
      const answer = await home(user.token);
      if (answer.kind !== 'admin') throw new Error(`expected the admins' dashboard, got ${answer.kind}`);
      expect(answer.sessionId).toBe(mine.school.sessionId);
      await expectHeaderAsRoutes(answer, user);
      await expectSchoolDayAsRoutes(answer, user);
      expect(answer.counts).toEqual((await get<{ counts: unknown }>(`/api/dashboard?sessionId=${mine.school.sessionId}`, user.token)).counts);
      expect(answer.counts).toMatchObject({ students: 3, parents: 2, classes: 2 });
      expect(answer.fees).toEqual(await get(`/api/school/feesummary?sessionId=${mine.school.sessionId}`, user.token));
      expect(answer.fees!.records).toBe(2);
      expect(answer.calendar).toEqual(await get(`/api/school/calendar/${month(mine)}?sessionId=${mine.school.sessionId}`, user.token));
      // The board's first page of six notices; the bell rang for each notice.
      expect(answer.board.items.map((n) => n.title)).toEqual(mine.notices.slice(1).reverse());
      expect(answer.board.total).toBe(6);
      expect(answer.attendance.school).toMatchObject({ present: 1, absent: 1, classesMarked: 1 });
    }
    // The bell of the others rang for each notice (the principal wrote them).
    expect((await home(mine.admin.token)).notifications.unread).toBe(6);
  });

  it("gives a teacher its own classes' counts and today, the calendar and the notices", async () => {
    const answer = await home(mine.teacher.token);
    if (answer.kind !== 'teacher') throw new Error(`expected a teacher's dashboard, got ${answer.kind}`);
    await expectHeaderAsRoutes(answer, mine.teacher);
    await expectSchoolDayAsRoutes(answer, mine.teacher);
    expect(answer.counts).toEqual((await get<{ counts: unknown }>(`/api/dashboard?sessionId=${mine.school.sessionId}`, mine.teacher.token)).counts);
    expect(answer.counts).toEqual({ classes: 2, students: 3 });
    expect(answer.attendance.classes.map((c) => c.assignClassId)).toEqual([mine.classIds[0]]);
    expect(answer.calendar).toEqual(await get(`/api/school/calendar/${month(mine)}?sessionId=${mine.school.sessionId}`, mine.teacher.token));
    expect('fees' in answer).toBe(false);
  });

  it("gives a parent its own children only: their cards, calendars, class work and fees, as each route answers", async () => {
    const answer = await home(mine.parent.token);
    if (answer.kind !== 'parent') throw new Error(`expected a parent's dashboard, got ${answer.kind}`);
    await expectHeaderAsRoutes(answer, mine.parent);
    await expectSchoolDayAsRoutes(answer, mine.parent);
    const own = [mine.child.id, mine.sibling.id];
    expect(answer.children).toEqual(await get('/api/dashboard/children', mine.parent.token));
    expect(answer.myChildren).toEqual(await get('/api/parent/children', mine.parent.token));
    expect(answer.children.children.map((c) => c.studentId)).toEqual(own);
    expect(answer.myChildren.map((c) => c.userId)).toEqual(own);
    expect(answer.attendance.children.map((c) => c.studentId)).toEqual(own);
    expect(answer.calendars.map((c) => c.studentId)).toEqual(own);
    for (const { studentId, month: cal } of answer.calendars) {
      expect(cal).toEqual(await get(`/api/school/calendar/${month(mine)}?sessionId=${mine.school.sessionId}&studentId=${studentId}`, mine.parent.token));
    }
    expect(answer.calendars[0]!.month!.counts).toMatchObject({ present: 1 });
    expect(answer.students.map((s) => s.studentId)).toEqual(own);
    for (const cards of answer.students) await expectStudentAsRoutes(cards, mine.parent, mine.school.sessionId);
    // The first child's latest three of its class's four works; its fees: one paid, the rest to pay.
    const [first, second] = answer.students;
    expect(first!.classWork).toMatchObject({ total: 4, page: 1, pageSize: DASHBOARD_PAGES.classWork });
    expect(first!.classWork!.items).toHaveLength(3);
    expect(first!.fees!.instalments.map((i) => i.state)).toEqual(['paid', 'overdue', 'due', 'due']);
    expect(second!.classWork!.total).toBe(1);
    expect(second!.fees!.record).toBeNull();
    // Another family's child is nowhere in the answer.
    expect(JSON.stringify(answer)).not.toContain(mine.classmate.id);
    expect('counts' in answer).toBe(false);
    // The bell: six notices and the class work of both children's classes (four and one).
    expect(answer.notifications.unread).toBe(11);
  });

  it('gives a student its own counts, today, calendar, class work and fees', async () => {
    const answer = await home(mine.child.token);
    if (answer.kind !== 'student') throw new Error(`expected a student's dashboard, got ${answer.kind}`);
    await expectHeaderAsRoutes(answer, mine.child);
    await expectSchoolDayAsRoutes(answer, mine.child);
    expect(answer.counts).toEqual((await get<{ counts: unknown }>(`/api/dashboard?sessionId=${mine.school.sessionId}`, mine.child.token)).counts);
    expect(answer.calendar).toEqual(await get(`/api/school/calendar/${month(mine)}?sessionId=${mine.school.sessionId}&studentId=${mine.child.id}`, mine.child.token));
    expect(answer.student!.studentId).toBe(mine.child.id);
    await expectStudentAsRoutes(answer.student!, mine.child, mine.school.sessionId);
    expect(answer.attendance.children.map((c) => c.studentId)).toEqual([mine.child.id]);
    expect(JSON.stringify(answer)).not.toContain(mine.classmate.id);
    expect(JSON.stringify(answer)).not.toContain(mine.sibling.id);
  });

  it("gives the platform owner every school's counts, its profile and its bell", async () => {
    const answer = await home(mine.owner.token);
    expect(answer).toEqual({
      kind: 'platform',
      profile: await get(`/api/account/${mine.owner.id}`, mine.owner.token),
      notifications: await get(`/api/notifications?page=1&pageSize=${DASHBOARD_PAGES.notifications}`, mine.owner.token),
      sessions: [],
      sessionId: null,
      counts: (await get<{ counts: unknown }>('/api/dashboard', mine.owner.token)).counts,
    });
  });

  it("never shows another school's data", async () => {
    const foreign = [
      theirs.school.id,
      theirs.school.sessionId,
      theirs.school.name,
      ...theirs.classIds,
      ...[theirs.admin, theirs.principal, theirs.teacher, theirs.parent, theirs.child, theirs.sibling, theirs.classmate].map((u) => u.id),
      ...theirs.notices,
      'Work Theirs',
      'Maths Theirs',
    ];
    for (const user of [mine.admin, mine.principal, mine.teacher, mine.parent, mine.child]) {
      const text = JSON.stringify(await home(user.token));
      for (const value of foreign) expect(text, `${user.loginId} sees ${value}`).not.toContain(value);
      // Naming another school's session changes nothing: the caller's current one is shown.
      const asked = await home(user.token, theirs.school.sessionId);
      expect(asked.sessionId).toBe(mine.school.sessionId);
      expect(JSON.stringify(asked)).toBe(text);
    }
  });

  it("is of the session asked for when it is the school's", async () => {
    const [next] = await env.db
      .insert(academicSessions)
      .values({ schoolId: mine.school.id, label: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31', isCurrent: false })
      .returning();
    await env.db.insert(classes).values({ schoolId: mine.school.id, sessionId: next!.id, masterClass: '6', name: '6', section: 'B' });
    const answer = await home(mine.principal.token, next!.id);
    if (answer.kind !== 'admin') throw new Error(`expected the admins' dashboard, got ${answer.kind}`);
    expect(answer.sessionId).toBe(next!.id);
    expect(answer.sessions.map((s) => s.sessionId)).toEqual([next!.id, mine.school.sessionId]);
    expect(answer.counts).toEqual((await get<{ counts: unknown }>(`/api/dashboard?sessionId=${next!.id}`, mine.principal.token)).counts);
    expect(answer.counts.classes).toBe(1);
    expect(answer.attendance).toEqual(await get(`/api/school/attendance/summary?sessionId=${next!.id}`, mine.principal.token));
    expect(answer.fees).toEqual(await get(`/api/school/feesummary?sessionId=${next!.id}`, mine.principal.token));
    // The calendar opens on the session's first month (today is before it).
    expect(answer.calendar!.month).toBe('2027-04');
    expect(answer.calendar).toEqual(await get(`/api/school/calendar/2027-04?sessionId=${next!.id}`, mine.principal.token));
    // A parent's children have no class in it yet: their cards say so, as the routes do.
    const parent = await home(mine.parent.token, next!.id);
    if (parent.kind !== 'parent') throw new Error(`expected a parent's dashboard, got ${parent.kind}`);
    expect(parent.students.map((s) => [s.studentId, s.studentClass?.class ?? null, s.classWork])).toEqual([
      [mine.child.id, null, null],
      [mine.sibling.id, null, null],
    ]);
    await env.db.delete(classes).where(eq(classes.sessionId, next!.id));
    await env.db.delete(academicSessions).where(eq(academicSessions.id, next!.id));
  });

  it("costs the same number of statements in a bigger school", async () => {
    const cost = async (w: World) => (await countStatements(env, w.school.id, () => home(w.principal.token))).statements;
    const before = await cost(theirs);
    // Theirs grows by 40 students in 5-A, marked today.
    const more: TestUser[] = [];
    for (let i = 0; i < 40; i++) more.push(await env.f.user(116, theirs.school, { firstName: `More${i}` }));
    await env.db.insert(classStudents).values(more.map((s, i) => ({ schoolId: theirs.school.id, sessionId: theirs.school.sessionId, classId: theirs.classIds[0]!, studentId: s.id, rollNo: i + 3 })));
    await env.db.insert(attendanceMarks).values(
      more.map((s) => ({ schoolId: theirs.school.id, sessionId: theirs.school.sessionId, classId: theirs.classIds[0]!, studentId: s.id, date: theirs.today, status: 'present' as const, periodId: null })),
    );
    expect(await cost(theirs)).toBe(before);
    expect(await cost(mine)).toBe(before);
  });
});
