import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE } from '@shala/contract';
import type {
  AssignStudentsBody,
  ClassDetail,
  ClassSummary,
  ManualRollBody,
  PersonSummary,
  PromotionBody,
  PromotionResult,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { academicSessions, classStudents, classes, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { prepared } from '../../db/prepared.js';
import { peoplePolicy } from '../../policy/people.js';
import { fullName } from '../users/service.js';
import { presentSummary, searchOf, selectSummary } from '../people/service.js';
import { classDetail, classStudentList, classSummary } from './read.js';

/**
 * Students into classes, roll numbers and year-end promotion. Every write is one transaction with
 * a constant number of statements whatever the number of students: the class row is locked
 * (FOR UPDATE) first, so two requests cannot both fill its last place or hand out the same roll
 * number; the students are checked as one set (another school's id or a non-student makes the
 * whole request 404); then one INSERT or UPDATE writes them all.
 *
 * Roll numbers: students put into a class get the numbers after its highest, in name order;
 * a student moved to another section gets the next number there (the old section keeps a gap
 * until it is numbered again); promotion numbers the whole target class by name.
 */

type Scope = string;
const UNIQUE_PLACE = 'class_students_school_id_session_id_student_id_pk';
const UNIQUE_ROLL = 'class_students_roll_uq';
/** A fee record names its student's place in the class (fees, migration 0011). */
const FEE_RECORD_PLACE = 'fee_records_place_fk';
const EXAM_MARKS_PLACE = 'exam_marks_place_fk';

interface LockedClass {
  id: string;
  sessionId: string;
  name: string;
  section: string;
  classLimit: number;
  startDate: string;
}

/** Locks one class of the school (FOR UPDATE, until the transaction ends); 404 when it is not one. */
async function lockClass(tx: Tx, schoolId: Scope, assignClassId: string): Promise<LockedClass> {
  const [found] = await lockClasses(tx, schoolId, [assignClassId]);
  if (!found) throw notFound('Class');
  return found;
}

async function lockClasses(tx: Tx, schoolId: Scope, ids: string[]): Promise<LockedClass[]> {
  return tx
    .select({
      id: classes.id,
      sessionId: classes.sessionId,
      name: classes.name,
      section: classes.section,
      classLimit: classes.classLimit,
      startDate: academicSessions.startDate,
    })
    .from(classes)
    .innerJoin(academicSessions, eq(academicSessions.id, classes.sessionId))
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.id, ids)))
    .orderBy(asc(classes.id)) // one lock order, so two promotions cannot deadlock
    .for('update', { of: classes });
}

function assertRoom(cls: LockedClass, present: number, adding: number) {
  if (present + adding > cls.classLimit) {
    throw new AppError('CONFLICT', `Class ${cls.name}-${cls.section} holds at most ${cls.classLimit} students.`, {
      reason: 'class_full',
      params: { limit: cls.classLimit, className: cls.name, section: cls.section, free: Math.max(0, cls.classLimit - present) },
    });
  }
}

const otherClass = alias(classes, 'other_class');
const otherPlace = alias(classStudents, 'other_place');

/**
 * The students of a set (of the school) with their status and their class in the class's session,
 * if any, and how many students the class has now: one prepared statement (the ids travel as one
 * array), run after the class's lock is held, so under READ COMMITTED its count sees what a
 * request that held the lock before has committed.
 */
function placesQuery(db: DbOrTx) {
  return prepared(db, 'enrolment_places', (db) => {
    const school = sql.placeholder('school');
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        status: users.status,
        classId: otherPlace.classId,
        className: otherClass.name,
        section: otherClass.section,
        present: sql<number>`(select count(*) from class_students n where n.school_id = ${school} and n.class_id = ${sql.placeholder('class')})`.mapWith(Number),
      })
      .from(users)
      .leftJoin(
        otherPlace,
        and(eq(otherPlace.schoolId, school), eq(otherPlace.sessionId, sql.placeholder('session')), eq(otherPlace.studentId, users.id)),
      )
      .leftJoin(otherClass, eq(otherClass.id, otherPlace.classId))
      .where(and(eq(users.schoolId, school), eq(users.roleId, ROLE.STUDENT), sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .prepare('enrolment_places');
  });
}

async function studentsWithPlace(tx: DbOrTx, schoolId: Scope, cls: LockedClass, ids: string[]) {
  const rows = await placesQuery(tx).execute({ school: schoolId, class: cls.id, session: cls.sessionId, ids });
  return { students: rows, present: rows[0]?.present ?? 0 };
}

function inClassConflict(s: { firstName: string; lastName: string; className: string | null; section: string | null }) {
  const name = fullName(s);
  return new AppError('CONFLICT', `${name} is already in class ${s.className}-${s.section} this session.`, {
    reason: 'student_in_class',
    params: { name, className: s.className ?? '', section: s.section ?? '' },
  });
}

const notAStudent = () => new AppError('BAD_REQUEST', 'Choose active students of this school.', { reason: 'not_a_student' });
const notInClass = (name: string) => new AppError('BAD_REQUEST', `${name} is not in this class.`, { reason: 'not_in_class', params: { name } });
const rollTaken = (rollNo: number | string) =>
  new AppError('CONFLICT', `Roll number ${rollNo} is given twice.`, { reason: 'roll_taken', params: { rollNo } });

/** A rule the database kept when two requests raced past the checks: the 409 names it. */
function mapConstraint(err: unknown): never {
  const constraint = violatedConstraint(err);
  if (constraint === UNIQUE_PLACE) {
    throw new AppError('CONFLICT', 'A student is already in a class this session.', {
      reason: 'student_in_class',
      params: { name: '', className: '', section: '' },
    });
  }
  if (constraint === UNIQUE_ROLL) throw rollTaken('');
  throw err;
}

/** Runs a write in the school's transaction, mapping the database's rules to named conflicts. */
async function write<T>(deps: Deps, schoolId: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await inTenant(deps, schoolId, fn);
  } catch (err) {
    if (err instanceof AppError || err instanceof DryRun) throw err;
    return mapConstraint(err);
  }
}

/** Next roll numbers of a class: after its highest, in name order (the statement's own snapshot). */
const nextRoll = (assignClassId: string) =>
  sql`coalesce((select max(x.roll_no) from class_students x where x.class_id = ${assignClassId}), 0)`;

// ---------------------------------------------------------------------------------------------
// Put students into a class, move, take out

export async function assignStudents(deps: Deps, caller: Caller, body: AssignStudentsBody): Promise<ClassSummary> {
  const schoolId = scopeOf(caller);
  const ids = [...new Set(body.studentIds)];
  return write(deps, schoolId, async (tx) => {
    const cls = await lockClass(tx, schoolId, body.assignClassId);
    const allowed = await peoplePolicy.accessible(tx, schoolId, 'students', ids);
    if (allowed.size !== ids.length) throw notFound('Student');
    const { students, present } = await studentsWithPlace(tx, schoolId, cls, ids);
    if (students.some((s) => !s.status)) throw notAStudent();
    const placed = students.find((s) => s.classId !== null);
    if (placed) throw inClassConflict(placed);
    assertRoom(cls, present, ids.length);
    await tx.execute(sql`
      insert into class_students (school_id, session_id, class_id, student_id, roll_no)
      select ${schoolId}::uuid, ${cls.sessionId}::uuid, ${cls.id}::uuid, users.id,
        ${nextRoll(cls.id)} + row_number() over (order by users.first_name, users.last_name, users.id)
      from users where users.school_id = ${schoolId} and ${inArray(users.id, ids)}`);
    return classSummary(tx, schoolId, cls.id);
  });
}

/** Moves a student to another class of the same session; it takes the next roll number there. */
export async function moveStudent(deps: Deps, caller: Caller, studentId: string, assignClassId: string): Promise<ClassSummary> {
  const schoolId = scopeOf(caller);
  return write(deps, schoolId, async (tx) => {
    const target = await lockClass(tx, schoolId, assignClassId);
    const { students, present } = await studentsWithPlace(tx, schoolId, target, [studentId]);
    const [student] = students;
    if (!student) throw notFound('Student');
    if (student.classId === null) throw notInClass(fullName(student));
    if (student.classId === target.id) throw new AppError('BAD_REQUEST', 'The student is already in this section.', { reason: 'same_class' });
    assertRoom(target, present, 1);
    await tx
      .update(classStudents)
      .set({ classId: target.id, rollNo: sql`${nextRoll(target.id)} + 1` })
      .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.sessionId, target.sessionId), eq(classStudents.studentId, studentId)));
    return classSummary(tx, schoolId, target.id);
  });
}

/**
 * Takes a student out of its class of a session (one statement; nothing there: 404). A student with
 * a fee record in that class stays (the record's foreign key `fee_records_place_fk`): 409
 * `student_has_fees`; one with exam marks (`exam_marks_place_fk`): 409 `student_has_marks`.
 */
export async function unassignStudent(deps: Deps, caller: Caller, studentId: string, sessionId: string): Promise<void> {
  const schoolId = scopeOf(caller);
  let gone: { id: string }[];
  try {
    gone = await tenantDb(deps, schoolId)
      .delete(classStudents)
      .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.sessionId, sessionId), eq(classStudents.studentId, studentId)))
      .returning({ id: classStudents.studentId });
  } catch (err) {
    if (violatedConstraint(err) === FEE_RECORD_PLACE) {
      throw new AppError('CONFLICT', 'This student has a fee record in this class: remove the record first.', { reason: 'student_has_fees' });
    }
    if (violatedConstraint(err) === EXAM_MARKS_PLACE) {
      throw new AppError('CONFLICT', 'This student has exam marks in this class.', { reason: 'student_has_marks' });
    }
    throw err;
  }
  if (!gone.length) throw notFound('Student');
}


/** Active students of the school in no class of the session: newest first, searchable, one statement a page. */
export async function unassignedStudents(
  deps: Deps,
  caller: Caller,
  sessionId: string,
  q: { page: number; pageSize: number; search?: string },
): Promise<{ items: PersonSummary[]; total: number; page: number; pageSize: number }> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const where = and(
    eq(users.schoolId, schoolId),
    eq(users.roleId, ROLE.STUDENT),
    eq(users.status, true),
    searchOf(q.search),
    sql`not exists (select 1 from class_students cs where cs.school_id = ${schoolId} and cs.session_id = ${sessionId} and cs.student_id = ${users.id})`,
  );
  const [session, rows] = await Promise.all([
    db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId))),
    selectSummary(db, sql<number>`count(*) over ()`.mapWith(Number))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  if (!session.length) throw notFound('Session');
  const total = rows[0]?.total ?? (rows.length || q.page === 1 ? 0 : await countWhere(db, where));
  return {
    items: rows.map(presentSummary),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A page past the end has no row to carry the total. */
async function countWhere(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Roll numbers

/** Renumbers a whole class 1 … n in one UPDATE (the roll-number rule is checked at its end). */
function renumber(tx: Tx, schoolId: Scope, assignClassId: string, order: 'name' | 'admission') {
  const by = order === 'admission' ? sql`u.created_at, u.first_name, u.last_name, u.id` : sql`u.first_name, u.last_name, u.id`;
  return tx.execute(sql`
    update class_students cs set roll_no = r.n
    from (select x.student_id, row_number() over (order by ${by}) as n
          from class_students x join users u on u.id = x.student_id
          where x.school_id = ${schoolId} and x.class_id = ${assignClassId}) r
    where cs.school_id = ${schoolId} and cs.class_id = ${assignClassId} and cs.student_id = r.student_id`);
}

export async function autoRollNumbers(deps: Deps, caller: Caller, assignClassId: string, order: 'name' | 'admission'): Promise<ClassDetail> {
  const schoolId = scopeOf(caller);
  return write(deps, schoolId, async (tx) => {
    await lockClass(tx, schoolId, assignClassId);
    await renumber(tx, schoolId, assignClassId, order);
    return classDetail(tx, schoolId, assignClassId);
  });
}

/**
 * Roll numbers by hand, all in one UPDATE: numbers may be swapped within the body; a number given
 * twice, or held by a student of the class not in the body, is 409 `roll_taken`.
 */
export async function setRollNumbers(deps: Deps, caller: Caller, body: ManualRollBody): Promise<ClassDetail> {
  const schoolId = scopeOf(caller);
  const { assignClassId, rollNumbers } = body;
  const ids = rollNumbers.map((r) => r.userId);
  if (new Set(ids).size !== ids.length) {
    throw new AppError('VALIDATION_ERROR', 'Each student may be listed once.', { field: 'rollNumbers' });
  }
  const seen = new Set<number>();
  for (const r of rollNumbers) {
    if (seen.has(r.rollNo)) throw rollTaken(r.rollNo);
    seen.add(r.rollNo);
  }
  return write(deps, schoolId, async (tx) => {
    await lockClass(tx, schoolId, assignClassId);
    const inClass = alias(classStudents, 'in_class');
    const found = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, classId: inClass.classId })
      .from(users)
      .leftJoin(inClass, and(eq(inClass.schoolId, schoolId), eq(inClass.classId, assignClassId), eq(inClass.studentId, users.id)))
      .where(and(eq(users.schoolId, schoolId), eq(users.roleId, ROLE.STUDENT), inArray(users.id, ids)));
    if (found.length !== ids.length) throw notFound('Student');
    const stranger = found.find((s) => s.classId === null);
    if (stranger) throw notInClass(fullName(stranger));
    const [held] = await tx
      .select({ rollNo: classStudents.rollNo })
      .from(classStudents)
      .where(
        and(
          eq(classStudents.schoolId, schoolId),
          eq(classStudents.classId, assignClassId),
          inArray(classStudents.rollNo, [...seen]),
          notInArray(classStudents.studentId, ids),
        ),
      )
      .orderBy(asc(classStudents.rollNo))
      .limit(1);
    if (held?.rollNo != null) throw rollTaken(held.rollNo);
    const values = sql.join(
      rollNumbers.map((r) => sql`(${r.userId}::uuid, ${r.rollNo}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update class_students cs set roll_no = v.roll_no
      from (values ${values}) as v(student_id, roll_no)
      where cs.school_id = ${schoolId} and cs.class_id = ${assignClassId} and cs.student_id = v.student_id`);
    return classDetail(tx, schoolId, assignClassId);
  });
}

// ---------------------------------------------------------------------------------------------
// Year-end promotion

/** Thrown at the end of a dry run so its transaction rolls back; carries the answer. */
class DryRun {
  constructor(readonly result: PromotionResult) {}
}

/**
 * Promotes a class's students, but the held-back ones, into a class of a later session: all or
 * none, in one transaction; the target class is numbered again by name. The source class keeps
 * its students (the old session's record). A dry run does the same work and rolls it back, so it
 * answers exactly what the real run would, conflicts included.
 */
export async function promote(deps: Deps, caller: Caller, body: PromotionBody): Promise<PromotionResult> {
  const schoolId = scopeOf(caller);
  try {
    return await write(deps, schoolId, async (tx) => {
      const locked = await lockClasses(tx, schoolId, [...new Set([body.fromAssignClassId, body.toAssignClassId])]);
      const from = locked.find((c) => c.id === body.fromAssignClassId);
      const to = locked.find((c) => c.id === body.toAssignClassId);
      if (!from || !to) throw notFound('Class');
      if (!(to.startDate > from.startDate)) {
        throw new AppError('BAD_REQUEST', 'Choose a class of a later session.', { reason: 'session_order', field: 'toAssignClassId' });
      }
      const source = await classStudentList(tx, schoolId, from.id);
      const inSource = new Set(source.map((s) => s.userId));
      const heldBackIds = new Set(body.heldBackIds);
      const strangers = [...heldBackIds].filter((id) => !inSource.has(id));
      if (strangers.length) {
        // Only on this error path: name one (another school's id, or not a student: 404).
        const known = await tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(and(eq(users.schoolId, schoolId), eq(users.roleId, ROLE.STUDENT), inArray(users.id, strangers)));
        if (known.length !== strangers.length) throw notFound('Student');
        throw notInClass(fullName(known[0]!));
      }
      const moving = source.filter((s) => !heldBackIds.has(s.userId));
      const movingIds = moving.map((s) => s.userId);
      if (moving.some((s) => !s.status)) throw notAStudent();
      if (movingIds.length) {
        const { students, present } = await studentsWithPlace(tx, schoolId, to, movingIds);
        const placed = students.find((s) => s.classId !== null);
        if (placed) throw inClassConflict(placed);
        assertRoom(to, present, movingIds.length);
        await tx.execute(sql`
          insert into class_students (school_id, session_id, class_id, student_id)
          select ${schoolId}::uuid, ${to.sessionId}::uuid, ${to.id}::uuid, x.student_id
          from class_students x
          where x.school_id = ${schoolId} and x.class_id = ${from.id} and ${inArray(sql`x.student_id`, movingIds)}`);
        await renumber(tx, schoolId, to.id, 'name');
      }
      const target = await classSummary(tx, schoolId, to.id);
      const placedNow = await classStudentList(tx, schoolId, to.id);
      const promotedIds = new Set(movingIds);
      const result: PromotionResult = {
        dryRun: body.dryRun,
        promoted: placedNow.filter((s) => promotedIds.has(s.userId)),
        heldBack: source.filter((s) => heldBackIds.has(s.userId)),
        target,
      };
      if (body.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.result;
    throw err;
  }
}
