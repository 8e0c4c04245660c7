import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { attendancePercent, CO_AREAS, type AuditView, type ClassResults, type CoGrades, type ReportCard } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { academicSessions, classStudents, exams, files, schools, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { addressLine } from '../../pdf/address.js';
import { examsPolicy } from '../../policy/exams.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { recordStaffView } from '../privacy/index.js';
import { fullName } from '../users/service.js';
import { storedReads, versionKey, versionKeySql, versionsSql, type SerializedAnswer } from '../../db/versions.js';
import { loadClassResults } from './results.js';
import { rowsOf } from '../../db/rows.js';

/**
 * A class's results and a student's report card (issue 11, helper 3). Everything is computed by
 * `loadClassResults` (the contract's `computeResults` over the stored marks), once per class: a
 * card costs the same statements whatever the class's size (who and where: one; the class's
 * results: five; co-scholastic grades, remarks and the terms' attendance: one), and the class's
 * cards in one PDF (report-batch.ts) cost the same again for the whole class.
 *
 * On result day every parent opens the card at once: a class's results and its terms are stored
 * per version of their inputs (db/versions.ts) and computed again only after a change, so a
 * card costs one statement on a hit: who and where, with the caller's access and the versions.
 */

/** The versions a class's results and cards depend on (a card's terms count attendance; `loadCardPeople` reads the same). */
const cardKeys = (classId: string) => [versionKey.class(classId), versionKey.attendance(classId), versionKey.school];
const cardKeysSql = (classId: AnyColumn) => sql`array[${versionKeySql.class(classId)}, ${versionKeySql.attendance(classId)}, ${versionKeySql.school}]`;

/** A class's results of every exam (staff) or of those published to it (students and parents), stored per version. */
function storedResults(deps: Pick<Deps, 'data'>, db: DbOrTx, schoolId: string, classId: string, publishedOnly: boolean, versions: string): Promise<LoadedResults> {
  // Objects of up to a few hundred KB each: fewer of them than of the serialized answers.
  const copies = storedReads<LoadedResults>(deps.data, 'classResults', { maxEntries: 200 });
  const visible = publishedOnly ? examsPolicy.publishedTo(schoolId, exams.id, classId) : undefined;
  return copies.get(`${schoolId}|${classId}|${publishedOnly ? 'published' : 'all'}`, versions, () => loadClassResults(db, schoolId, classId, { visible }));
}

// ---------------------------------------------------------------------------------------------
// A class's results

/**
 * A class's results (staff: every exam): admins, and the class's teachers; anyone else 404. The
 * answer is stored serialized (`serialize`: the route's serializer), per version of its inputs.
 */
export async function classResultsFor(deps: Pick<Deps, 'data'>, caller: Caller, classId: string, serialize: (results: ClassResults) => SerializedAnswer): Promise<SerializedAnswer> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const versions = await examsPolicy.classVersions(db, caller, schoolId, classId, cardKeys(classId));
  const answers = storedReads<SerializedAnswer>(deps.data, 'classResultsAnswer', { maxEntries: 1_000, maxBytes: 32 * 1024 * 1024, sizeOf: (a) => a.body.length });
  return answers.get(`${schoolId}|${classId}`, versions, async () => {
    const { cls: _cls, coAreas: _co, ...results } = await storedResults(deps, db, schoolId, classId, false, versions);
    return serialize(results);
  });
}

// ---------------------------------------------------------------------------------------------
// Who is on a card

const student = alias(users, 'student');
const parent = alias(users, 'parent');

/** A student on a card, with its school (what the card shows besides results). */
export interface CardPerson {
  studentId: string;
  classId: string;
  sessionId: string;
  fullName: string;
  loginId: string;
  rollNo: number | null;
  dateOfBirth: string | null;
  parentName: string | null;
  school: { name: string; address: string | null; logo: string | null; timeZone: string };
}

/** The students matching `where` (on class_students) with their details and school: one statement. */
export async function loadCardPeople(db: DbOrTx, schoolId: string, where: SQL | undefined, sessionId?: string | null): Promise<Array<CardPerson & { versions: string }>> {
  const rows = await db
    .select({
      // The versions of what the student's card is made from (cardKeys), read in the same statement.
      versions: versionsSql(schoolId, cardKeysSql(classStudents.classId)),
      studentId: classStudents.studentId,
      classId: classStudents.classId,
      sessionId: classStudents.sessionId,
      rollNo: classStudents.rollNo,
      firstName: student.firstName,
      lastName: student.lastName,
      loginId: student.loginId,
      dateOfBirth: student.dateOfBirth,
      parentFirst: parent.firstName,
      parentLast: parent.lastName,
      school: { name: schools.name, address: schools.address, city: schools.city, district: schools.district, state: schools.state, zipCode: schools.zipCode, timeZone: schools.timeZone },
      logo: files.name,
    })
    .from(classStudents)
    .innerJoin(
      academicSessions,
      and(eq(academicSessions.id, classStudents.sessionId), sessionId ? eq(academicSessions.id, sessionId) : eq(academicSessions.isCurrent, true)),
    )
    .innerJoin(student, eq(student.id, classStudents.studentId))
    .innerJoin(schools, eq(schools.id, classStudents.schoolId))
    .leftJoin(parent, and(eq(parent.id, student.parentUserId), eq(parent.schoolId, student.schoolId)))
    .leftJoin(files, and(eq(files.name, schools.image), eq(files.schoolId, schools.id)))
    .where(and(eq(classStudents.schoolId, schoolId), where));
  return rows.map((r) => {
    const address = addressLine(r.school);
    return {
      versions: r.versions,
      studentId: r.studentId,
      classId: r.classId,
      sessionId: r.sessionId,
      fullName: fullName({ firstName: r.firstName, lastName: r.lastName }),
      loginId: r.loginId,
      rollNo: r.rollNo,
      dateOfBirth: r.dateOfBirth,
      parentName: r.parentFirst != null ? fullName({ firstName: r.parentFirst, lastName: r.parentLast ?? '' }) : null,
      school: { name: r.school.name, address, logo: r.logo, timeZone: r.school.timeZone },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Co-scholastic grades, remarks and attendance of each term

export type CardTerm = ReportCard['terms'][number];

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * Per student and exam: the co-scholastic grades and remark (exam_notes) and the term's daywise
 * attendance (attended = present + late, of the days marked, between the exam's termStart and
 * termEnd; the contract's `attendancePercent`). One statement for any number of students.
 */
export async function loadTerms(db: DbOrTx, schoolId: string, studentIds: readonly string[], examIds: readonly string[]): Promise<Map<string, CardTerm[]>> {
  const out = new Map<string, CardTerm[]>(studentIds.map((id) => [id, []]));
  if (!studentIds.length || !examIds.length) return out;
  const result = await db.execute(sql`
    select s.sid as student_id, e.id as exam_id, n.co_grades, n.remark, a.attended, a.marked
    from unnest(${uuidArray(studentIds)}) with ordinality as s(sid, i)
    cross join exams e
    left join exam_notes n on n.school_id = e.school_id and n.exam_id = e.id and n.student_id = s.sid
    cross join lateral (
      select count(*) filter (where m.status in ('present', 'late'))::int as attended, count(*)::int as marked
      from attendance_marks m
      where m.school_id = e.school_id and m.student_id = s.sid and m.period_id is null and m.date between e.term_start and e.term_end
    ) a
    where e.school_id = ${schoolId} and e.id = any(${uuidArray(examIds)})`);
  type Row = { student_id: string; exam_id: string; co_grades: CoGrades | null; remark: string | null; attended: number | string; marked: number | string };
  const byKey = new Map<string, Row>();
  for (const r of rowsOf<Row>(result)) byKey.set(`${r.student_id}|${r.exam_id}`, r);
  for (const studentId of studentIds) {
    out.set(
      studentId,
      examIds.map((examId) => {
        const r = byKey.get(`${studentId}|${examId}`);
        const attended = Number(r?.attended ?? 0);
        const marked = Number(r?.marked ?? 0);
        const co: CoGrades = {};
        for (const area of CO_AREAS) {
          const grade = r?.co_grades?.[area];
          if (grade) co[area] = grade;
        }
        return { examId, co, remark: r?.remark ?? null, attendance: { attended, marked, percent: attendancePercent({ present: attended, late: 0, marked }) } };
      }),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cards

export type LoadedResults = Awaited<ReturnType<typeof loadClassResults>>;

/** The terms of every student of a class over the exams of its results, stored per version. */
function storedTerms(deps: Pick<Deps, 'data'>, db: DbOrTx, schoolId: string, results: LoadedResults, publishedOnly: boolean, versions: string): Promise<Map<string, CardTerm[]>> {
  const copies = storedReads<Map<string, CardTerm[]>>(deps.data, 'classTerms', { maxEntries: 200 });
  const key = `${schoolId}|${results.assignClassId}|${publishedOnly ? 'published' : 'all'}`;
  return copies.get(key, versions, () =>
    loadTerms(
      db,
      schoolId,
      results.students.map((s) => s.studentId),
      results.exams.map((e) => e.examId),
    ),
  );
}

/** A card from a class's results, a student on it and its terms. */
export function cardOf(results: LoadedResults, person: CardPerson, terms: CardTerm[]): ReportCard | null {
  const row = results.students.find((s) => s.studentId === person.studentId);
  if (!row) return null;
  const { fullName: _name, rollNo: _roll, loginId: _login, ...result } = row;
  return {
    school: { name: person.school.name, address: person.school.address, logo: person.school.logo },
    sessionId: results.sessionId,
    sessionLabel: results.sessionLabel,
    student: {
      studentId: person.studentId,
      fullName: person.fullName,
      loginId: person.loginId,
      rollNo: person.rollNo,
      dateOfBirth: person.dateOfBirth,
      parentName: person.parentName,
      assignClassId: results.assignClassId,
      className: results.className,
      section: results.section,
      classTeacher: results.cls.classTeacher,
    },
    passPercent: results.passPercent,
    grades: results.grades,
    exams: results.exams,
    subjects: results.subjects,
    result: { ...result, rank: results.showRank ? result.rank : null },
    classSize: results.showRank ? results.students.length : null,
    coAreas: results.coAreas,
    terms,
  };
}

/**
 * A student's report card for a session (else the current one): its class in that session, if
 * the caller may see it (admins; a teacher of its class; its parent; itself), else 404. Students
 * and parents see published exams only. One statement on a stored copy (eight on a miss), then
 * (once the card is read) the audit row of a staff member's view (`view`: the card, or its PDF).
 */
export async function reportCardFor(
  deps: Pick<Deps, 'data'>,
  caller: Caller,
  studentId: string,
  sessionId?: string,
  view: AuditView = 'reportcard',
): Promise<{ card: ReportCard; timeZone: string; versions: string }> {
  const schoolId = schoolOf(caller);
  const scope = scopeOf(caller);
  const db = tenantDb(deps, scope);
  const [person] = await loadCardPeople(
    db,
    schoolId,
    and(eq(classStudents.studentId, studentId), examsPolicy.studentVisible(caller, classStudents.studentId, classStudents.classId)),
    sessionId,
  );
  if (!person) throw notFound('Student');
  const { versions } = person;
  const publishedOnly = examsPolicy.publishedOnly(caller);
  const results = await storedResults(deps, db, schoolId, person.classId, publishedOnly, versions);
  const terms = await storedTerms(deps, db, schoolId, results, publishedOnly, versions);
  const card = cardOf(results, person, terms.get(studentId) ?? []);
  if (!card) throw notFound('Student');
  // A card is personal data: a staff member's view is recorded once the read succeeded
  // (privacy/audit.ts); a refused read records nothing.
  recordStaffView(deps, caller, scope, studentId, view);
  return { card, timeZone: person.school.timeZone, versions };
}
