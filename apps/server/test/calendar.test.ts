import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { academicSessions, attendanceMarks, classes, holidays, notifications, periods } from '../src/db/schema.js';
import { isoWeekday, localDate, monthDates } from '../src/modules/calendar/days.js';
import { everyRole, setupApp, type TestEnv, type TestUser } from './helpers.js';

// Holidays (a date or a range inside the session, never overlapping, optionally announced to
// chosen roles), holiday notices, and the month calendar with a student's attendance.

let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let theirs: Awaited<ReturnType<typeof everyRole>>;
/** The parent's (mine.users[115]) child, and a student of the school that is not its child. */
let child: TestUser;
let stranger: TestUser;
/** A later session of the school, starting mid-April (a month that straddles its start), all in the future. */
let farSessionId: string;

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  theirs = await everyRole(env);
  child = await env.f.user(116, mine.school, { parentUserId: mine.users[115].id });
  stranger = await env.f.user(116, mine.school);
  const [far] = await env.db
    .insert(academicSessions)
    .values({ schoolId: mine.school.id, label: '2040-41', startDate: '2040-04-15', endDate: '2041-03-31' })
    .returning();
  farSessionId = far!.id;
});
afterAll(() => env?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? { token } : {}, payload });
const P = () => mine.users[113].token;

const holidaysOf = (schoolId: string) =>
  env.db.select().from(holidays).where(eq(holidays.schoolId, schoolId)).orderBy(asc(holidays.startDate), asc(holidays.id));
/** The holiday notifications of a title (stored as kind and params). */
const holidayNotes = (title: string) =>
  env.db.select().from(notifications).where(and(eq(notifications.kind, 'holiday'), sql`${notifications.params}->>'title' = ${title}`));
const add = async (body: object, token = P()) => {
  const res = await call('POST', '/api/school/holidays', token, { sessionId: mine.school.sessionId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { holidayId: string; startDate: string; endDate: string; days: number; title: string };
};

describe('adding a holiday', () => {
  it('adds a range or one day; refuses other roles, bad input, another school’s session', async () => {
    const body = { sessionId: mine.school.sessionId, title: 'Diwali', description: 'Festival of lights', startDate: '2026-11-08', endDate: '2026-11-10' };
    expect((await call('POST', '/api/school/holidays', undefined, body)).statusCode).toBe(401);
    for (const role of [111, 112, 114, 115, 116] as const) {
      expect((await call('POST', '/api/school/holidays', mine.users[role].token, body)).statusCode, String(role)).toBe(403);
    }
    for (const bad of [
      { ...body, title: '' },
      { ...body, endDate: '2026-11-07' },
      { ...body, startDate: '2026-02-30' },
      { ...body, sessionId: 'nope' },
      { ...body, notifyRoles: [111] },
      { ...body, title: 'Bad\u0000title' },
    ]) {
      const res = await call('POST', '/api/school/holidays', P(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('POST', '/api/school/holidays', P(), { ...body, sessionId: theirs.school.sessionId })).statusCode).toBe(404);
    expect((await call('POST', '/api/school/holidays', P(), { ...body, sessionId: randomUUID() })).statusCode).toBe(404);
    expect(await holidaysOf(mine.school.id)).toEqual([]);
    expect(await holidaysOf(theirs.school.id)).toEqual([]);

    const res = await call('POST', '/api/school/holidays', P(), body);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      sessionId: mine.school.sessionId,
      title: 'Diwali',
      description: 'Festival of lights',
      startDate: '2026-11-08',
      endDate: '2026-11-10',
      days: 3,
    });
    const one = await add({ title: 'Guru Nanak Jayanti', startDate: '2026-11-24' });
    expect(one).toMatchObject({ startDate: '2026-11-24', endDate: '2026-11-24', days: 1 });
  });

  it('refuses a holiday outside its session, naming the session; nothing is saved', async () => {
    const before = await holidaysOf(mine.school.id);
    const early = await call('POST', '/api/school/holidays', P(), { sessionId: mine.school.sessionId, title: 'Holi', startDate: '2026-03-20' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      reason: 'holiday_outside_session',
      field: 'startDate',
      params: { label: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31' },
    });
    // A range that runs past the session's last day.
    const late = await call('POST', '/api/school/holidays', P(), { sessionId: mine.school.sessionId, title: 'Break', startDate: '2027-03-30', endDate: '2027-04-02' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ reason: 'holiday_outside_session', field: 'endDate' });
    expect(await holidaysOf(mine.school.id)).toEqual(before);
  });

  it('refuses a holiday that overlaps another of the session, naming it; nothing is saved; other sessions and schools are free', async () => {
    const before = await holidaysOf(mine.school.id);
    for (const dates of [
      { startDate: '2026-11-10' },
      { startDate: '2026-11-05', endDate: '2026-11-08' },
      { startDate: '2026-11-01', endDate: '2026-11-30' },
    ]) {
      const res = await call('POST', '/api/school/holidays', P(), { sessionId: mine.school.sessionId, title: 'Clash', ...dates, notifyRoles: [115] });
      expect(res.statusCode, JSON.stringify(dates)).toBe(409);
      expect(res.json()).toMatchObject({ error: 'CONFLICT', reason: 'holiday_overlap', params: { title: expect.any(String) } });
    }
    const named = await call('POST', '/api/school/holidays', P(), { sessionId: mine.school.sessionId, title: 'Clash', startDate: '2026-11-09' });
    expect(named.json().params).toEqual({ title: 'Diwali' });
    expect(await holidaysOf(mine.school.id)).toEqual(before);
    expect(await holidayNotes('Clash')).toEqual([]);
    // The same dates in another school.
    const other = await call('POST', '/api/school/holidays', theirs.users[113].token, { sessionId: theirs.school.sessionId, title: 'Diwali', startDate: '2026-11-08', endDate: '2026-11-10' });
    expect(other.statusCode).toBe(200);
  });

  it('notifies every active user of the chosen roles of the school, in one go; not others, not the author', async () => {
    const teacher2 = await env.f.user(114, mine.school);
    const parent2 = await env.f.user(115, mine.school);
    const inactiveParent = await env.f.user(115, mine.school, { status: false });
    const secondPrincipal = await env.f.user(113, mine.school);
    const h = await add({ title: 'Winter break', startDate: '2026-12-25', endDate: '2027-01-01', notifyRoles: [115, 114, 113] });
    const sent = await holidayNotes('Winter break');
    const recipients = sent.map((n) => n.userId).sort();
    expect(recipients).toEqual([mine.users[114].id, mine.users[115].id, teacher2.id, parent2.id, secondPrincipal.id].sort());
    expect(recipients).not.toContain(inactiveParent.id);
    expect(recipients).not.toContain(mine.users[113].id); // the author
    expect(recipients).not.toContain(theirs.users[115].id);
    const params = { title: 'Winter break', startDate: '2026-12-25', endDate: '2027-01-01' };
    for (const n of sent) expect(n).toMatchObject({ schoolId: mine.school.id, senderId: mine.users[113].id, senderName: mine.users[113].name, readAt: null, message: '', params });
    // The parent reads it in its bell.
    const bell = await call('GET', '/api/notifications', mine.users[115].token);
    expect(bell.json().result.items).toContainEqual(expect.objectContaining({ kind: 'holiday', params }));
    // One day: the message names one date; no roles: nobody.
    await add({ title: 'Christmas eve', startDate: '2026-12-24', notifyRoles: [116] });
    expect((await holidayNotes('Christmas eve')).map((n) => n.userId).sort()).toEqual(
      [mine.users[116].id, child.id, stranger.id].sort(),
    );
    const quiet = await add({ title: 'Quiet day', startDate: '2026-12-23' });
    expect(await holidayNotes('Quiet day')).toEqual([]);
    expect(h.days).toBe(8);
    expect(quiet.days).toBe(1);
  });
});

describe('listing holidays and the notices', () => {
  it('lists a session’s holidays by date, a page at a time, to every school role; upcoming only when asked', async () => {
    const url = `/api/school/holidays/${mine.school.sessionId}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, mine.users[111].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/school/holidays/nope', P())).statusCode).toBe(400);
    expect((await call('GET', `${url}?pageSize=500`, P())).statusCode).toBe(400);
    expect((await call('GET', `/api/school/holidays/${theirs.school.sessionId}`, P())).statusCode).toBe(404);
    expect((await call('GET', `/api/school/holidays/${randomUUID()}`, P())).statusCode).toBe(404);
    await add({ title: 'Summer break', startDate: '2026-05-15', endDate: '2026-06-15' });

    for (const role of [112, 113, 114, 115, 116] as const) {
      const res = await call('GET', url, mine.users[role].token);
      expect(res.statusCode).toBe(200);
      const { items, total } = res.json().result;
      expect(total).toBe(6);
      expect(items.map((h: { startDate: string }) => h.startDate)).toEqual(['2026-05-15', '2026-11-08', '2026-11-24', '2026-12-23', '2026-12-24', '2026-12-25']);
    }
    const page2 = (await call('GET', `${url}?page=2&pageSize=4`, P())).json().result;
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page2.items.map((h: { title: string }) => h.title)).toEqual(['Christmas eve', 'Winter break']);
    const past = (await call('GET', `${url}?page=9`, P())).json().result;
    expect(past).toMatchObject({ items: [], total: 6 });
    // The summer break is over whatever day the tests run.
    const upcoming = (await call('GET', `${url}?upcoming=true`, P())).json().result;
    expect(upcoming.items.map((h: { title: string }) => h.title)).not.toContain('Summer break');
    // `upcoming=false` is the whole list (a query string's "false" is not true).
    expect((await call('GET', `${url}?upcoming=false`, P())).json().result.total).toBe(6);
    // Another school's list holds only its own.
    const theirList = (await call('GET', `/api/school/holidays/${theirs.school.sessionId}`, theirs.users[112].token)).json().result;
    expect(theirList.total).toBe(1);
  });

  it('notices: the coming holidays of the session (current by default), soonest first, ten at most', async () => {
    expect((await call('GET', '/api/school/adminnoticeboard')).statusCode).toBe(401);
    expect((await call('GET', '/api/school/adminnoticeboard', mine.users[111].token)).statusCode).toBe(403);
    expect((await call('GET', '/api/school/adminnoticeboard?sessionId=nope', P())).statusCode).toBe(400);
    expect((await call('GET', `/api/school/adminnoticeboard?sessionId=${theirs.school.sessionId}`, P())).statusCode).toBe(404);

    const current = (await call('GET', '/api/school/adminnoticeboard', mine.users[116].token)).json().result as { title: string; startDate: string }[];
    expect(current.map((h) => h.title)).not.toContain('Summer break');
    expect(current.map((h) => h.startDate)).toEqual([...current.map((h) => h.startDate)].sort());

    for (let i = 0; i < 12; i++) {
      const day = String(i + 1).padStart(2, '0');
      await add({ sessionId: farSessionId, title: `Far ${day}`, startDate: `2040-05-${day}` });
    }
    for (const role of [112, 113, 114, 115, 116] as const) {
      const res = await call('GET', `/api/school/adminnoticeboard?sessionId=${farSessionId}`, mine.users[role].token);
      expect(res.statusCode).toBe(200);
      expect(res.json().result.map((h: { title: string }) => h.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Far ${String(i + 1).padStart(2, '0')}`));
    }
    // A school with no current session has no notices.
    await env.db.update(academicSessions).set({ isCurrent: false }).where(eq(academicSessions.id, theirs.school.sessionId));
    try {
      const none = await call('GET', '/api/school/adminnoticeboard', theirs.users[115].token);
      expect(none.statusCode).toBe(200);
      expect(none.json().result).toEqual([]);
    } finally {
      await env.db.update(academicSessions).set({ isCurrent: true }).where(eq(academicSessions.id, theirs.school.sessionId));
    }
  });
});

describe('editing and removing a holiday', () => {
  it('edits title, description and dates under the same rules; a refused edit changes nothing', async () => {
    const h = await add({ title: 'Sports day', startDate: '2027-02-10', endDate: '2027-02-11' });
    const url = `/api/school/holidays/${h.holidayId}`;
    expect((await call('PATCH', url, undefined, { title: 'Games' })).statusCode).toBe(401);
    expect((await call('PATCH', url, mine.users[112].token, { title: 'Games' })).statusCode).toBe(403);
    expect((await call('PATCH', url, mine.users[114].token, { title: 'Games' })).statusCode).toBe(403);
    expect((await call('PATCH', url, P(), { title: '' })).statusCode).toBe(400);
    expect((await call('PATCH', url, P(), { startDate: '2027-02-12', endDate: '2027-02-11' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/school/holidays/nope', P(), { title: 'Games' })).statusCode).toBe(400);
    expect((await call('PATCH', url, theirs.users[113].token, { title: 'Games' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/school/holidays/${randomUUID()}`, P(), { title: 'Games' })).statusCode).toBe(404);

    const before = await holidaysOf(mine.school.id);
    const outside = await call('PATCH', url, P(), { endDate: '2027-04-05' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ reason: 'holiday_outside_session', field: 'endDate', params: { label: '2026-27' } });
    const overlap = await call('PATCH', url, P(), { startDate: '2026-12-31', endDate: '2027-01-02' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ reason: 'holiday_overlap', params: { title: 'Winter break' } });
    // A range given only a later first day than its last: refused, not a server error.
    const reversed = await call('PATCH', url, P(), { startDate: '2027-02-20' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ field: 'endDate' });
    expect(await holidaysOf(mine.school.id)).toEqual(before);

    // Its own dates never overlap itself.
    const moved = await call('PATCH', url, P(), { title: 'Annual sports day', description: 'On the big ground', startDate: '2027-02-11', endDate: '2027-02-13' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().result).toMatchObject({ holidayId: h.holidayId, title: 'Annual sports day', description: 'On the big ground', startDate: '2027-02-11', endDate: '2027-02-13', days: 3 });
    // endDate null: one day; then a new first day moves the one day.
    expect((await call('PATCH', url, P(), { endDate: null })).json().result).toMatchObject({ startDate: '2027-02-11', endDate: '2027-02-11', days: 1 });
    expect((await call('PATCH', url, P(), { startDate: '2027-02-15', description: null })).json().result).toMatchObject({
      startDate: '2027-02-15',
      endDate: '2027-02-15',
      description: null,
      title: 'Annual sports day',
    });
  });

  it('removes a holiday; another school’s or a removed one answers 404', async () => {
    const h = await add({ title: 'Remove me', startDate: '2027-03-01' });
    const url = `/api/school/holidays/${h.holidayId}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, mine.users[112].token)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/school/holidays/nope', P())).statusCode).toBe(400);
    const before = await holidaysOf(mine.school.id);
    expect((await call('DELETE', url, theirs.users[113].token)).statusCode).toBe(404);
    expect(await holidaysOf(mine.school.id)).toEqual(before);
    const res = await call('DELETE', url, P());
    expect(res.statusCode).toBe(200);
    expect((await holidaysOf(mine.school.id)).map((x) => x.id)).not.toContain(h.holidayId);
    expect((await call('DELETE', url, P())).statusCode).toBe(404);
  });
});

describe('the month calendar', () => {
  type Day = { date: string; kind: string; holidayTitle: string | null; status: string | null };
  let classId: string;

  beforeAll(async () => {
    const [c] = await env.db
      .insert(classes)
      .values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, masterClass: '5', name: '5', section: 'A' })
      .returning();
    classId = c!.id;
    const [period] = await env.db
      .insert(periods)
      .values({ schoolId: mine.school.id, sessionId: mine.school.sessionId, name: 'First', startMinute: 540, endMinute: 580 })
      .returning();
    const mark = (studentId: string, date: string, status: string, periodId: string | null = null) => ({
      schoolId: mine.school.id,
      sessionId: mine.school.sessionId,
      classId,
      studentId,
      date,
      status,
      periodId,
    });
    await env.db.insert(attendanceMarks).values([
      mark(child.id, '2026-07-01', 'present'),
      mark(child.id, '2026-07-02', 'absent'),
      mark(child.id, '2026-07-03', 'late'),
      mark(child.id, '2026-07-04', 'leave'),
      mark(child.id, '2026-07-06', 'absent', period!.id), // a period's mark is not the day's
      mark(child.id, '2026-08-03', 'present'), // another month
      mark(stranger.id, '2026-07-01', 'absent'),
      mark(mine.users[116].id, '2026-07-01', 'present'),
    ]);
    await add({ title: 'Founders day', startDate: '2026-07-10' });
  });

  const month = (url: string, token?: string) => call('GET', url, token);

  it('answers 401, 400, 403 and 404 as it should', async () => {
    expect((await month('/api/school/calendar/2026-07')).statusCode).toBe(401);
    expect((await month('/api/school/calendar/2026-07', mine.users[111].token)).statusCode).toBe(403);
    for (const bad of ['2026-13', '2026-7', '1999-12', '2026-07?studentId=nope', '2026-07?sessionId=nope']) {
      expect((await month(`/api/school/calendar/${bad}`, P())).statusCode, bad).toBe(400);
    }
    expect((await month(`/api/school/calendar/2026-07?sessionId=${theirs.school.sessionId}`, P())).statusCode).toBe(404);
    expect((await month(`/api/school/calendar/2026-07?studentId=${theirs.users[116].id}`, P())).statusCode).toBe(404);
    // A student sees only itself; a parent only its children; a teacher is not a student.
    expect((await month(`/api/school/calendar/2026-07?studentId=${child.id}`, mine.users[116].token)).statusCode).toBe(404);
    expect((await month(`/api/school/calendar/2026-07?studentId=${stranger.id}`, mine.users[115].token)).statusCode).toBe(404);
    expect((await month(`/api/school/calendar/2026-07?studentId=${mine.users[114].id}`, P())).statusCode).toBe(404);
  });

  it('gives every day its kind and the month’s holidays; no attendance without a student', async () => {
    for (const role of [112, 113, 114, 115] as const) {
      const res = await month('/api/school/calendar/2026-07', mine.users[role].token);
      expect(res.statusCode).toBe(200);
      const result = res.json().result as { month: string; today: string; days: Day[]; counts: unknown; holidays: { title: string; days: number }[] };
      expect(result.month).toBe('2026-07');
      // Today in the school's time zone (Asia/Kolkata), whatever the server's.
      expect(result.today).toBe(localDate('Asia/Kolkata'));
      expect(result.counts).toBeNull();
      expect(result.days.map((d) => d.date)).toEqual(monthDates('2026-07'));
      for (const d of result.days) {
        expect(d.status).toBeNull();
        if (d.date === '2026-07-10') expect(d).toMatchObject({ kind: 'holiday', holidayTitle: 'Founders day' });
        else expect(d.kind, d.date).toBe(isoWeekday(d.date) === 7 ? 'weekly_off' : 'school');
      }
      expect(result.holidays).toEqual([expect.objectContaining({ title: 'Founders day', days: 1 })]);
    }
    // A range's every day is a holiday; the month before the session is outside it.
    const nov = (await month('/api/school/calendar/2026-11', P())).json().result as { days: Day[] };
    expect(nov.days.filter((d) => d.kind === 'holiday').map((d) => d.date)).toEqual(['2026-11-08', '2026-11-09', '2026-11-10', '2026-11-24']);
    const march = (await month('/api/school/calendar/2026-03', P())).json().result as { days: Day[]; holidays: unknown[] };
    expect(new Set(march.days.map((d) => d.kind))).toEqual(new Set(['outside_session']));
  });

  it('a month straddling the start of a later session: days before it are outside; the rest still to come', async () => {
    const res = await month(`/api/school/calendar/2040-04?sessionId=${farSessionId}`, mine.users[114].token);
    expect(res.statusCode).toBe(200);
    const days = res.json().result.days as Day[];
    for (const d of days) {
      const expected = d.date < '2040-04-15' ? 'outside_session' : isoWeekday(d.date) === 7 ? 'weekly_off' : 'future';
      expect(d.kind, d.date).toBe(expected);
    }
  });

  it('a child’s attendance day by day with the month’s counts: for its parent, itself, admins and teachers', async () => {
    const expectChild = (result: { days: Day[]; counts: unknown }) => {
      const status = Object.fromEntries(result.days.filter((d) => d.status).map((d) => [d.date, d.status]));
      expect(status).toEqual({ '2026-07-01': 'present', '2026-07-02': 'absent', '2026-07-03': 'late', '2026-07-04': 'leave' });
      expect(result.counts).toEqual({ present: 1, absent: 1, late: 1, leave: 1, marked: 4, percent: 50 });
    };
    const url = `/api/school/calendar/2026-07?studentId=${child.id}`;
    for (const token of [mine.users[115].token, mine.users[112].token, P(), mine.users[114].token]) {
      const res = await month(url, token);
      expect(res.statusCode).toBe(200);
      expectChild(res.json().result);
    }
    const self = await env.f.token(child);
    expectChild((await month('/api/school/calendar/2026-07', self)).json().result);
    expectChild((await month(`${url}&sessionId=${mine.school.sessionId}`, self)).json().result);
    // Another student's own month; a month with nothing marked has no percentage.
    const other = (await month('/api/school/calendar/2026-07', mine.users[116].token)).json().result;
    expect(other.counts).toMatchObject({ present: 1, marked: 1, percent: 100 });
    const empty = (await month('/api/school/calendar/2026-09', self)).json().result;
    expect(empty.counts).toEqual({ present: 0, absent: 0, late: 0, leave: 0, marked: 0, percent: null });
    // The same month in another session: outside it, so no marks.
    const far = (await month(`/api/school/calendar/2026-07?sessionId=${farSessionId}`, self)).json().result;
    expect(far.counts).toMatchObject({ marked: 0, percent: null });
    // The marks stay as they were.
    const rows = await env.db.select().from(attendanceMarks).where(and(eq(attendanceMarks.studentId, child.id), eq(attendanceMarks.classId, classId)));
    expect(rows).toHaveLength(6);
  });
});
