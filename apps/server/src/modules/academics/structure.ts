import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { kindOfRole } from '@shala/contract';
import {
  MASTER_CLASSES,
  MASTER_SUBJECTS,
  WEEK_DAYS,
  type AcademicSession,
  type ClassInput,
  type ClassListQuery,
  type ClassSummary,
  type MasterWeek,
  type SessionInput,
  type SessionUpdate,
  type Subject,
  type SubjectInput,
  type SubjectListQuery,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { prepared } from '../../db/prepared.js';
import { academicSessions, classStudents, classSubjects, classes, schools, subjects, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { classOrder, classSummaries, classSummary, presentSummary, statusSql, summaryQuery } from './read.js';
import { now } from '../../clock.js';
import { escapeLike } from '../../db/like.js';

/**
 * The structure of a school's year: academic sessions, master data (classes, subjects, week days),
 * the school's subjects, and the classes and sections of a session. The database keeps the rules
 * (no overlapping sessions, one current session, unique labels, subject names and class+section);
 * a broken rule answers 409 naming the conflict.
 */

// ---------------------------------------------------------------------------------------------
// Sessions

/** A school has a handful of sessions; the list is still bounded. */
const MAX_SESSIONS = 50;

type SessionRow = typeof academicSessions.$inferSelect;

function presentSession(s: SessionRow): AcademicSession {
  return { sessionId: s.id, sessionYear: s.label, startDate: s.startDate, endDate: s.endDate, isCurrent: s.isCurrent };
}

/** The sessions of the caller's school, newest first (none for the platform owner). */
export async function listSessions(deps: Deps, caller: Caller): Promise<AcademicSession[]> {
  const schoolId = caller.schoolId;
  if (!schoolId) return [];
  const rows = await tenantDb(deps, schoolId)
    .select()
    .from(academicSessions)
    .where(eq(academicSessions.schoolId, schoolId))
    .orderBy(desc(academicSessions.startDate))
    .limit(MAX_SESSIONS);
  return rows.map(presentSession);
}

/** Academic years April to March, the last one current (today's date decides which is current). */
export function academicYears(today = now(), howMany = 4) {
  const startYear = today.getUTCMonth() >= 3 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return Array.from({ length: howMany }, (_, i) => {
    const y = startYear - (howMany - 1 - i);
    return {
      label: `${y}-${String((y + 1) % 100).padStart(2, '0')}`,
      startDate: `${y}-04-01`,
      endDate: `${y + 1}-03-31`,
      isCurrent: y === startYear,
    };
  });
}

/**
 * A broken session rule as a 409 that names it. The exclusion constraint decides an overlap; the
 * session it overlaps is looked up afterwards (the failed transaction is over) for the message.
 */
async function sessionConflict(deps: Deps, schoolId: string, err: unknown, dates: { id?: string; label?: string; startDate: string; endDate: string }) {
  const constraint = violatedConstraint(err);
  if (constraint === 'academic_sessions_no_overlap') {
    const [other] = await tenantDb(deps, schoolId)
      .select({ label: academicSessions.label })
      .from(academicSessions)
      .where(
        and(
          eq(academicSessions.schoolId, schoolId),
          dates.id ? ne(academicSessions.id, dates.id) : undefined,
          sql`daterange(${academicSessions.startDate}, ${academicSessions.endDate}, '[]') && daterange(${dates.startDate}::date, ${dates.endDate}::date, '[]')`,
        ),
      )
      .orderBy(asc(academicSessions.startDate))
      .limit(1);
    return new AppError('CONFLICT', `These dates overlap the session ${other?.label ?? ''}.`, {
      reason: 'session_overlap',
      field: 'startDate',
      params: { label: other?.label ?? '' },
    });
  }
  if (constraint === 'academic_sessions_label_uq') {
    return new AppError('CONFLICT', `The session ${dates.label ?? ''} already exists.`, {
      reason: 'session_label_taken',
      field: 'label',
      params: { label: dates.label ?? '' },
    });
  }
  if (constraint === 'academic_sessions_dates_ck') {
    return new AppError('VALIDATION_ERROR', 'The end date must be after the start date.', { field: 'endDate' });
  }
  return err;
}

/** Stops the school's current session from being current (before another one becomes it). */
function unsetCurrent(tx: DbOrTx, schoolId: string, except?: string) {
  return tx
    .update(academicSessions)
    .set({ isCurrent: false })
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.isCurrent, true), except ? ne(academicSessions.id, except) : undefined));
}

/** Adds a session (next year's may be prepared before it starts); marked current, the old one stops being so. */
export async function createSession(deps: Deps, caller: Caller, body: SessionInput): Promise<AcademicSession> {
  const schoolId = schoolOf(caller);
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      if (body.isCurrent) await unsetCurrent(tx, schoolId);
      const [row] = await tx
        .insert(academicSessions)
        .values({ schoolId, label: body.label, startDate: body.startDate, endDate: body.endDate, isCurrent: body.isCurrent })
        .returning();
      return presentSession(row!);
    });
  } catch (err) {
    throw await sessionConflict(deps, schoolId, err, body);
  }
}

/** Edits a session's label or dates; the new dates must not overlap another session either. */
export async function updateSession(deps: Deps, caller: Caller, sessionId: string, body: SessionUpdate): Promise<AcademicSession> {
  const schoolId = schoolOf(caller);
  const where = and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId));
  const set = { label: body.label, startDate: body.startDate, endDate: body.endDate };
  try {
    const db = tenantDb(deps, schoolId);
    const [row] = Object.values(set).some((v) => v !== undefined)
      ? await db.update(academicSessions).set(set).where(where).returning()
      : await db.select().from(academicSessions).where(where);
    if (!row) throw notFound('Session');
    return presentSession(row);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const [current] = await tenantDb(deps, schoolId).select().from(academicSessions).where(where);
    throw await sessionConflict(deps, schoolId, err, {
      id: sessionId,
      label: body.label,
      startDate: body.startDate ?? current?.startDate ?? '',
      endDate: body.endDate ?? current?.endDate ?? '',
    });
  }
}

/** Marks a session current: the old current one stops being so, in the same transaction. */
export async function setCurrentSession(deps: Deps, caller: Caller, sessionId: string): Promise<AcademicSession> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, schoolId, async (tx) => {
    await unsetCurrent(tx, schoolId, sessionId);
    const [row] = await tx
      .update(academicSessions)
      .set({ isCurrent: true })
      .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)))
      .returning();
    if (!row) throw notFound('Session'); // the transaction is rolled back: the old one stays current
    return presentSession(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Master data

export function masterData() {
  return { masterClass: MASTER_CLASSES.map((c) => ({ code: c.code, name: c.name, nameHi: c.nameHi })) };
}

export function masterSubjects() {
  return MASTER_SUBJECTS.map((s) => ({ code: s.code, name: s.name, nameHi: s.nameHi }));
}

/** The days of the week, Sunday a school day only when the school works on Sundays. */
export function weeks(sundayWorking: boolean): MasterWeek[] {
  return WEEK_DAYS.map((d) => ({ day: d.day, code: d.code, name: d.name, nameHi: d.nameHi, isSchoolDay: d.day !== 7 || sundayWorking }));
}

/** The days of the week: Monday to Saturday are school days; Sunday as the school chose. */
export async function masterWeeks(deps: Deps, caller: Caller): Promise<MasterWeek[]> {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, schoolId).select({ sunday: schools.sundayWorking }).from(schools).where(eq(schools.id, schoolId));
  if (!row) throw notFound('School');
  return weeks(row.sunday);
}

export async function setSundayWorking(deps: Deps, caller: Caller, sundayWorking: boolean): Promise<MasterWeek[]> {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, schoolId)
    .update(schools)
    .set({ sundayWorking, updatedAt: now() })
    .where(eq(schools.id, schoolId))
    .returning({ sunday: schools.sundayWorking });
  if (!row) throw notFound('School');
  return weeks(row.sunday);
}

// ---------------------------------------------------------------------------------------------
// Subjects

/** The LIKE pattern of a search: lower-cased, % and _ typed by users match literally. */
function likePattern(search: string | undefined): string | undefined {
  const q = search?.trim().toLowerCase();
  return q ? `%${escapeLike(q)}%` : undefined;
}

/** Master codes whose Hindi name contains the term (a Hindi reader searches in Hindi). */
function hindiMatches(items: readonly { code: string; nameHi: string }[], search: string | undefined): string[] {
  const q = search?.trim();
  return q ? items.filter((i) => i.nameHi.includes(q)).map((i) => i.code) : [];
}

type SubjectRow = typeof subjects.$inferSelect;

function presentSubject(s: Pick<SubjectRow, 'id' | 'name' | 'masterCode' | 'status' | 'createdAt'>): Subject {
  return { subjectId: s.id, name: s.name, masterCode: s.masterCode, status: s.status, createdAt: s.createdAt.toISOString() };
}

const subjectColumns = {
  id: subjects.id,
  name: subjects.name,
  masterCode: subjects.masterCode,
  status: subjects.status,
  createdAt: subjects.createdAt,
};

/** The school's subjects, newest first, with search (name in any case, or a master subject's Hindi name) and status. */
export async function listSubjects(deps: Deps, caller: Caller, q: SubjectListQuery) {
  const schoolId = schoolOf(caller);
  const like = likePattern(q.search);
  const hindi = hindiMatches(MASTER_SUBJECTS, q.search);
  const where = and(
    eq(subjects.schoolId, schoolId),
    q.status === 'all' ? undefined : eq(subjects.status, q.status === 'active'),
    like ? or(sql`lower(${subjects.name}) like ${like}`, hindi.length ? inArray(subjects.masterCode, hindi) : undefined) : undefined,
  );
  const db = tenantDb(deps, schoolId);
  const rows = await db
    .select({ ...subjectColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(subjects)
    .where(where)
    .orderBy(desc(subjects.createdAt), desc(subjects.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (q.page > 1 ? ((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(subjects).where(where))[0]?.n ?? 0) : 0);
  return { items: rows.map(presentSubject), total, page: q.page, pageSize: q.pageSize };
}

function subjectTaken(name: string) {
  return new AppError('CONFLICT', `The subject “${name}” already exists.`, { reason: 'subject_taken', field: 'name', params: { name } });
}

/** A subject name is unique per school in any case (subjects_name_uq). */
async function orSubjectTaken<T>(name: string | undefined, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatedConstraint(err) === 'subjects_name_uq') throw subjectTaken(name ?? '');
    throw err;
  }
}

export async function createSubject(deps: Deps, caller: Caller, body: SubjectInput): Promise<Subject> {
  const schoolId = schoolOf(caller);
  const [row] = await orSubjectTaken(
    body.name,
    tenantDb(deps, schoolId)
      .insert(subjects)
      .values({ schoolId, name: body.name, masterCode: body.masterCode ?? null })
      .returning(subjectColumns),
  );
  return presentSubject(row!);
}

async function changeSubject(deps: Deps, caller: Caller, subjectId: string, set: Partial<typeof subjects.$inferInsert>): Promise<Subject> {
  const schoolId = schoolOf(caller);
  const where = and(eq(subjects.schoolId, schoolId), eq(subjects.id, subjectId));
  const db = tenantDb(deps, schoolId);
  const [row] = Object.values(set).some((v) => v !== undefined)
    ? await orSubjectTaken(set.name, db.update(subjects).set({ ...set, updatedAt: now() }).where(where).returning(subjectColumns))
    : await db.select(subjectColumns).from(subjects).where(where);
  if (!row) throw notFound('Subject');
  return presentSubject(row);
}

/** Renames a subject (or changes the master subject it stands for). */
export function updateSubject(deps: Deps, caller: Caller, subjectId: string, body: Partial<SubjectInput>): Promise<Subject> {
  return changeSubject(deps, caller, subjectId, { name: body.name, masterCode: body.masterCode });
}

export function setSubjectStatus(deps: Deps, caller: Caller, subjectId: string, status: boolean): Promise<Subject> {
  return changeSubject(deps, caller, subjectId, { status });
}

// ---------------------------------------------------------------------------------------------
// Classes and sections

const MASTER_CLASS_NAME = new Map<string, string>(MASTER_CLASSES.map((c) => [c.code, c.name]));

/**
 * Teachers named on a form must be active teachers of the school, checked in one query: an id the
 * school does not have (another school's) answers 404; a user of another role or an inactive
 * teacher answers 400 `not_a_teacher` on the field that named it.
 */
export async function assertTeachers(db: DbOrTx, schoolId: string, named: ReadonlyArray<{ id: string; field: string }>): Promise<void> {
  if (!named.length) return;
  const ids = [...new Set(named.map((n) => n.id))];
  const rows = await db
    .select({ id: users.id, roleId: users.roleId, status: users.status })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), inArray(users.id, ids)));
  const found = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !found.has(id))) throw notFound('Teacher');
  const wrong = named.find((n) => {
    const u = found.get(n.id)!;
    return kindOfRole(u.roleId) !== 'teachers' || !u.status;
  });
  if (wrong) throw new AppError('BAD_REQUEST', 'Choose an active teacher of this school.', { reason: 'not_a_teacher', field: wrong.field });
}

function classTaken(className: string, section: string, field: string) {
  return new AppError('CONFLICT', `Class ${className} section ${section} already exists in this session.`, {
    reason: 'class_taken',
    field,
    params: { className, section },
  });
}

/** Adds a class with one or more sections to a session, in one transaction (all or none). */
export async function createClass(deps: Deps, caller: Caller, body: ClassInput): Promise<ClassSummary[]> {
  const schoolId = schoolOf(caller);
  const name = MASTER_CLASS_NAME.get(body.masterClass) ?? body.masterClass;
  // The same section twice in one form: the second one is the conflict.
  const seen = new Set<string>();
  body.sections.forEach((s, i) => {
    if (seen.has(s.section)) throw classTaken(name, s.section, `sections.${i}.section`);
    seen.add(s.section);
  });
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      const [session] = await tx
        .select({ id: academicSessions.id })
        .from(academicSessions)
        .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, body.sessionId)));
      if (!session) throw notFound('Session');
      await assertTeachers(
        tx,
        schoolId,
        body.sections.flatMap((s, i) => (s.classTeacherId ? [{ id: s.classTeacherId, field: `sections.${i}.classTeacherId` }] : [])),
      );
      const rows = await tx
        .insert(classes)
        .values(
          body.sections.map((s) => ({
            schoolId,
            sessionId: body.sessionId,
            masterClass: body.masterClass,
            name,
            section: s.section,
            classLimit: s.classLimit,
            classTeacherId: s.classTeacherId ?? null,
          })),
        )
        .returning({ id: classes.id });
      return classSummaries(tx, schoolId, rows.map((r) => r.id));
    });
  } catch (err) {
    if (violatedConstraint(err) !== 'classes_name_uq') throw err;
    // Which section was taken (the failed transaction is over; a fresh read names it).
    const taken = await tenantDb(deps, schoolId)
      .select({ section: classes.section })
      .from(classes)
      .where(
        and(
          eq(classes.schoolId, schoolId),
          eq(classes.sessionId, body.sessionId),
          eq(classes.name, name),
          inArray(
            classes.section,
            body.sections.map((s) => s.section),
          ),
        ),
      );
    const takenSet = new Set(taken.map((t) => t.section));
    const i = Math.max(0, body.sections.findIndex((s) => takenSet.has(s.section)));
    throw classTaken(name, body.sections[i]!.section, `sections.${i}.section`);
  }
}

/** The class row with its number of students, locked for the change that follows. */
async function lockClass(tx: DbOrTx, schoolId: string, assignClassId: string) {
  const [row] = await tx
    .select({
      name: classes.name,
      section: classes.section,
      students: sql<number>`(select count(*) from ${classStudents} where ${classStudents.classId} = ${classes.id})`.mapWith(Number),
      subjects: sql<number>`(select count(*) from ${classSubjects} where ${classSubjects.classId} = ${classes.id})`.mapWith(Number),
    })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)))
    .for('update', { of: classes });
  if (!row) throw notFound('Class');
  return row;
}

/** Edits a section: its name, class limit (not below its number of students) or class teacher. */
export async function updateClass(
  deps: Deps,
  caller: Caller,
  assignClassId: string,
  body: { section?: string; classLimit?: number; classTeacherId?: string | null },
): Promise<ClassSummary> {
  const schoolId = schoolOf(caller);
  let className = '';
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      const row = await lockClass(tx, schoolId, assignClassId);
      className = row.name;
      if (body.classLimit !== undefined && body.classLimit < row.students) {
        throw new AppError('CONFLICT', `Class ${row.name}-${row.section} has ${row.students} students; its limit cannot be lower.`, {
          reason: 'class_full',
          field: 'classLimit',
          params: { limit: body.classLimit, className: row.name, section: row.section, free: 0, students: row.students },
        });
      }
      if (body.classTeacherId) await assertTeachers(tx, schoolId, [{ id: body.classTeacherId, field: 'classTeacherId' }]);
      const set = { section: body.section, classLimit: body.classLimit, classTeacherId: body.classTeacherId };
      if (Object.values(set).some((v) => v !== undefined)) {
        await tx
          .update(classes)
          .set({ ...set, updatedAt: now() })
          .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)));
      }
      return classSummary(tx, schoolId, assignClassId);
    });
  } catch (err) {
    if (violatedConstraint(err) === 'classes_name_uq') throw classTaken(className, body.section ?? '', 'section');
    throw err;
  }
}

/** Removes a section that has no students and no subjects. */
export async function deleteClass(deps: Deps, caller: Caller, assignClassId: string): Promise<void> {
  const schoolId = schoolOf(caller);
  await inTenant(deps, schoolId, async (tx) => {
    const row = await lockClass(tx, schoolId, assignClassId);
    if (row.students > 0 || row.subjects > 0) {
      throw new AppError('CONFLICT', `This section has ${row.students} students and ${row.subjects} subjects. Remove them first.`, {
        reason: 'class_not_empty',
        params: { students: row.students, subjects: row.subjects },
      });
    }
    await tx.delete(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)));
  });
}

/** "Class 5", "कक्षा 5" typed in the search box find class 5. */
function classSearch(search: string | undefined) {
  const term = search?.trim().replace(/^(class|कक्षा)\s*/i, '');
  return { like: likePattern(term), hindi: hindiMatches(MASTER_CLASSES, term) };
}

/**
 * One statement per page: the classes and sections of a session in master order, with their
 * counts and status, and the total riding along. Prepared once per school handle and shape.
 */
function classListQuery(db: Db, filtered: boolean, search: boolean) {
  const name = `structure_class_list_${filtered ? 'status' : 'all'}_${search ? 'search' : 'page'}`;
  return prepared(db, name, (db) => {
    const where: SQL[] = [eq(classes.schoolId, sql.placeholder('school')), eq(classes.sessionId, sql.placeholder('session'))];
    if (filtered) where.push(sql`${statusSql} = ${sql.placeholder('status')}`);
    if (search) {
      where.push(
        sql`(lower(${classes.name}) like ${sql.placeholder('like')} or lower(${classes.section}) like ${sql.placeholder('like')}
          or ${classes.masterClass} = any(${sql.placeholder('hindi')}::text[]))`,
      );
    }
    return summaryQuery(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
      .where(and(...where))
      .orderBy(...classOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

/** The classes and sections of a session (`classList`, and `getallassignclass/:sessionId`). */
export async function listClasses(deps: Deps, caller: Caller, sessionId: string, q: Omit<ClassListQuery, 'sessionId'>) {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const { like, hindi } = classSearch(q.search);
  const rows = await classListQuery(db, q.status !== 'all', like !== undefined).execute({
    school: schoolId,
    session: sessionId,
    status: q.status,
    like,
    hindi: `{${hindi.join(',')}}`,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  let total = rows[0]?.total ?? 0;
  if (!rows.length) {
    // No row: another school's session is a 404; a page past the end still tells the total.
    const [session] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)));
    if (!session) throw notFound('Session');
    if (q.page > 1) {
      const all = await classListQuery(db, q.status !== 'all', like !== undefined).execute({
        school: schoolId,
        session: sessionId,
        status: q.status,
        like,
        hindi: `{${hindi.join(',')}}`,
        limit: 1,
        offset: 0,
      });
      total = all[0]?.total ?? 0;
    }
  }
  return { items: rows.map((r) => presentSummary(r)), total, page: q.page, pageSize: q.pageSize };
}
