import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count } from 'drizzle-orm';
import { API, type ApiRoute, type Role } from '@shala/contract';
import { classFeeTotal } from '@shala/contract';
import {
  academicSessions,
  attendanceLogs,
  classFees,
  feeInstalments,
  feePayments,
  feeReceiptCounters,
  examMarkCorrections,
  examMarks,
  examNotes,
  examSchemes,
  exams,
  reportCardBatches,
  feeRecords,
  feeTypes,
  attendanceMarks,
  classStudents,
  classSubjects,
  classes,
  holidays,
  leaveBalances,
  leaveTypes,
  notifications,
  periods,
  staffDuties,
  subjects,
  timetableEntries,
} from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool } from './helpers.js';
import { namesRecords, request, shapeOf } from './academic-routes.js';

/**
 * Generated from the contract: every academics, school-day and fee route that names a record (a
 * session, class, subject, teacher, student, period, holiday, fee type, fee record, instalment or
 * payment, exam, in its path, query or body) is sent another school's records, for
 * each role it admits. Each answers 404 and changes nothing. For a set of ids (students, subjects,
 * assignments, roll numbers) one id of another school among the caller's own makes the whole
 * request 404 (the bulk access check), and nothing is saved.
 */

interface Records {
  leaveType: string;
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
  /** A second student in class A, without a fee record (fee records are made for it). */
  placed2: string;
  feeType: string;
  /** The fee record of `placed`: two instalments, the first paid. */
  feeRecord: string;
  emiPaid: string;
  emiDue: string;
  payment: string;
  /** The batch of that payment (one collection at the fee counter). */
  batch: string;
  /** A draft exam of the session (class A's marks and notes are entered in it). */
  exam: string;
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
  const placed2 = await env.f.user(116, school);
  const free = await env.f.user(116, school);
  await env.db.insert(classSubjects).values({ schoolId: school.id, classId: a!.id, subjectId: subject!.id, teacherId: teacher.id });
  await env.db.insert(classStudents).values([
    { schoolId: school.id, sessionId: school.sessionId, classId: a!.id, studentId: placed.id, rollNo: 1 },
    { schoolId: school.id, sessionId: school.sessionId, classId: a!.id, studentId: placed2.id, rollNo: 2 },
  ]);
  const [period] = await env.db.insert(periods).values({ schoolId: school.id, sessionId: school.sessionId, name: 'First', startMinute: 480, endMinute: 520 }).returning();
  const [holiday] = await env.db
    .insert(holidays)
    .values({ schoolId: school.id, sessionId: school.sessionId, title: 'Diwali', startDate: '2026-11-09', endDate: '2026-11-10' })
    .returning();
  await env.db.insert(timetableEntries).values({ schoolId: school.id, sessionId: school.sessionId, classId: a!.id, day: 1, periodId: period!.id, subjectId: subject!.id, teacherId: teacher.id });
  await env.db.insert(attendanceMarks).values({ schoolId: school.id, sessionId: school.sessionId, classId: a!.id, studentId: placed.id, date: '2026-11-20', status: 'present' });
  const fee = { academic: 100_000, convenience: 0, development: 0, tuition: 900_000, other: 0, taxBp: 0 };
  await env.db.insert(classFees).values({ schoolId: school.id, classId: a!.id, sessionId: school.sessionId, ...fee, total: classFeeTotal(fee).total });
  const [feeType] = await env.db.insert(feeTypes).values({ schoolId: school.id, name: 'Transport', kind: 'amount', value: 600_000 }).returning();
  const [record] = await env.db
    .insert(feeRecords)
    .values({ schoolId: school.id, sessionId: school.sessionId, classId: a!.id, studentId: placed.id, classFee: 1_000_000, total: 1_000_000, paid: 500_000 })
    .returning();
  const [emiPaid, emiDue] = await env.db
    .insert(feeInstalments)
    .values([
      { schoolId: school.id, sessionId: school.sessionId, feeRecordId: record!.id, seq: 1, dueDate: '2026-05-10', amount: 500_000, paid: true },
      { schoolId: school.id, sessionId: school.sessionId, feeRecordId: record!.id, seq: 2, dueDate: '2026-06-10', amount: 500_000 },
    ])
    .returning();
  await env.db.insert(feeReceiptCounters).values({ schoolId: school.id, sessionId: school.sessionId, lastNo: 1 });
  const [payment] = await env.db
    .insert(feePayments)
    .values({ schoolId: school.id, sessionId: school.sessionId, feeRecordId: record!.id, instalmentId: emiPaid!.id, seq: 1, receiptNo: 1, amount: 500_000, mode: 'cash', paidOn: '2026-05-09', batchId: randomUUID() })
    .returning();
  const [exam] = await env.db
    .insert(exams)
    .values({ schoolId: school.id, sessionId: school.sessionId, name: 'Half-Yearly', weight: 50, maxMarks: 80, termStart: '2026-04-01', termEnd: '2026-09-30' })
    .returning();
  const [leaveType] = await env.db.insert(leaveTypes).values({ schoolId: school.id, code: 'CL', name: 'Casual leave', daysPerSession: 24 }).returning();
  return {
    leaveType: leaveType!.id,
    exam: exam!.id,
    placed2: placed2.id,
    feeType: feeType!.id,
    feeRecord: record!.id,
    emiPaid: emiPaid!.id,
    emiDue: emiDue!.id,
    payment: payment!.id,
    batch: payment!.batchId!,
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

/** The id a field takes, by its name (and, for `userId`, where it sits, and the route). */
function idFor(r: Records, key: string, parent: string | null, routeName = ''): string | null {
  switch (key) {
    case 'feeTypeId':
    case 'feeTypeIds':
      return r.feeType;
    case 'feeRecordId':
      return r.feeRecord;
    case 'emiId':
      // Marking paid takes the unpaid instalment; reversing the paid one.
      return routeName === 'emiReverse' ? r.emiPaid : r.emiDue;
    case 'paymentId':
      return r.payment;
    case 'batchId':
      return r.batch;
    case 'examId':
      return r.exam;
    case 'sessionId':
      return r.session;
    case 'assignClassId':
    case 'fromAssignClassId':
    case 'classIds':
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
      // Fee records are made for a student of the class that has none yet.
      return routeName === 'feeRecordCreate' ? r.placed2 : r.free;
    case 'periodId':
      return r.period;
    case 'holidayId':
      return r.holiday;
    case 'leaveTypeId':
      return r.leaveType;
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
    await env.db.select().from(feeTypes).orderBy(asc(feeTypes.id)),
    await env.db.select().from(classFees).orderBy(asc(classFees.classId)),
    await env.db.select().from(feeRecords).orderBy(asc(feeRecords.id)),
    await env.db.select().from(feeInstalments).orderBy(asc(feeInstalments.id)),
    await env.db.select().from(feePayments).orderBy(asc(feePayments.id)),
    await env.db.select().from(feeReceiptCounters).orderBy(asc(feeReceiptCounters.sessionId)),
    await env.db.select({ n: count() }).from(notifications),
    await env.db.select().from(examSchemes).orderBy(asc(examSchemes.sessionId)),
    await env.db.select().from(exams).orderBy(asc(exams.id)),
    await env.db.select().from(examMarks).orderBy(asc(examMarks.examId), asc(examMarks.studentId), asc(examMarks.subjectId)),
    await env.db.select().from(examNotes).orderBy(asc(examNotes.examId), asc(examNotes.studentId)),
    await env.db.select({ n: count() }).from(examMarkCorrections),
    await env.db.select({ n: count() }).from(reportCardBatches),
    await env.db.select().from(leaveBalances).orderBy(asc(leaveBalances.userId), asc(leaveBalances.leaveTypeId)),
  ]);
}

const routes = (Object.entries(API) as [string, ApiRoute][]).filter(([, r]) => r.roles !== 'public' && namesRecords(r));

beforeAll(async () => {
  env = await setupApp();
  const me = await everyRole(env);
  // The teacher keeps the arrangement register (issue 42), so the register's routes answer it about the records.
  await env.db.insert(staffDuties).values({ schoolId: me.school.id, userId: me.users[114].id, duty: 'arrangement' });
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
    ...['feeTypeUpdate', 'feeTypeStatus', 'allFees', 'classFeeGet', 'classFeeSave', 'feeRecordList', 'feeRecordCreate', 'feeRecordUpdate', 'feeRecordDelete'],
    ...['emiPlan', 'studentFees', 'emiMarkPaid', 'emiReverse', 'feeReceipt', 'feeBatchReceipt', 'feeSummary', 'feeDues', 'feeDuesByClass', 'feeCollection', 'feeOutstanding'],
    ...['examScheme', 'examSchemeSave', 'examSchemeTemplate', 'examList', 'examCreate', 'examUpdate', 'examDelete', 'examLock', 'examUnlock', 'examPublish'],
    ...['examCompletion', 'examCorrect', 'examCorrections', 'markSheet', 'markSheetSave', 'examNotes', 'examNotesSave', 'classResults', 'reportCard'],
    ...['reportCardPdf', 'reportBatchCreate', 'examAnalysis', 'studentProgress'],
  ]) {
    expect(names).toContain(name);
  }
});

describe.each(routes)("%s with another school's records", (name, route) => {
  const roles = (route.roles as readonly Role[]).filter((r) => r !== 111);

  it.each(roles)('role %i: 404, nothing changed', async (role) => {
    // (An unregistered route would answer 404 too.)
    expect(env.app.hasRoute({ method: route.method, url: route.url })).toBe(true);
    const before = await digest();
    const req = request(route, (key, parent) => idFor(theirs, key, parent, name));
    const res = await env.app.inject({ ...req, headers: { token: tokens[role] } });
    expect({ route: route.url, status: res.statusCode, body: res.json() as unknown }).toMatchObject({ route: route.url, status: 404 });
    expect(await digest()).toEqual(before);
  });

  // A set with one foreign id among the caller's own: the whole request is refused.
  const arrays = route.body ? Object.entries(shapeOf(route.body)).filter(([k]) => ['studentIds', 'subjectIds', 'assignments', 'rollNumbers', 'heldBackIds', 'feeTypeIds', 'notes'].includes(k) || (k === 'marks' && name === 'markSheetSave')) : [];
  it.each(arrays.map(([k]) => k))('a set with one id of another school in %s: 404, nothing saved', async (field) => {
    expect(env.app.hasRoute({ method: route.method, url: route.url })).toBe(true);
    const before = await digest();
    const foreignLast = (key: string): unknown[] | null => {
      if (key !== field) return null;
      switch (field) {
        case 'studentIds':
          return name === 'feeRecordCreate' ? [mine.placed2, theirs.placed2] : [mine.free, theirs.free];
        case 'feeTypeIds':
          return [mine.feeType, theirs.feeType];
        case 'subjectIds':
          return [mine.subject, theirs.subject];
        case 'heldBackIds':
          return [mine.placed, theirs.placed];
        case 'assignments':
          return [
            { subjectId: mine.subject, teacherId: mine.teacher },
            { subjectId: theirs.subject, teacherId: mine.teacher },
          ];
        case 'marks':
          return [
            { studentId: mine.placed, mark: { status: 'marked', marks: 1 } },
            { studentId: theirs.placed, mark: { status: 'absent' } },
          ];
        case 'notes':
          return [
            { studentId: mine.placed, co: { work: 'A' }, remark: 'Works well' },
            { studentId: theirs.placed, co: {}, remark: null },
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
    const req = request(route, (key, parent) => idFor(mine, key, parent, name), foreignLast);
    const res = await env.app.inject({ ...req, headers: { token: tokens[113] } });
    expect({ route: route.url, status: res.statusCode, body: res.json() as unknown }).toMatchObject({ route: route.url, status: 404 });
    expect(await digest()).toEqual(before);
  });
});
