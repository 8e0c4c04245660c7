import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { maxMarksOf, type Exam, type ExamCompletion, type MarkCorrection, type MarkCorrectionInput, type PageQuery, type PublishClass, type PublishInput, type WithdrawInput } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { classStudents, classSubjects, classes, examClassPublications, examMarkCorrections, examMarks, exams, subjects, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { classOrder } from '../academics/index.js';
import { recordMany } from '../privacy/index.js';
import { afterCommit, notifyMany, type NewNotification } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { columnsOf, loadExam, markOf } from './results.js';
import { now as clockNow } from '../../clock.js';

/**
 * Review of an exam (the principal): how complete its marks are, lock, unlock, publish (its students
 * and their parents are told), and the recorded corrections of a locked or published exam's marks.
 * The database keeps `exams_lock_ck`: locked_at is null exactly while draft, published_at set exactly
 * when published.
 */

// ---------------------------------------------------------------------------------------------
// Lock, unlock, publish

/** After a transition that changed no row: 404 for another school's exam, else `refuse` on its status. */
async function settle(deps: Deps, caller: Caller, examId: string, refuse: (status: Exam['status']) => void): Promise<Exam> {
  const exam = await loadExam(tenantDb(deps, scopeOf(caller)), schoolOf(caller), examId);
  refuse(exam.status);
  return exam;
}

/** Locks a draft exam (no more marks but the principal's corrections). Locked already: unchanged; published: 409. */
export async function lockExam(deps: Deps, caller: Caller, examId: string): Promise<Exam> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const [row] = await db
    .update(exams)
    .set({ status: 'locked', lockedAt: clockNow(), lockedBy: caller.userId, updatedAt: clockNow() })
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId), eq(exams.status, 'draft')))
    .returning({ id: exams.id });
  if (row) return loadExam(db, schoolId, examId);
  return settle(deps, caller, examId, (status) => {
    if (status === 'published') throw new AppError('CONFLICT', 'This exam is published.', { reason: 'exam_published' });
  });
}

/** Unlocks a locked exam back to draft. Draft already: unchanged; published: 409 `exam_published`. */
export async function unlockExam(deps: Deps, caller: Caller, examId: string): Promise<Exam> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const [row] = await db
    .update(exams)
    .set({ status: 'draft', lockedAt: null, lockedBy: null, updatedAt: clockNow() })
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId), eq(exams.status, 'locked')))
    .returning({ id: exams.id });
  if (row) return loadExam(db, schoolId, examId);
  return settle(deps, caller, examId, (status) => {
    if (status === 'published') throw new AppError('CONFLICT', 'This exam is published and cannot be unlocked.', { reason: 'exam_published' });
  });
}

const parent = alias(users, 'parent');

/** Every class of an exam's session (class order): its subjects missing marks (by name), published or not. One statement. */
export async function publishClasses(db: DbOrTx, schoolId: string, exam: { examId: string; sessionId: string }): Promise<PublishClass[]> {
  // The outer class is named `classes` in the SQL text: drizzle leaves a one-table select's columns unqualified.
  const rows = await db
    .select({
      assignClassId: classes.id,
      className: classes.name,
      section: classes.section,
      missing: sql<string[]>`coalesce((select json_agg(s.name order by s.name) from class_subjects cs join subjects s on s.id = cs.subject_id
        where cs.school_id = classes.school_id and cs.class_id = classes.id
          and (select count(*) from exam_marks k where k.school_id = classes.school_id and k.exam_id = ${exam.examId} and k.class_id = classes.id and k.subject_id = cs.subject_id)
            < (select count(*) from class_students st where st.school_id = classes.school_id and st.class_id = classes.id)), '[]'::json)`,
      published: sql<boolean>`exists (select 1 from exam_class_publications p where p.school_id = classes.school_id and p.exam_id = ${exam.examId} and p.class_id = classes.id)`,
    })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.sessionId, exam.sessionId)))
    .orderBy(...classOrder, asc(classes.id));
  return rows.map((r) => ({ ...r, missing: r.missing ?? [], complete: !r.missing?.length, published: Boolean(r.published) }));
}

/** The active students of these classes and their active parents: one statement. */
async function studentsOf(tx: DbOrTx, schoolId: string, classIds: readonly string[]) {
  if (!classIds.length) return [];
  return tx
    .select({ studentId: users.id, parentId: parent.id })
    .from(classStudents)
    .innerJoin(users, and(eq(users.id, classStudents.studentId), eq(users.status, true)))
    .leftJoin(parent, and(eq(parent.id, users.parentUserId), eq(parent.status, true)))
    .where(and(eq(classStudents.schoolId, schoolId), inArray(classStudents.classId, [...classIds])));
}

/** The students (`link` /myresults) and their parents (/childresults), told of `kind` with `params` (written in each reader's language). */
function toldOf(
  schoolId: string,
  caller: Caller,
  rows: { studentId: string; parentId: string | null }[],
  kind: 'result' | 'result_withdrawn',
  params: Record<string, string>,
): NewNotification[] {
  const base = { schoolId, senderId: caller.userId, senderName: caller.name, params, kind };
  const parents = new Set(rows.map((p) => p.parentId).filter((p): p is string => !!p));
  return [...rows.map((p) => ({ ...base, userId: p.studentId, link: '/myresults' })), ...[...parents].map((userId) => ({ ...base, userId, link: '/childresults' }))];
}

/** The exam, locked for the change (404 for another school's). */
async function examForUpdate(tx: DbOrTx, schoolId: string, examId: string) {
  const [row] = await tx
    .select({ examId: exams.id, sessionId: exams.sessionId, name: exams.name, status: exams.status })
    .from(exams)
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)))
    .for('update');
  if (!row) throw notFound('Exam');
  return row;
}

const labelOf = (c: PublishClass) => `${c.className} ${c.section}`.trim();

/**
 * Publishes an exam's results for classes of its session (those named, else all; it stays locked):
 * a class whose marks are incomplete only with `confirmIncomplete` and a reason (else 409
 * `exam_incomplete` naming the classes, and nothing changes), the reason kept with the class and in
 * the audit log of each of its students. The students of the classes newly published and their
 * parents (active accounts) are told after the transaction commits; a class published already is
 * unchanged, nobody told again. A class not of the session: 404.
 */
export async function publishExam(deps: Deps, caller: Caller, examId: string, input: PublishInput): Promise<Exam> {
  const body = input ?? {};
  const schoolId = schoolOf(caller);
  const scope = scopeOf(caller);
  const { via, flush } = afterCommit(deps);
  const published = await inTenant(deps, scope, async (tx) => {
    const exam = await examForUpdate(tx, schoolId, examId);
    const all = await publishClasses(tx, schoolId, exam);
    const byId = new Map(all.map((c) => [c.assignClassId, c]));
    if (body.classIds?.some((id) => !byId.has(id))) throw notFound('Class');
    const wanted = body.classIds ? new Set(body.classIds) : null;
    const fresh = all.filter((c) => !c.published && (!wanted || wanted.has(c.assignClassId)));
    const incomplete = fresh.filter((c) => !c.complete);
    const reason = body.reason?.trim() || null;
    if (incomplete.length && !(body.confirmIncomplete && reason)) {
      throw new AppError('CONFLICT', `Marks are missing in ${incomplete.map(labelOf).join(', ')}.`, {
        reason: 'exam_incomplete',
        params: { classes: incomplete.map(labelOf).join(', '), count: incomplete.length },
      });
    }
    if (!fresh.length && exam.status === 'published') return loadExam(tx, schoolId, examId);
    const now = clockNow();
    if (fresh.length) {
      await tx.insert(examClassPublications).values(
        fresh.map((c) => ({ schoolId, examId, classId: c.assignClassId, publishedAt: now, publishedBy: caller.userId, reason: c.complete ? null : reason })),
      );
    }
    await tx
      .update(exams)
      .set({
        status: 'published',
        publishedAt: sql`coalesce(${exams.publishedAt}, ${now.toISOString()}::timestamptz)`,
        publishedBy: sql`coalesce(${exams.publishedBy}, ${caller.userId}::uuid)`,
        lockedAt: sql`coalesce(${exams.lockedAt}, ${now.toISOString()}::timestamptz)`,
        lockedBy: sql`coalesce(${exams.lockedBy}, ${caller.userId}::uuid)`,
        updatedAt: now,
      })
      .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)));
    const rows = await studentsOf(
      tx,
      schoolId,
      fresh.map((c) => c.assignClassId),
    );
    await notifyMany(via, tx, toldOf(schoolId, caller, rows, 'result', { exam: exam.name }));
    if (incomplete.length) {
      const ids = new Set(incomplete.map((c) => c.assignClassId));
      const forced = await studentsOf(tx, schoolId, [...ids]);
      await recordMany(tx, caller, scope, forced.map((r) => r.studentId), 'results_published', { examId, exam: exam.name, reason, classes: incomplete.map(labelOf).join(', ') });
    }
    return loadExam(tx, schoolId, examId);
  });
  flush();
  return published;
}

/**
 * Withdraws an exam's published results for classes (those named, else all published), with a
 * reason: their students and parents see them no more (results, report cards), are told with the
 * reason, and each student's audit log records it. No class left published: the exam is locked again
 * (it may be published later). Nothing published among them: 409 `exam_not_published`.
 */
export async function withdrawExam(deps: Deps, caller: Caller, examId: string, body: WithdrawInput): Promise<Exam> {
  const schoolId = schoolOf(caller);
  const scope = scopeOf(caller);
  const { via, flush } = afterCommit(deps);
  const withdrawn = await inTenant(deps, scope, async (tx) => {
    const exam = await examForUpdate(tx, schoolId, examId);
    const gone = await tx
      .delete(examClassPublications)
      .where(
        and(
          eq(examClassPublications.schoolId, schoolId),
          eq(examClassPublications.examId, examId),
          body.classIds ? inArray(examClassPublications.classId, body.classIds) : undefined,
        ),
      )
      .returning({ classId: examClassPublications.classId });
    if (!gone.length) throw new AppError('CONFLICT', 'These results are not published.', { reason: 'exam_not_published' });
    const now = clockNow();
    await tx
      .update(exams)
      .set({ status: 'locked', publishedAt: null, publishedBy: null, updatedAt: now })
      .where(
        and(
          eq(exams.schoolId, schoolId),
          eq(exams.id, examId),
          sql`not exists (select 1 from exam_class_publications p where p.school_id = ${schoolId} and p.exam_id = ${examId})`,
        ),
      );
    const rows = await studentsOf(
      tx,
      schoolId,
      gone.map((g) => g.classId),
    );
    await notifyMany(via, tx, toldOf(schoolId, caller, rows, 'result_withdrawn', { exam: exam.name, reason: body.reason }));
    await recordMany(tx, caller, scope, rows.map((r) => r.studentId), 'results_withdrawn', { examId, exam: exam.name, reason: body.reason });
    return loadExam(tx, schoolId, examId);
  });
  flush();
  return withdrawn;
}

// ---------------------------------------------------------------------------------------------
// Completion

const teacher = alias(users, 'teacher');

/**
 * How complete an exam's marks are: a page of its session's classes (class order), each subject of
 * the class with its teacher, maximum and the marks entered; and over the whole session the
 * class-subjects whose every student has a mark (`complete`) of all (`slots`). Five statements,
 * whatever the number of classes, subjects or students.
 */
export async function examCompletion(deps: Deps, caller: Caller, examId: string, page: PageQuery): Promise<ExamCompletion> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const exam = await loadExam(db, schoolId, examId);
  const students = sql<number>`(select count(*) from class_students s where s.school_id = ${classes.schoolId} and s.class_id = ${classes.id})`.mapWith(Number);
  const inSession = and(eq(classes.schoolId, schoolId), eq(classes.sessionId, exam.sessionId));
  const [rows, [totals], publishable] = await Promise.all([
    db
      .select({ id: classes.id, name: classes.name, section: classes.section, students, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(classes)
      .where(inSession)
      .orderBy(...classOrder, asc(classes.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({
        slots: sql<number>`count(*)`.mapWith(Number),
        complete: sql<number>`count(*) filter (where
          (select count(*) from exam_marks k where k.school_id = ${schoolId} and k.exam_id = ${examId} and k.class_id = ${classSubjects.classId} and k.subject_id = ${classSubjects.subjectId})
          >= (select count(*) from class_students s where s.school_id = ${schoolId} and s.class_id = ${classSubjects.classId}))`.mapWith(Number),
        classes: sql<number>`(select count(*) from classes c where c.school_id = ${schoolId} and c.session_id = ${exam.sessionId})`.mapWith(Number),
      })
      .from(classSubjects)
      .innerJoin(classes, eq(classes.id, classSubjects.classId))
      .where(and(eq(classSubjects.schoolId, schoolId), inSession)),
    publishClasses(db, schoolId, exam),
  ]);
  const ids = rows.map((r) => r.id);
  const [subjectRows, counts] = ids.length
    ? await Promise.all([
        db
          .select({ classId: classSubjects.classId, subjectId: subjects.id, subjectName: subjects.name, first: teacher.firstName, last: teacher.lastName })
          .from(classSubjects)
          .innerJoin(subjects, eq(subjects.id, classSubjects.subjectId))
          .leftJoin(teacher, eq(teacher.id, classSubjects.teacherId))
          .where(and(eq(classSubjects.schoolId, schoolId), inArray(classSubjects.classId, ids)))
          .orderBy(asc(subjects.name), asc(subjects.id)),
        db
          .select({ classId: examMarks.classId, subjectId: examMarks.subjectId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(examMarks)
          .where(and(eq(examMarks.schoolId, schoolId), eq(examMarks.examId, examId), inArray(examMarks.classId, ids)))
          .groupBy(examMarks.classId, examMarks.subjectId),
      ])
    : [[], []];
  const entered = new Map(counts.map((c) => [`${c.classId}|${c.subjectId}`, c.n]));
  return {
    items: rows.map((r) => ({
      assignClassId: r.id,
      className: r.name,
      section: r.section,
      students: r.students,
      subjects: subjectRows
        .filter((s) => s.classId === r.id)
        .map((s) => ({
          subjectId: s.subjectId,
          subjectName: s.subjectName,
          teacherName: s.first != null ? fullName({ firstName: s.first, lastName: s.last ?? '' }) : null,
          maxMarks: maxMarksOf(exam, s.subjectId),
          entered: entered.get(`${r.id}|${s.subjectId}`) ?? 0,
        })),
    })),
    total: rows[0]?.total ?? totals?.classes ?? 0,
    page: page.page,
    pageSize: page.pageSize,
    complete: totals?.complete ?? 0,
    slots: totals?.slots ?? 0,
    classes: publishable,
  };
}

// ---------------------------------------------------------------------------------------------
// Corrections

const student = alias(users, 'student');
const corrector = alias(users, 'corrector');

/**
 * Corrects one mark of a locked or published exam (draft: 409 `exam_not_locked`): the class must be
 * of the exam's session, teach the subject, and have the student (404 otherwise); a mark above the
 * subject's maximum: 400 `mark_above_max`. The mark is written (or cleared) and the correction
 * recorded with the mark before and after, in one transaction.
 */
export async function correctMark(deps: Deps, caller: Caller, examId: string, body: MarkCorrectionInput): Promise<MarkCorrection> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, scopeOf(caller), async (tx) => {
    const [exam] = await tx
      .select({ id: exams.id, sessionId: exams.sessionId, status: exams.status, maxMarks: exams.maxMarks })
      .from(exams)
      .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)))
      .for('update');
    if (!exam) throw notFound('Exam');
    if (exam.status === 'draft') throw new AppError('CONFLICT', 'A correction is for a locked or published exam.', { reason: 'exam_not_locked' });
    const [place] = await tx
      .select({
        className: classes.name,
        section: classes.section,
        subjectName: subjects.name,
        studentId: classStudents.studentId,
        first: student.firstName,
        last: student.lastName,
        subjectMax: sql<number | null>`(select m.max_marks from exam_subject_max m where m.exam_id = ${examId} and m.subject_id = ${body.subjectId})`,
        status: examMarks.status,
        marks: examMarks.marks,
      })
      .from(classes)
      .leftJoin(classSubjects, and(eq(classSubjects.classId, classes.id), eq(classSubjects.subjectId, body.subjectId)))
      .leftJoin(subjects, eq(subjects.id, classSubjects.subjectId))
      .leftJoin(classStudents, and(eq(classStudents.classId, classes.id), eq(classStudents.studentId, body.studentId)))
      .leftJoin(student, eq(student.id, classStudents.studentId))
      .leftJoin(
        examMarks,
        and(eq(examMarks.schoolId, schoolId), eq(examMarks.examId, examId), eq(examMarks.studentId, body.studentId), eq(examMarks.subjectId, body.subjectId)),
      )
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, body.assignClassId), eq(classes.sessionId, exam.sessionId)));
    if (!place) throw notFound('Class');
    if (!place.subjectName) throw new AppError('NOT_FOUND', 'This subject is not taught in this class.', { reason: 'exam_subject_not_in_class' });
    if (!place.studentId) throw notFound('Student');
    const max = place.subjectMax != null ? Number(place.subjectMax) : exam.maxMarks;
    if (body.mark?.status === 'marked' && body.mark.marks > max) {
      throw new AppError('BAD_REQUEST', `Marks cannot be more than the maximum (${max}).`, { reason: 'mark_above_max', field: 'mark.marks', params: { max } });
    }
    const before = markOf(place.status, place.marks);
    const key = and(eq(examMarks.schoolId, schoolId), eq(examMarks.examId, examId), eq(examMarks.studentId, body.studentId), eq(examMarks.subjectId, body.subjectId));
    if (body.mark) {
      const cols = { ...columnsOf(body.mark), updatedBy: caller.userId, updatedAt: clockNow() };
      await tx
        .insert(examMarks)
        .values({ schoolId, sessionId: exam.sessionId, examId, classId: body.assignClassId, subjectId: body.subjectId, studentId: body.studentId, ...cols })
        .onConflictDoUpdate({ target: [examMarks.schoolId, examMarks.examId, examMarks.studentId, examMarks.subjectId], set: { ...cols, classId: body.assignClassId } });
    } else if (before) {
      await tx.delete(examMarks).where(key);
    }
    const after = body.mark ? columnsOf(body.mark) : null;
    const [row] = await tx
      .insert(examMarkCorrections)
      .values({
        schoolId,
        examId,
        classId: body.assignClassId,
        subjectId: body.subjectId,
        studentId: body.studentId,
        beforeStatus: before?.status ?? null,
        beforeMarks: before?.status === 'marked' ? before.marks : null,
        afterStatus: after?.status ?? null,
        afterMarks: after?.marks ?? null,
        reason: body.reason,
        correctedBy: caller.userId,
      })
      .returning({ id: examMarkCorrections.id, createdAt: examMarkCorrections.createdAt });
    return {
      correctionId: row!.id,
      examId,
      studentId: body.studentId,
      studentName: fullName({ firstName: place.first ?? '', lastName: place.last ?? '' }),
      className: place.className,
      section: place.section,
      subjectId: body.subjectId,
      subjectName: place.subjectName,
      before,
      after: body.mark,
      reason: body.reason,
      correctedBy: caller.name,
      createdAt: row!.createdAt.toISOString(),
    };
  });
}

/** An exam's recorded corrections, newest first, with names: one statement (two past the end). */
export async function listCorrections(deps: Deps, caller: Caller, examId: string, page: PageQuery) {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const where = and(eq(examMarkCorrections.schoolId, schoolId), eq(examMarkCorrections.examId, examId));
  const [rows] = await Promise.all([
    db
      .select({
        c: examMarkCorrections,
        className: classes.name,
        section: classes.section,
        subjectName: subjects.name,
        sFirst: student.firstName,
        sLast: student.lastName,
        cFirst: corrector.firstName,
        cLast: corrector.lastName,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(examMarkCorrections)
      .innerJoin(classes, eq(classes.id, examMarkCorrections.classId))
      .innerJoin(subjects, eq(subjects.id, examMarkCorrections.subjectId))
      .innerJoin(student, eq(student.id, examMarkCorrections.studentId))
      .innerJoin(corrector, eq(corrector.id, examMarkCorrections.correctedBy))
      .where(where)
      .orderBy(desc(examMarkCorrections.createdAt), desc(examMarkCorrections.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    loadExam(db, schoolId, examId),
  ]);
  const total =
    rows[0]?.total ?? (page.page > 1 ? ((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(examMarkCorrections).where(where))[0]?.n ?? 0) : 0);
  return {
    items: rows.map(
      (r): MarkCorrection => ({
        correctionId: r.c.id,
        examId: r.c.examId,
        studentId: r.c.studentId,
        studentName: fullName({ firstName: r.sFirst, lastName: r.sLast }),
        className: r.className,
        section: r.section,
        subjectId: r.c.subjectId,
        subjectName: r.subjectName,
        before: markOf(r.c.beforeStatus, r.c.beforeMarks),
        after: markOf(r.c.afterStatus, r.c.afterMarks),
        reason: r.c.reason,
        correctedBy: fullName({ firstName: r.cFirst, lastName: r.cLast }),
        createdAt: r.c.createdAt.toISOString(),
      }),
    ),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
