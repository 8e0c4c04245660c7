import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  CBSE_GRADES,
  DEFAULT_SCHEME,
  EXAM_LIMITS,
  EXAM_TEMPLATE_EXAMS,
  maxMarksOf,
  templateTerms,
  type Exam,
  type ExamInput,
  type ExamScheme,
  type ExamSchemeInput,
  type ExamTemplateBody,
  type ExamUpdate,
  type SessionExamQuery,
  type SubjectMax,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { academicSessions, examMarks, examSchemes, examSubjectMax, exams, subjects } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { examsPolicy } from '../../policy/exams.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { loadExam, loadExams, loadScheme, schemeOf, sessionOf } from './results.js';
import { now } from '../../clock.js';

/**
 * The assessment scheme of a session (grading scale, pass mark, ranks, co-scholastic areas) and its
 * exams (terms): ready-made schemes to start from, and the rules an exam keeps (a name once per
 * session, at most `EXAM_LIMITS.exams`, a term within the session, no change once locked, no
 * maximum below a mark entered, no removal once marked).
 */

// ---------------------------------------------------------------------------------------------
// The scheme

/** A session's scheme (the named session, else the current one): the defaults until saved. */
export async function getScheme(deps: Deps, caller: Caller, query: SessionExamQuery): Promise<ExamScheme> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const session = await sessionOf(db, schoolId, query.sessionId);
  return loadScheme(db, schoolId, session.id);
}

/** Saves a session's scheme (another school's session: 404): one upsert after the session's check. */
export async function saveScheme(deps: Deps, caller: Caller, body: ExamSchemeInput): Promise<ExamScheme> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const session = await sessionOf(db, schoolId, body.sessionId);
  const grades = [...body.grades].sort((a, b) => b.min - a.min);
  const values = { passPercent: body.passPercent, showRank: body.showRank, grades, coAreas: body.coAreas, updatedBy: caller.userId, updatedAt: now() };
  const [row] = await db
    .insert(examSchemes)
    .values({ schoolId, sessionId: session.id, ...values })
    .onConflictDoUpdate({ target: [examSchemes.schoolId, examSchemes.sessionId], set: values })
    .returning();
  return schemeOf(session.id, row);
}

/** The session of the school, its row locked until the transaction ends (exams counted under it): 404 otherwise. */
async function lockSession(tx: DbOrTx, schoolId: string, sessionId: string) {
  const [row] = await tx
    .select({ id: academicSessions.id, startDate: academicSessions.startDate, endDate: academicSessions.endDate })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)))
    .for('update');
  if (!row) throw notFound('Session');
  return row;
}

/**
 * Starts a session from a ready-made scheme: its exams (terms share the session) and, unless the
 * session has a saved scheme, the CBSE scale with the defaults; one transaction. A session with any
 * exam: 409 `exams_exist`.
 */
export async function applyTemplate(deps: Deps, caller: Caller, body: ExamTemplateBody): Promise<Exam[]> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, scopeOf(caller), async (tx) => {
    const session = await lockSession(tx, schoolId, body.sessionId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(exams)
      .where(and(eq(exams.schoolId, schoolId), eq(exams.sessionId, session.id)));
    if (n > 0) throw new AppError('CONFLICT', 'This session already has exams.', { reason: 'exams_exist' });
    const template = EXAM_TEMPLATE_EXAMS[body.template];
    const terms = templateTerms(
      session.startDate,
      session.endDate,
      template.map((t) => t.share),
    );
    await tx.insert(exams).values(
      template.map((t, i) => ({
        schoolId,
        sessionId: session.id,
        name: t.name,
        weight: t.weight,
        maxMarks: t.maxMarks,
        termStart: terms[i]!.termStart,
        termEnd: terms[i]!.termEnd,
      })),
    );
    await tx
      .insert(examSchemes)
      .values({
        schoolId,
        sessionId: session.id,
        passPercent: DEFAULT_SCHEME.passPercent,
        showRank: DEFAULT_SCHEME.showRank,
        grades: [...CBSE_GRADES],
        coAreas: [...DEFAULT_SCHEME.coAreas],
        updatedBy: caller.userId,
      })
      .onConflictDoNothing();
    return loadExams(tx, schoolId, session.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Exams

/** A session's exams in term order (students and parents: the published ones). */
export async function listExams(deps: Deps, caller: Caller, query: SessionExamQuery): Promise<Exam[]> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  const session = await sessionOf(db, schoolId, query.sessionId);
  return loadExams(db, schoolId, session.id, { visible: examsPolicy.examVisible(caller, schoolId, exams.id) });
}

/** A write that may break the unique name: 409 `exam_name_taken` on the name. */
async function orNameTaken<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (violatedConstraint(err) === 'exams_name_uq') {
      throw new AppError('CONFLICT', `An exam named “${name}” already exists in this session.`, { reason: 'exam_name_taken', field: 'name', params: { name } });
    }
    throw err;
  }
}

/** The term lies within its session (400 `exam_term_outside` on the date outside). */
function assertTermInside(session: { startDate: string; endDate: string }, e: { termStart: string; termEnd: string }): void {
  const field = e.termStart < session.startDate || e.termStart > session.endDate ? 'termStart' : e.termEnd > session.endDate || e.termEnd < session.startDate ? 'termEnd' : null;
  if (field) throw new AppError('BAD_REQUEST', "The term must lie within the session's dates.", { reason: 'exam_term_outside', field });
}

/** Every subject named is the school's (404 otherwise): one statement for the set. */
async function assertSubjects(tx: DbOrTx, schoolId: string, list: readonly SubjectMax[]): Promise<void> {
  if (!list.length) return;
  const ids = list.map((s) => s.subjectId);
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), inArray(subjects.id, ids)));
  if (n !== ids.length) throw notFound('Subject');
}

/** Subject maximums equal to the exam's are not stored (they say nothing). */
function ownMaximums(e: { maxMarks: number; subjectMax?: readonly SubjectMax[] }): SubjectMax[] {
  return (e.subjectMax ?? []).filter((s) => s.maxMarks !== e.maxMarks);
}

/**
 * Adds an exam to a session: the session's row is locked while its exams are counted (at most
 * `EXAM_LIMITS.exams`: 409 `exam_limit`), the term within the session, the subjects the school's,
 * the name new in the session (409 `exam_name_taken`).
 */
export async function createExam(deps: Deps, caller: Caller, body: ExamInput): Promise<Exam> {
  const schoolId = schoolOf(caller);
  const subjectMax = ownMaximums(body);
  return orNameTaken(body.name, () =>
    inTenant(deps, scopeOf(caller), async (tx) => {
      const session = await lockSession(tx, schoolId, body.sessionId);
      assertTermInside(session, body);
      // One statement at a time on a transaction's connection (db/postgres.ts).
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(exams)
        .where(and(eq(exams.schoolId, schoolId), eq(exams.sessionId, session.id)));
      await assertSubjects(tx, schoolId, subjectMax);
      if (n >= EXAM_LIMITS.exams) {
        throw new AppError('CONFLICT', `A session has at most ${EXAM_LIMITS.exams} exams.`, { reason: 'exam_limit', params: { max: EXAM_LIMITS.exams } });
      }
      const [row] = await tx
        .insert(exams)
        .values({
          schoolId,
          sessionId: session.id,
          name: body.name,
          weight: body.weight,
          maxMarks: body.maxMarks,
          termStart: body.termStart,
          termEnd: body.termEnd,
        })
        .returning({ id: exams.id });
      if (subjectMax.length) await tx.insert(examSubjectMax).values(subjectMax.map((s) => ({ schoolId, examId: row!.id, subjectId: s.subjectId, maxMarks: s.maxMarks })));
      return loadExam(tx, schoolId, row!.id);
    }),
  );
}

/** An exam of the school with its session's dates, its row locked (404 otherwise). */
async function lockExam(tx: DbOrTx, schoolId: string, examId: string) {
  const [row] = await tx
    .select({ id: exams.id, sessionId: exams.sessionId, name: exams.name, status: exams.status, startDate: academicSessions.startDate, endDate: academicSessions.endDate })
    .from(exams)
    .innerJoin(academicSessions, eq(academicSessions.id, exams.sessionId))
    .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)))
    .for('update', { of: exams });
  if (!row) throw notFound('Exam');
  return row;
}

/** A draft exam may change; a locked or published one: 409. */
export function assertDraft(status: string): void {
  if (status === 'published') throw new AppError('CONFLICT', 'This exam is published.', { reason: 'exam_published' });
  if (status === 'locked') throw new AppError('CONFLICT', 'This exam is locked.', { reason: 'exam_locked' });
}

/**
 * Changes a draft exam (locked: 409 `exam_locked`, published: 409 `exam_published`). A maximum (the
 * exam's or a subject's) below a mark already entered: 409 `max_below_marks` (one statement for the
 * highest mark per subject). The subject maximums are replaced by those given.
 */
export async function updateExam(deps: Deps, caller: Caller, examId: string, body: ExamUpdate): Promise<Exam> {
  const schoolId = schoolOf(caller);
  const subjectMax = ownMaximums(body);
  return orNameTaken(body.name, () =>
    inTenant(deps, scopeOf(caller), async (tx) => {
      const current = await lockExam(tx, schoolId, examId);
      assertDraft(current.status);
      assertTermInside(current, body);
      const highest = await tx
        .select({ subjectId: examMarks.subjectId, top: sql<number>`max(${examMarks.marks})`.mapWith(Number) })
        .from(examMarks)
        .where(and(eq(examMarks.schoolId, schoolId), eq(examMarks.examId, examId), eq(examMarks.status, 'marked')))
        .groupBy(examMarks.subjectId);
      await assertSubjects(tx, schoolId, subjectMax);
      const next = { maxMarks: body.maxMarks, subjectMax };
      const below = highest.find((h) => h.top > maxMarksOf(next, h.subjectId));
      if (below) {
        const max = maxMarksOf(next, below.subjectId);
        const onSubject = subjectMax.findIndex((s) => s.subjectId === below.subjectId);
        throw new AppError('CONFLICT', `Marks above ${max} are already entered.`, {
          reason: 'max_below_marks',
          field: onSubject >= 0 ? `subjectMax.${onSubject}.maxMarks` : 'maxMarks',
          params: { max },
        });
      }
      await tx
        .update(exams)
        .set({ name: body.name, weight: body.weight, maxMarks: body.maxMarks, termStart: body.termStart, termEnd: body.termEnd, updatedAt: now() })
        .where(and(eq(exams.schoolId, schoolId), eq(exams.id, examId)));
      await tx.delete(examSubjectMax).where(and(eq(examSubjectMax.schoolId, schoolId), eq(examSubjectMax.examId, examId)));
      if (subjectMax.length) await tx.insert(examSubjectMax).values(subjectMax.map((s) => ({ schoolId, examId, subjectId: s.subjectId, maxMarks: s.maxMarks })));
      return loadExam(tx, schoolId, examId);
    }),
  );
}

/** Removes an exam that has no marks, whatever its status (with marks: 409 `exam_has_marks`). */
export async function deleteExam(deps: Deps, caller: Caller, examId: string): Promise<{ examId: string }> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, scopeOf(caller), async (tx) => {
    const [row] = await tx
      .delete(exams)
      .where(
        and(
          eq(exams.schoolId, schoolId),
          eq(exams.id, examId),
          sql`not exists (select 1 from exam_marks k where k.school_id = ${exams.schoolId} and k.exam_id = ${exams.id})`,
        ),
      )
      .returning({ examId: exams.id });
    if (row) return row;
    await loadExam(tx, schoolId, examId);
    throw new AppError('CONFLICT', 'This exam has marks and cannot be removed.', { reason: 'exam_has_marks' });
  });
}
