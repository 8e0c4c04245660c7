import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE } from '@shala/contract';
import {
  PERIODS_MAX,
  minutesOf,
  timeOf,
  type BusySlot,
  type ClassRef,
  type Period,
  type PeriodInput,
  type PeriodUpdate,
  type TeacherWeek,
  type TimetableBody,
  type TimetableCell,
  type TimetableView,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { classRefColumns } from '../../db/class-ref.js';
import { prepared } from '../../db/prepared.js';
import { academicSessions, classSubjects, classes, periods, schools, subjects, timetableEntries, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { timetablePolicy } from '../../policy/timetable.js';
import { assertTeachers, ref, weeks } from '../academics/index.js';

/**
 * Periods of a session and the timetables of its classes. The database keeps the rules: periods
 * never overlap (`periods_no_overlap`) and have unique names (`periods_name_uq`); one cell per
 * class, day and period (`timetable_cell_pk`); one class per teacher, day and period
 * (`timetable_teacher_uq`); a period used by a timetable or attendance stays (`*_period_fk`).
 * Each broken rule answers 409 naming the conflict.
 */

// ---------------------------------------------------------------------------------------------
// Periods

type PeriodRow = Pick<typeof periods.$inferSelect, 'id' | 'sessionId' | 'name' | 'startMinute' | 'endMinute' | 'isBreak'>;

const periodColumns = {
  id: periods.id,
  sessionId: periods.sessionId,
  name: periods.name,
  startMinute: periods.startMinute,
  endMinute: periods.endMinute,
  isBreak: periods.isBreak,
};

function presentPeriod(p: PeriodRow): Period {
  return { periodId: p.id, sessionId: p.sessionId, name: p.name, startTime: timeOf(p.startMinute), endTime: timeOf(p.endMinute), isBreak: p.isBreak };
}

/** The periods of a session by start time, one prepared statement. */
function sessionPeriods(db: Db, schoolId: string, sessionId: string): Promise<PeriodRow[]> {
  const query = prepared(db, 'timetable_session_periods', (db, name) =>
    db
      .select(periodColumns)
      .from(periods)
      .where(and(eq(periods.schoolId, sql.placeholder('school')), eq(periods.sessionId, sql.placeholder('session'))))
      .orderBy(asc(periods.startMinute))
      .prepare(name),
  );
  return query.execute({ school: schoolId, session: sessionId });
}

async function assertSession(db: Db, schoolId: string, sessionId: string): Promise<void> {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)));
  if (!row) throw notFound('Session');
}

/** `GET period/:sessionId`: a session's periods by start time (another school's session: 404). */
export async function listPeriods(deps: Deps, caller: Caller, sessionId: string): Promise<Period[]> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const rows = await sessionPeriods(db, schoolId, sessionId);
  if (!rows.length) await assertSession(db, schoolId, sessionId);
  return rows.map(presentPeriod);
}

/**
 * A broken period rule as a 409 that names it. The exclusion constraint decides an overlap; the
 * period it overlaps is read afterwards (the failed statement is over) for the message.
 */
async function periodConflict(
  deps: Deps,
  schoolId: string,
  err: unknown,
  p: { sessionId: string; periodId?: string; name?: string; start?: number; end?: number },
): Promise<unknown> {
  const constraint = violatedConstraint(err);
  if (constraint === 'periods_no_overlap' && p.start !== undefined && p.end !== undefined) {
    const [other] = await tenantDb(deps, schoolId)
      .select({ name: periods.name })
      .from(periods)
      .where(
        and(
          eq(periods.schoolId, schoolId),
          eq(periods.sessionId, p.sessionId),
          p.periodId ? ne(periods.id, p.periodId) : undefined,
          sql`int4range(${periods.startMinute}, ${periods.endMinute}) && int4range(${p.start}::int, ${p.end}::int)`,
        ),
      )
      .orderBy(asc(periods.startMinute))
      .limit(1);
    return new AppError('CONFLICT', `This time overlaps the period ${other?.name ?? ''}.`, {
      reason: 'period_overlap',
      field: 'startTime',
      params: { name: other?.name ?? '' },
    });
  }
  if (constraint === 'periods_name_uq') {
    return new AppError('CONFLICT', `A period named ${p.name ?? ''} already exists in this session.`, {
      reason: 'period_name_taken',
      field: 'name',
      params: { name: p.name ?? '' },
    });
  }
  if (constraint === 'periods_minutes_ck') {
    return new AppError('VALIDATION_ERROR', 'The end time must be after the start time.', { field: 'endTime' });
  }
  return err;
}

/** `POST period/:sessionId`: adds a period; at most PERIODS_MAX per session (the session row is locked while counting). */
export async function createPeriod(deps: Deps, caller: Caller, sessionId: string, body: PeriodInput): Promise<Period> {
  const schoolId = schoolOf(caller);
  const start = minutesOf(body.startTime);
  const end = minutesOf(body.endTime);
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      const [session] = await tx
        // Qualified by hand: Drizzle leaves a one-table select's columns bare (a bare "id" here would be the period's).
        .select({ count: sql<number>`(select count(*) from ${periods} p where p.session_id = ${sql.identifier('academic_sessions')}.${sql.identifier('id')})`.mapWith(Number) })
        .from(academicSessions)
        .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)))
        .for('update');
      if (!session) throw notFound('Session');
      if (session.count >= PERIODS_MAX) {
        throw new AppError('CONFLICT', `A session has at most ${PERIODS_MAX} periods.`, { reason: 'periods_max', params: { max: PERIODS_MAX } });
      }
      const [row] = await tx
        .insert(periods)
        .values({ schoolId, sessionId, name: body.name, startMinute: start, endMinute: end, isBreak: body.isBreak })
        .returning(periodColumns);
      return presentPeriod(row!);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw await periodConflict(deps, schoolId, err, { sessionId, name: body.name, start, end });
  }
}

/** `PATCH period/:sessionId/:periodId`: edits a period's name, times or break. */
export async function updatePeriod(deps: Deps, caller: Caller, sessionId: string, periodId: string, body: PeriodUpdate): Promise<Period> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const where = and(eq(periods.schoolId, schoolId), eq(periods.sessionId, sessionId), eq(periods.id, periodId));
  const set = {
    name: body.name,
    startMinute: body.startTime === undefined ? undefined : minutesOf(body.startTime),
    endMinute: body.endTime === undefined ? undefined : minutesOf(body.endTime),
    isBreak: body.isBreak,
  };
  try {
    const [row] = Object.values(set).some((v) => v !== undefined)
      ? await db.update(periods).set(set).where(where).returning(periodColumns)
      : await db.select(periodColumns).from(periods).where(where);
    if (!row) throw notFound('Period');
    return presentPeriod(row);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const [current] = await db.select(periodColumns).from(periods).where(where);
    throw await periodConflict(deps, schoolId, err, {
      sessionId,
      periodId,
      name: body.name,
      start: set.startMinute ?? current?.startMinute,
      end: set.endMinute ?? current?.endMinute,
    });
  }
}

/** `DELETE period/:sessionId/:periodId`: removes a period no timetable or attendance uses. */
export async function deletePeriod(deps: Deps, caller: Caller, sessionId: string, periodId: string): Promise<void> {
  const schoolId = schoolOf(caller);
  try {
    const [row] = await tenantDb(deps, schoolId)
      .delete(periods)
      .where(and(eq(periods.schoolId, schoolId), eq(periods.sessionId, sessionId), eq(periods.id, periodId)))
      .returning({ id: periods.id });
    if (!row) throw notFound('Period');
  } catch (err) {
    const constraint = violatedConstraint(err);
    if (constraint === 'timetable_period_fk' || constraint === 'attendance_period_fk') {
      throw new AppError('CONFLICT', 'This period is used by a timetable or by attendance, so it cannot be removed.', { reason: 'period_in_use' });
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Timetable of a class

const cellTeacher = alias(users, 'cell_teacher');

function subjectRef(r: { subjectId: string; subjectName: string; masterCode: string | null }) {
  return { subjectId: r.subjectId, name: r.subjectName, masterCode: r.masterCode };
}

function classRef(r: ClassRef): ClassRef {
  return { assignClassId: r.assignClassId, masterClass: r.masterClass, className: r.className, section: r.section };
}

/** The cells of a class with subject and teacher names, one prepared statement. */
async function classCells(db: Db, schoolId: string, assignClassId: string): Promise<TimetableCell[]> {
  const query = prepared(db, 'timetable_class_cells', (db, name) =>
    db
      .select({
        day: timetableEntries.day,
        periodId: timetableEntries.periodId,
        subjectId: subjects.id,
        subjectName: subjects.name,
        masterCode: subjects.masterCode,
        teacherId: cellTeacher.id,
        teacherFirst: cellTeacher.firstName,
        teacherLast: cellTeacher.lastName,
        teacherLogin: cellTeacher.loginId,
      })
      .from(timetableEntries)
      .innerJoin(subjects, eq(subjects.id, timetableEntries.subjectId))
      .leftJoin(cellTeacher, eq(cellTeacher.id, timetableEntries.teacherId))
      .where(and(eq(timetableEntries.schoolId, sql.placeholder('school')), eq(timetableEntries.classId, sql.placeholder('id'))))
      .orderBy(asc(timetableEntries.day), asc(timetableEntries.periodId))
      .prepare(name),
  );
  const rows = await query.execute({ school: schoolId, id: assignClassId });
  return rows.map((r) => ({ day: r.day, periodId: r.periodId, subject: subjectRef(r), teacher: ref(r.teacherId, r.teacherFirst, r.teacherLast, r.teacherLogin) }));
}

/**
 * The other classes' slots of this class's teachers (its subjects' teachers and the teachers of
 * its cells), one prepared statement: the grid shows a clash before saving.
 */
async function busySlots(db: Db, schoolId: string, sessionId: string, assignClassId: string): Promise<BusySlot[]> {
  const query = prepared(db, 'timetable_busy_slots', (db, name) => {
    const id = sql.placeholder('id');
    return db
      .select({ teacherId: timetableEntries.teacherId, day: timetableEntries.day, periodId: timetableEntries.periodId, ...classRefColumns })
      .from(timetableEntries)
      .innerJoin(classes, eq(classes.id, timetableEntries.classId))
      .where(
        and(
          eq(timetableEntries.schoolId, sql.placeholder('school')),
          eq(timetableEntries.sessionId, sql.placeholder('session')),
          ne(timetableEntries.classId, id),
          sql`${timetableEntries.teacherId} in (
            select x.teacher_id from ${classSubjects} x where x.class_id = ${id} and x.teacher_id is not null
            union select y.teacher_id from ${timetableEntries} y where y.class_id = ${id} and y.teacher_id is not null)`,
        ),
      )
      .prepare(name);
  });
  const rows = await query.execute({ school: schoolId, session: sessionId, id: assignClassId });
  return rows.map((r) => ({ teacherId: r.teacherId!, day: r.day, periodId: r.periodId, class: classRef(r) }));
}

/**
 * `GET timetable/:assignClassId`: the class, its session's periods, the school's days, the cells
 * and, for editors, the busy slots. Four statements whatever the size of the grid (three for readers).
 */
export async function getTimetable(deps: Deps, caller: Caller, assignClassId: string): Promise<TimetableView> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const cls = await timetablePolicy.visibleClass(db, caller, schoolId, assignClassId);
  const [periodRows, cells, busy] = await Promise.all([
    sessionPeriods(db, schoolId, cls.sessionId),
    classCells(db, schoolId, assignClassId),
    timetablePolicy.isEditor(caller) ? busySlots(db, schoolId, cls.sessionId, assignClassId) : Promise.resolve([]),
  ]);
  return {
    class: { ...cls.ref, sessionId: cls.sessionId },
    periods: periodRows.map(presentPeriod),
    days: weeks(cls.sundayWorking).filter((d) => d.isSchoolDay),
    cells,
    busy,
  };
}

function badCell(reason: 'not_a_period' | 'period_is_break' | 'subject_not_in_class' | 'duplicate_cell', message: string, field: string, params?: Record<string, string | number>) {
  return new AppError('BAD_REQUEST', message, { reason, field, params });
}

/** The class locked for the save, with its session and the school's Sunday rule. */
async function lockClass(tx: Tx, schoolId: string, assignClassId: string) {
  const [row] = await tx
    .select({ ...classRefColumns, sessionId: classes.sessionId, sundayWorking: schools.sundayWorking })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)))
    .for('update', { of: classes });
  if (!row) throw notFound('Class');
  return row;
}

interface Clash {
  teacherId: string;
  day: number;
  periodId: string;
}

/** The first of the given slots that another class already fills with the same teacher, named for the 409. */
async function findClash(db: Db, schoolId: string, assignClassId: string, slots: readonly Clash[]) {
  if (!slots.length) return null;
  const otherClass = alias(classes, 'other_class');
  const tuples = sql.join(
    slots.map((s) => sql`(${s.teacherId}::uuid, ${s.day}::smallint, ${s.periodId}::uuid)`),
    sql`, `,
  );
  const [row] = await db
    .select({
      teacherId: timetableEntries.teacherId,
      day: timetableEntries.day,
      periodId: timetableEntries.periodId,
      className: otherClass.name,
      section: otherClass.section,
      period: periods.name,
      first: users.firstName,
      last: users.lastName,
    })
    .from(timetableEntries)
    .innerJoin(otherClass, eq(otherClass.id, timetableEntries.classId))
    .innerJoin(periods, eq(periods.id, timetableEntries.periodId))
    .innerJoin(users, eq(users.id, timetableEntries.teacherId))
    .where(
      and(
        eq(timetableEntries.schoolId, schoolId),
        ne(timetableEntries.classId, assignClassId),
        sql`(${timetableEntries.teacherId}, ${timetableEntries.day}, ${timetableEntries.periodId}) in (${tuples})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

function teacherBusy(clash: NonNullable<Awaited<ReturnType<typeof findClash>>>, index: number) {
  const name = [clash.first, clash.last].filter(Boolean).join(' ');
  return new AppError('CONFLICT', `${name} already teaches ${clash.className}-${clash.section} in ${clash.period} on that day.`, {
    reason: 'teacher_busy',
    field: `cells.${index}`,
    params: { name, className: clash.className, section: clash.section, day: clash.day, period: clash.period },
  });
}

/**
 * `POST timetable/:assignClassId`: replaces the whole grid of a class in one transaction. Each
 * cell's teacher is the one sent, else the subject's teacher in the class (may be none). The
 * body is checked in batch (periods, subjects, teachers, days, duplicates); a teacher already in
 * another class at that day and period answers 409 `teacher_busy` naming the other class (found
 * by a pre-check, guaranteed by `timetable_teacher_uq`). Nothing is saved on any refusal.
 */
export async function saveTimetable(deps: Deps, caller: Caller, assignClassId: string, body: TimetableBody): Promise<TimetableView> {
  const schoolId = schoolOf(caller);
  const { cells } = body;
  // The same day and period twice in the body: the second one is the mistake.
  const seen = new Set<string>();
  const duplicate = cells.findIndex((c) => {
    const key = `${c.day}:${c.periodId}`;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
  let slots: Clash[] = [];
  try {
    await inTenant(deps, schoolId, async (tx) => {
      const cls = await lockClass(tx, schoolId, assignClassId);
      const periodIds = [...new Set(cells.map((c) => c.periodId))];
      const subjectIds = [...new Set(cells.map((c) => c.subjectId))];
      // One statement for the periods, one for the subjects (a transaction runs one at a time).
      const periodRows = periodIds.length
          ? await tx
              .select({ id: periods.id, name: periods.name, sessionId: periods.sessionId, isBreak: periods.isBreak })
              .from(periods)
              .where(and(eq(periods.schoolId, schoolId), inArray(periods.id, periodIds)))
          : [];
      const subjectRows = subjectIds.length
          ? await tx
              .select({ id: subjects.id, name: subjects.name, inClass: sql<boolean>`${classSubjects.subjectId} is not null`, teacherId: classSubjects.teacherId })
              .from(subjects)
              .leftJoin(classSubjects, and(eq(classSubjects.classId, assignClassId), eq(classSubjects.subjectId, subjects.id)))
              .where(and(eq(subjects.schoolId, schoolId), inArray(subjects.id, subjectIds)))
          : [];
      const periodById = new Map(periodRows.map((p) => [p.id, p]));
      const subjectById = new Map(subjectRows.map((s) => [s.id, s]));
      cells.forEach((c, i) => {
        const p = periodById.get(c.periodId);
        if (!p || p.sessionId !== cls.sessionId) throw badCell('not_a_period', "This period does not belong to the class's session.", `cells.${i}.periodId`);
        if (p.isBreak) throw badCell('period_is_break', `${p.name} is a break: nothing is taught in it.`, `cells.${i}.periodId`, { name: p.name });
        const s = subjectById.get(c.subjectId);
        if (!s) throw notFound('Subject');
        if (!s.inClass) throw badCell('subject_not_in_class', `“${s.name}” is not a subject of this class.`, `cells.${i}.subjectId`, { name: s.name });
        if (c.day === 7 && !cls.sundayWorking) throw new AppError('VALIDATION_ERROR', 'Sunday is not a school day.', { reason: 'not_school_day', field: `cells.${i}.day` });
      });
      if (duplicate >= 0) {
        const c = cells[duplicate]!;
        throw badCell('duplicate_cell', 'The same day and period appears twice.', `cells.${duplicate}`, { day: c.day, period: periodById.get(c.periodId)!.name });
      }
      await assertTeachers(
        tx,
        schoolId,
        cells.flatMap((c, i) => (c.teacherId ? [{ id: c.teacherId, field: `cells.${i}.teacherId` }] : [])),
      );
      const rows = cells.map((c) => ({
        schoolId,
        sessionId: cls.sessionId,
        classId: assignClassId,
        day: c.day,
        periodId: c.periodId,
        subjectId: c.subjectId,
        teacherId: c.teacherId ?? subjectById.get(c.subjectId)!.teacherId ?? null,
      }));
      slots = rows.flatMap((r) => (r.teacherId ? [{ teacherId: r.teacherId, day: r.day, periodId: r.periodId }] : []));
      const clash = await findClash(tx, schoolId, assignClassId, slots);
      if (clash) throw teacherBusy(clash, clashIndex(rows, clash));
      await tx.delete(timetableEntries).where(and(eq(timetableEntries.schoolId, schoolId), eq(timetableEntries.classId, assignClassId)));
      if (rows.length) await tx.insert(timetableEntries).values(rows);
    });
  } catch (err) {
    if (violatedConstraint(err) !== 'timetable_teacher_uq') throw err;
    // Another save took the slot between the pre-check and the insert: name it (the transaction is over).
    const clash = await findClash(tenantDb(deps, schoolId), schoolId, assignClassId, slots);
    if (!clash) throw err;
    throw teacherBusy(
      clash,
      cells.findIndex((c) => c.day === clash.day && c.periodId === clash.periodId),
    );
  }
  return getTimetable(deps, caller, assignClassId);
}

function clashIndex(rows: ReadonlyArray<{ day: number; periodId: string; teacherId: string | null }>, clash: { day: number; periodId: string; teacherId: string | null }) {
  return Math.max(
    0,
    rows.findIndex((r) => r.day === clash.day && r.periodId === clash.periodId && r.teacherId === clash.teacherId),
  );
}

// ---------------------------------------------------------------------------------------------
// A teacher's week

/**
 * `GET timetable/teacher`: a teacher's cells across all its classes in a session. A teacher reads
 * its own (another id: 404); admins name the teacher. Three statements.
 */
export async function teacherWeek(deps: Deps, caller: Caller, q: { sessionId: string; teacherId?: string }): Promise<TeacherWeek> {
  const schoolId = schoolOf(caller);
  const teacherId = timetablePolicy.weekOwner(caller, q.teacherId);
  if (!teacherId) throw new AppError('BAD_REQUEST', 'Name a teacher.', { field: 'teacherId' });
  const db = tenantDb(deps, schoolId);
  // The teacher, the session and the school's Sunday rule, in one statement.
  const [found] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      loginId: users.loginId,
      sessionId: academicSessions.id,
      sundayWorking: schools.sundayWorking,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(academicSessions, and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, q.sessionId)))
    .where(and(eq(users.schoolId, schoolId), eq(users.id, teacherId), eq(users.roleId, ROLE.TEACHER)));
  if (!found) throw notFound('Teacher');
  if (!found.sessionId) throw notFound('Session');
  const [periodRows, cellRows] = await Promise.all([
    sessionPeriods(db, schoolId, q.sessionId),
    db
      .select({
        day: timetableEntries.day,
        periodId: timetableEntries.periodId,
        ...classRefColumns,
        subjectId: subjects.id,
        subjectName: subjects.name,
        masterCode: subjects.masterCode,
      })
      .from(timetableEntries)
      .innerJoin(classes, eq(classes.id, timetableEntries.classId))
      .innerJoin(subjects, eq(subjects.id, timetableEntries.subjectId))
      .where(and(eq(timetableEntries.schoolId, schoolId), eq(timetableEntries.sessionId, q.sessionId), eq(timetableEntries.teacherId, teacherId)))
      .orderBy(asc(timetableEntries.day)),
  ]);
  return {
    teacher: ref(found.userId, found.firstName, found.lastName, found.loginId)!,
    periods: periodRows.map(presentPeriod),
    days: weeks(found.sundayWorking).filter((d) => d.isSchoolDay),
    cells: cellRows.map((r) => ({ day: r.day, periodId: r.periodId, class: classRef(r), subject: subjectRef(r) })),
  };
}
