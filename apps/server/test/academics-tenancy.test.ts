import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count } from 'drizzle-orm';
import { API, type ApiRoute, type Role } from '@shala/contract';
import {
  academicSessions,
  attendanceLogs,
  attendanceMarks,
  classStudents,
  classSubjects,
  classes,
  holidays,
  notifications,
  periods,
  subjects,
  timetableEntries,
} from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool } from './helpers.js';
import { namesRecords, request, shapeOf } from './academic-routes.js';

/**
 * Generated from the contract: every academics and school-day route that names a record (a
 * session, class, subject, teacher, student, period or holiday, in its path, query or body) is
 * sent another school's records, for
 * each role it admits. Each answers 404 and changes nothing. For a set of ids (students, subjects,
 * assignments, roll numbers) one id of another school among the caller's own makes the whole
 * request 404 (the bulk access check), and nothing is saved.
 */

interface Records {
  session: string;
  laterSession: string;
  classA: string;
  classB: string;
  laterClass: string;
  subject: string;
  teacher: string;
  /** A student in class A. */
  placed: string;
  /** A student in no class. */
  free: string;
  period: string;
  holiday: string;
}

let env: TestEnv;
let mine: Records;
let theirs: Records;
let tokens: Record<Role, string>;

async function records(school: TestSchool): Promise<Records> {
  const [later] = await env.db
    .insert(academicSessions)
    .values({ schoolId: school.id, label: '2027-28', startDate: '2027-04-01', endDate: '2028-03-31' })
    .returning();
  const [a, b, l] = await env.db
    .insert(classes)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'A', classLimit: 40 },
      { schoolId: school.id, sessionId: school.sessionId, masterClass: '5', name: '5', section: 'B', classLimit: 40 },
      { schoolId: school.id, sessionId: later!.id, masterClass: '6', name: '6', section: 'A', classLimit: 40 },
    ])
    .returning();
  const [subject] = await env.db.insert(subjects).values({ schoolId: school.id, name: 'Mathematics', masterCode: 'MATH' }).returning();
  const teacher = await env.f.user(114, school);
  const placed = await env.f.user(116, school);
  const free = await env.f.user(116, school);
  await env.db.insert(classSubjects).values({ schoolId: school.id, classId: a!.id, subjectId: subject!.id, teacherId: teacher.id });
  await env.db.insert(classStudents).values({ schoolId: school.id, sessionId: school.sessionId, classId: a!.id, studentId: placed.id, rollNo: 1 });
  const [period] = await env.db.insert(periods).values({ schoolId: school.id, sessionId: school.sessionId, name: 'First', startMinute: 480, endMinute: 520 }).returning();
  const [holiday] = await env.db
    .insert(holidays)
    .values({ schoolId: school.id, sessionId: school.sessionId, title: 'Diwali', startDate: '2026-11-09', endDate: '2026-11-10' })
    .returning();
  await env.db.insert(timetableEntries).values({ schoolId: school.id, sessionId: school.sessionId, classId: a!.id, day: 1, periodId: period!.id, subjectId: subject!.id, teacherId: teacher.id });
  await env.db.insert(attendanceMarks).values({ schoolId: school.id, sessionId: school.sessionId, classId: a!.id, studentId: placed.id, date: '2026-11-20', status: 'present' });
  return {
    period: period!.id,
    holiday: holiday!.id,
    session: school.sessionId,
    laterSession: later!.id,
    classA: a!.id,
    classB: b!.id,
    laterClass: l!.id,
    subject: subject!.id,
    teacher: teacher.id,
    placed: placed.id,
    free: free.id,
  };
}

/** The id a field takes, by its name (and, for `userId`, where it sits). */
function idFor(r: Records, key: string, parent: string | null): string | null {
  switch (key) {
    case 'sessionId':
      return r.session;
    case 'assignClassId':
    case 'fromAssignClassId':
      return r.classA;
    case 'toAssignClassId':
      return r.laterClass;
    case 'subjectId':
    case 'subjectIds':
      return r.subject;
    case 'teacherId':
    case 'classTeacherId':
      return r.teacher;
    case 'studentIds':
      return r.free;
    case 'periodId':
      return r.period;
    case 'holidayId':
      return r.holiday;
    case 'studentId':
    case 'heldBackIds':
    case 'userId':
      return parent === 'rollNumbers' || parent === null ? r.placed : r.placed;
    default:
      return null;
  }
}

async function digest() {
  return JSON.stringify([
    await env.db.select().from(academicSessions).orderBy(asc(academicSessions.id)),
    await env.db.select().from(subjects).orderBy(asc(subjects.id)),
    await env.db.select().from(classes).orderBy(asc(classes.id)),
    await env.db.select().from(classSubjects).orderBy(asc(classSubjects.classId), asc(classSubjects.subjectId)),
    await env.db.select().from(classStudents).orderBy(asc(classStudents.studentId), asc(classStudents.sessionId)),
    await env.db.select().from(periods).orderBy(asc(periods.id)),
    await env.db.select().from(holidays).orderBy(asc(holidays.id)),
    await env.db.select().from(timetableEntries).orderBy(asc(timetableEntries.classId), asc(timetableEntries.day), asc(timetableEntries.periodId)),
    await env.db.select().from(attendanceMarks).orderBy(asc(attendanceMarks.studentId), asc(attendanceMarks.date)),
    await env.db.select({ n: count() }).from(attendanceLogs),
    await env.db.select({ n: count() }).from(notifications),
  ]);
}

const routes = (Object.entries(API) as [string, ApiRoute][]).filter(([, r]) => r.roles !== 'public' && namesRecords(r));

beforeAll(async () => {
  env = await setupApp();
  const me = await everyRole(env);
  tokens = Object.fromEntries(Object.entries(me.users).map(([role, u]) => [role, u.token])) as Record<Role, string>;
  mine = await records(me.school);
  theirs = await records(await env.f.school());
}, 120_000);

afterAll(async () => {
  await env?.close();
});

it('finds the academics routes that name records', () => {
  const names = routes.map(([name]) => name);
  for (const name of [
    ...['assignedClass', 'assignClass', 'assignStudents', 'promote', 'classUpdate', 'subjectUpdate', 'sessionUpdate', 'studentClass', 'teacherClasses'],
    ...['periodList', 'periodCreate', 'periodUpdate', 'periodDelete', 'timetableGet', 'timetableSave', 'timetableTeacher'],
    ...['holidayList', 'holidayCreate', 'holidayUpdate', 'holidayDelete', 'holidayNotices', 'calendar'],
    ...['attendanceSave', 'attendanceDay', 'attendancePeriod', 'attendanceDayDetail', 'attendanceMonth', 'attendanceLogs', 'attendanceSummary'],
  ]) {
    expect(names).toContain(name);
  }
});

describe.each(routes)("%s with another school's records", (_name, route) => {
  const roles = (route.roles as readonly Role[]).filter((r) => r !== 111);

  it.each(roles)('role %i: 404, nothing changed', async (role) => {
    // (An unregistered route would answer 404 too.)
    expect(env.app.hasRoute({ method: route.method, url: route.url })).toBe(true);
    const before = await digest();
    const req = request(route, (key, parent) => idFor(theirs, key, parent));
    const res = await env.app.inject({ ...req, headers: { token: tokens[role] } });
    expect({ route: route.url, status: res.statusCode, body: res.json() as unknown }).toMatchObject({ route: route.url, status: 404 });
    expect(await digest()).toEqual(before);
  });

  // A set with one foreign id among the caller's own: the whole request is refused.
  const arrays = route.body ? Object.entries(shapeOf(route.body)).filter(([k]) => ['studentIds', 'subjectIds', 'assignments', 'rollNumbers', 'heldBackIds'].includes(k)) : [];
  it.each(arrays.map(([k]) => k))('a set with one id of another school in %s: 404, nothing saved', async (field) => {
    expect(env.app.hasRoute({ method: route.method, url: route.url })).toBe(true);
    const before = await digest();
    const foreignLast = (key: string): unknown[] | null => {
      if (key !== field) return null;
      switch (field) {
        case 'studentIds':
          return [mine.free, theirs.free];
        case 'subjectIds':
          return [mine.subject, theirs.subject];
        case 'heldBackIds':
          return [mine.placed, theirs.placed];
        case 'assignments':
          return [
            { subjectId: mine.subject, teacherId: mine.teacher },
            { subjectId: theirs.subject, teacherId: mine.teacher },
          ];
        case 'rollNumbers':
          return [
            { userId: mine.placed, rollNo: 7 },
            { userId: theirs.placed, rollNo: 8 },
          ];
        default:
          return null;
      }
    };
    const req = request(route, (key, parent) => idFor(mine, key, parent), foreignLast);
    const res = await env.app.inject({ ...req, headers: { token: tokens[113] } });
    expect({ route: route.url, status: res.statusCode, body: res.json() as unknown }).toMatchObject({ route: route.url, status: 404 });
    expect(await digest()).toEqual(before);
  });
});
