import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ROLE,
  feeRecordTotal,
  formatRupees,
  type FeeAdjustment,
  type FeeRecord,
  type FeeRecordInput,
  type FeeRecordRow,
  type FeeTypeKind,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { positions, prepared, preparedRows, type RawRows } from '../../db/prepared.js';
import { classStudents, classes, feeRecords, schools, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { searchOf } from '../people/service.js';
import { fullName } from '../users/service.js';
import { planStats } from './student.js';
import { now as clockNow } from '../../clock.js';
import { roleSql } from '../../db/roles.js';
import { rowsOf } from '../../db/rows.js';
import { escapeLike } from '../../db/like.js';

/**
 * Students' fee records (issue 9, part "records"): the list of a class's students with their
 * records, making records for many students at once (all or none), changing a record's fee types
 * and removing a record while nothing is paid. Instalment plans: instalments.ts; payments:
 * modules/payments.
 *
 * A record's total is the contract's `feeRecordTotal`: the class fee's total, plus the fee types
 * in the order given (amounts, then percents of that subtotal). Computed here, never read from a
 * client.
 *
 * Every write takes its locks first, in one order shared with instalments.ts and modules/payments: the class row (making
 * records), then the record row (changing, removing, planning, paying, reversing), then the
 * receipt counter. So two requests on one record wait for each other, and none deadlock.
 *
 * Statements, whatever the number of students:
 * - the list: the class (1) and the page with its total (1), sent together;
 * - making records: BEGIN, the class locked (1), students, class fee, fee types checked (1), every
 *   record inserted (1), COMMIT;
 * - changing or removing: BEGIN, the record locked (1), its state (1), the write (1), COMMIT.
 */

type Scope = string;

export const RECORD_EXISTS = 'fee_records_student_uq';
const PLACE_FK = 'fee_records_place_fk';
const PAYMENT_FK = 'fee_payments_record_fk';

/** The class of a record, as the API names it. */
export interface ClassRef {
  assignClassId: string;
  masterClass: string;
  className: string;
  section: string;
}

interface TypeRow {
  id: string;
  name: string;
  kind: FeeTypeKind;
  value: number;
  status: boolean;
}


/**
 * The school's today in its time zone at the instant `now`, as SQL (a `date`). In a prepared
 * statement both are placeholders: a value written into it would stay what it was when the
 * statement was built, and the statement lives as long as the school's handle.
 */
export const schoolToday = (schoolId: unknown, now: unknown) => sql`(select (${now}::timestamptz at time zone s.time_zone)::date from ${schools} s where s.id = ${schoolId})`;

// ---------------------------------------------------------------------------------------------
// Presenting

/** A record row as the API shows it. */
export function presentRecord(r: {
  id: string;
  sessionId: string;
  student: { userId: string; firstName: string; lastName: string; loginId: string; rollNo: number | null };
  cls: ClassRef;
  classFee: number;
  adjustments: unknown;
  total: number;
  paid: number;
  createdAt: Date | string;
  plan: { instalments: number; paid: number; nextDue: string | null; overdue: number } | null;
}): FeeRecord {
  const plan = r.plan ?? { instalments: 0, paid: 0, nextDue: null, overdue: 0 };
  return {
    feeRecordId: r.id,
    sessionId: r.sessionId,
    student: { userId: r.student.userId, fullName: fullName(r.student), loginId: r.student.loginId, rollNo: r.student.rollNo },
    class: r.cls,
    classFee: Number(r.classFee),
    adjustments: r.adjustments as FeeAdjustment[],
    total: Number(r.total),
    paid: Number(r.paid),
    balance: Number(r.total) - Number(r.paid),
    instalments: Number(plan.instalments),
    instalmentsPaid: Number(plan.paid),
    nextDue: plan.nextDue,
    overdue: Number(plan.overdue),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The list of a class

/** One class of the school (any session), or 404. */
async function classOf(db: DbOrTx, schoolId: Scope, assignClassId: string) {
  const [cls] = await db
    .select({ id: classes.id, sessionId: classes.sessionId, masterClass: classes.masterClass, name: classes.name, section: classes.section })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId)));
  if (!cls) throw notFound('Class');
  return cls;
}

const classRefOf = (c: { id: string; masterClass: string; name: string; section: string }): ClassRef => ({
  assignClassId: c.id,
  masterClass: c.masterClass,
  className: c.name,
  section: c.section,
});

/**
 * A page row: a class's student with its record (null columns when it has none) and plan figures,
 * the total riding along. Read by position (`recordRowsOf`).
 */
const pageColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  loginId: users.loginId,
  rollNo: classStudents.rollNo,
  recordId: feeRecords.id,
  classFee: feeRecords.classFee,
  adjustments: feeRecords.adjustments,
  total: feeRecords.total,
  paid: feeRecords.paid,
  createdAt: feeRecords.createdAt,
  plan: planStats(feeRecords.id, feeRecords.schoolId, schoolToday(sql.placeholder('school'), sql.placeholder('now'))),
  count: sql<number>`count(*) over ()`,
};
const pageAt = positions(pageColumns);

/**
 * A page of a class's students (roll number, then name) with their records and plan figures, the
 * total riding along: one prepared statement per shape (filter, search or not). Its rows come as
 * the driver gives them, mapped by hand once the class is known (`recordRowsOf`).
 */
function pageQuery(db: Db, has: 'with' | 'without' | undefined, search: boolean) {
  return prepared(db, `fee_records_page_${has ?? 'all'}_${search ? 's' : 'n'}`, (db, name) => {
    const school = sql.placeholder('school');
    const page = db
      .select(pageColumns)
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.studentId))
      .leftJoin(
        feeRecords,
        and(eq(feeRecords.schoolId, classStudents.schoolId), eq(feeRecords.sessionId, classStudents.sessionId), eq(feeRecords.studentId, classStudents.studentId)),
      )
      .where(
        and(
          eq(classStudents.schoolId, school),
          eq(classStudents.classId, sql.placeholder('class')),
          search ? searchOf(sql.placeholder('search')) : undefined,
          has === 'with' ? sql`${feeRecords.id} is not null` : has === 'without' ? sql`${feeRecords.id} is null` : undefined,
        ),
      )
      .orderBy(sql`${classStudents.rollNo} nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return preparedRows(db, name, page, (rows) => rows);
  });
}

/** How many rows the page's statement matched (on each row; none on a page past the end). */
const countOf = (rows: RawRows): number | undefined => (rows[0] ? Number(rows[0][pageAt.count]) : undefined);

/**
 * The page's rows as the API shows them, mapped by hand: money comes as the driver reads a bigint
 * (text, or a number) and `presentRecord` makes it a number, the adjustments and the plan as parsed
 * JSON, the record's time as the driver's text.
 */
function recordRowsOf(rows: RawRows, sessionId: string, cls: ClassRef): FeeRecordRow[] {
  const at = pageAt;
  return rows.map((r) => {
    const student = {
      userId: r[at.userId] as string,
      firstName: r[at.firstName] as string,
      lastName: r[at.lastName] as string,
      loginId: r[at.loginId] as string,
      rollNo: r[at.rollNo] as number | null,
    };
    const recordId = r[at.recordId] as string | null;
    return {
      student: { userId: student.userId, fullName: fullName(student), loginId: student.loginId, rollNo: student.rollNo },
      record: recordId
        ? presentRecord({
            id: recordId,
            sessionId,
            student,
            cls,
            classFee: r[at.classFee] as number,
            adjustments: r[at.adjustments],
            total: r[at.total] as number,
            paid: r[at.paid] as number,
            createdAt: r[at.createdAt] as string,
            plan: r[at.plan] as Parameters<typeof presentRecord>[0]['plan'],
          })
        : null,
    };
  });
}

const likeOf = (search: string | undefined) => {
  const q = search?.trim().toLowerCase();
  return q ? `%${escapeLike(q)}%` : undefined;
};

/** `GET /api/school/feerecord`: a class's students by roll number, each with its record or null. */
export async function listFeeRecords(
  deps: Pick<Deps, 'data'>,
  caller: Caller,
  q: { assignClassId: string; page: number; pageSize: number; search?: string; has?: 'with' | 'without' },
): Promise<{ items: FeeRecordRow[]; total: number; page: number; pageSize: number }> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const like = likeOf(q.search);
  const run = (page: number) =>
    pageQuery(db, q.has, !!like).execute({
      school: schoolId,
      now: clockNow().toISOString(),
      class: q.assignClassId,
      ...(like ? { search: like } : {}),
      limit: q.pageSize,
      offset: (page - 1) * q.pageSize,
    });
  const [cls, rows] = await Promise.all([classOf(db, schoolId, q.assignClassId), run(q.page)]);
  // A page past the end carries no total: the first page's row does (one more statement, rarely).
  const total = countOf(rows) ?? (q.page === 1 ? 0 : (countOf(await run(1)) ?? 0));
  return { items: recordRowsOf(rows, cls.sessionId, classRefOf(cls)), total, page: q.page, pageSize: q.pageSize };
}

// ---------------------------------------------------------------------------------------------
// Fee types of a record

/**
 * The fee types named, in the order given (a repeated id counts once), checked: another school's
 * (or an unknown) id answers 404; a type switched off answers 409, unless the record already
 * carries it (`kept`: a record keeps what it was made with).
 */
function checkTypes(ids: readonly string[], found: readonly TypeRow[], kept: ReadonlySet<string> = new Set()): TypeRow[] {
  const byId = new Map(found.map((t) => [t.id, t]));
  const types = ids.map((id) => byId.get(id));
  if (types.some((t) => !t)) throw notFound('Fee type');
  const inactive = (types as TypeRow[]).find((t) => !t.status && !kept.has(t.id));
  if (inactive) {
    throw new AppError('CONFLICT', `The fee type ${inactive.name} is switched off.`, { reason: 'fee_type_inactive', params: { name: inactive.name } });
  }
  return types as TypeRow[];
}

/** The total of a record: the class fee plus the types (feeRecordTotal); a negative total answers 409. */
function computeRecord(classFee: number, types: readonly TypeRow[]): { adjustments: FeeAdjustment[]; total: number } {
  const totals = feeRecordTotal(
    classFee,
    types.map((t) => ({ kind: t.kind, value: Number(t.value) })),
  );
  if (totals.total < 0) {
    const total = formatRupees(totals.total);
    throw new AppError('CONFLICT', `The concessions exceed the fee: the total would be ${total}.`, { reason: 'fee_total_negative', params: { total } });
  }
  const adjustments = types.map((t, i) => ({ feeTypeId: t.id, name: t.name, kind: t.kind, value: Number(t.value), amount: totals.amounts[i]! }));
  return { adjustments, total: totals.total };
}

const dedupe = (ids: readonly string[]) => [...new Set(ids)];

/** Fee types of the school among `ids`, with their state: a fragment of a statement. */
const typesJson = (schoolId: Scope, ids: readonly string[]) => sql<TypeRow[]>`(
  select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'kind', t.kind, 'value', t.value, 'status', t.status)), '[]'::json)
  from fee_types t
  where t.school_id = ${schoolId} and t.id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json)))`;

// ---------------------------------------------------------------------------------------------
// Making records

/** A unique index or key a write broke, as the 409 that names it. */
function mapRecordConstraint(err: unknown, names: ReadonlyMap<string, string>): never {
  const constraint = violatedConstraint(err);
  if (constraint === RECORD_EXISTS) {
    const id = constraintKey(err);
    const name = (id && names.get(id)) ?? '';
    throw new AppError('CONFLICT', `${name || 'A student'} already has a fee record this session.`, { reason: 'fee_record_exists', params: { name } });
  }
  if (constraint === PLACE_FK) {
    throw new AppError('CONFLICT', 'A student is no longer in this class.', { reason: 'not_in_class', params: { name: '' } });
  }
  if (constraint === PAYMENT_FK) throw recordPaid();
  throw err;
}

/** The last uuid of a key violation's detail ("Key (…, student_id)=(…, <uuid>) already exists."). */
function constraintKey(err: unknown): string | null {
  for (let e = err as { detail?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const ids = e.detail?.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi);
    if (ids?.length) return ids.at(-1)!.toLowerCase();
  }
  return null;
}

export const recordPaid = () =>
  new AppError('CONFLICT', 'Something has been paid on this record: it is not changed or removed.', { reason: 'fee_record_paid' });

interface CheckedStudent {
  id: string;
  firstName: string | null;
  lastName: string | null;
  loginId: string | null;
  rollNo: number | null;
  isStudent: boolean;
  inClass: boolean;
  hasRecord: boolean;
}

/**
 * `POST /api/school/feerecord`: records for students of a class, all or none. The class row is
 * locked first (as enrolment does), so no student leaves or joins it meanwhile; then one statement
 * checks every student (of the school: else 404; in this class: else 409 `not_in_class`; without
 * a record: else 409 `fee_record_exists`), the class fee (409 `class_fee_missing`) and the fee
 * types; one INSERT writes every record.
 */
export async function createFeeRecords(deps: Pick<Deps, 'data'>, caller: Caller, body: FeeRecordInput): Promise<FeeRecord[]> {
  const schoolId = scopeOf(caller);
  const ids = dedupe(body.studentIds);
  const typeIds = dedupe(body.feeTypeIds);
  const names = new Map<string, string>();
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      const [cls] = await tx
        .select({ id: classes.id, sessionId: classes.sessionId, masterClass: classes.masterClass, name: classes.name, section: classes.section })
        .from(classes)
        .where(and(eq(classes.schoolId, schoolId), eq(classes.id, body.assignClassId)))
        .for('update');
      if (!cls) throw notFound('Class');

      const checked = rowsOf<{ students: CheckedStudent[]; classFee: number | string | null; types: TypeRow[] }>(
        await tx.execute(sql`
          select
            (select coalesce(json_agg(json_build_object('id', x.id, 'firstName', u.first_name, 'lastName', u.last_name, 'loginId', u.login_id,
                'rollNo', cs.roll_no, 'isStudent', u.id is not null, 'inClass', cs.student_id is not null, 'hasRecord', fr.id is not null)
                order by x.ord), '[]'::json)
              from (select value::uuid as id, ordinality as ord from json_array_elements_text(${JSON.stringify(ids)}::json) with ordinality) x
              left join users u on u.id = x.id and u.school_id = ${schoolId} and u.role_id = ${roleSql(ROLE.STUDENT)}
              left join class_students cs on cs.school_id = ${schoolId} and cs.session_id = ${cls.sessionId} and cs.class_id = ${cls.id} and cs.student_id = x.id
              left join fee_records fr on fr.school_id = ${schoolId} and fr.session_id = ${cls.sessionId} and fr.student_id = x.id) as "students",
            (select cf.total from class_fees cf where cf.school_id = ${schoolId} and cf.class_id = ${cls.id}) as "classFee",
            ${typesJson(schoolId, typeIds)} as "types"`),
      )[0]!;

      const students = checked.students;
      for (const s of students) if (s.isStudent) names.set(s.id, fullName({ firstName: s.firstName ?? '', lastName: s.lastName ?? '' }));
      if (students.some((s) => !s.isStudent)) throw notFound('Student');
      const types = checkTypes(typeIds, checked.types);
      const outside = students.find((s) => !s.inClass);
      if (outside) {
        const name = names.get(outside.id)!;
        throw new AppError('CONFLICT', `${name} is not in class ${cls.name}-${cls.section} this session.`, { reason: 'not_in_class', params: { name } });
      }
      if (checked.classFee === null) {
        throw new AppError('CONFLICT', `Class ${cls.name}-${cls.section} has no class fee yet.`, {
          reason: 'class_fee_missing',
          params: { className: cls.name, section: cls.section },
        });
      }
      const taken = students.find((s) => s.hasRecord);
      if (taken) {
        const name = names.get(taken.id)!;
        throw new AppError('CONFLICT', `${name} already has a fee record this session.`, { reason: 'fee_record_exists', params: { name } });
      }
      const classFee = Number(checked.classFee);
      const { adjustments, total } = computeRecord(classFee, types);

      const rows = await tx
        .insert(feeRecords)
        .values(
          students.map((s) => ({
            schoolId,
            sessionId: cls.sessionId,
            classId: cls.id,
            studentId: s.id,
            classFee,
            adjustments,
            total,
            createdBy: caller.userId,
          })),
        )
        .returning({ id: feeRecords.id, studentId: feeRecords.studentId, createdAt: feeRecords.createdAt });
      const byStudent = new Map(rows.map((r) => [r.studentId, r]));
      const ref = classRefOf(cls);
      return students.map((s) => {
        const row = byStudent.get(s.id)!;
        return presentRecord({
          id: row.id,
          sessionId: cls.sessionId,
          student: { userId: s.id, firstName: s.firstName ?? '', lastName: s.lastName ?? '', loginId: s.loginId ?? '', rollNo: s.rollNo },
          cls: ref,
          classFee,
          adjustments,
          total,
          paid: 0,
          createdAt: row.createdAt,
          plan: null,
        });
      });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return mapRecordConstraint(err, names);
  }
}

// ---------------------------------------------------------------------------------------------
// Changing and removing a record

/**
 * Locks a record of the school (FOR UPDATE, in a statement of its own, so what is read next sees
 * whatever a request that held the lock before committed); 404 when it is not one.
 */
export async function lockRecord(tx: Tx, schoolId: Scope, feeRecordId: string): Promise<void> {
  const [row] = await tx
    .select({ id: feeRecords.id })
    .from(feeRecords)
    .where(and(eq(feeRecords.schoolId, schoolId), eq(feeRecords.id, feeRecordId)))
    .for('update');
  if (!row) throw notFound('Fee record');
}

interface RecordState {
  id: string;
  sessionId: string;
  classId: string;
  userId: string;
  firstName: string;
  lastName: string;
  loginId: string;
  rollNo: number | null;
  masterClass: string;
  className: string;
  section: string;
  classFee: number;
  classFeeNow: number | null;
  adjustments: FeeAdjustment[];
  total: number;
  paid: number;
  createdAt: string;
  instalments: number;
  payments: number;
}

/** A (locked) record with its student, class, the class fee now, and how many instalments and payments (reversed included) it has. */
async function recordState(tx: Tx, schoolId: Scope, feeRecordId: string): Promise<RecordState> {
  const [row] = rowsOf<RecordState>(
    await tx.execute(sql`
      select r.id, r.session_id as "sessionId", r.class_id as "classId", u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
        u.login_id as "loginId", cs.roll_no as "rollNo", c.master_class as "masterClass", c.name as "className", c.section,
        r.class_fee::float8 as "classFee", (select cf.total::float8 from class_fees cf where cf.school_id = r.school_id and cf.class_id = r.class_id) as "classFeeNow",
        r.adjustments, r.total::float8 as total, r.paid::float8 as paid, r.created_at as "createdAt",
        (select count(*)::int from fee_instalments i where i.school_id = r.school_id and i.fee_record_id = r.id) as instalments,
        (select count(*)::int from fee_payments p where p.school_id = r.school_id and p.fee_record_id = r.id) as payments
      from fee_records r
      join users u on u.id = r.student_id
      join classes c on c.id = r.class_id
      left join class_students cs on cs.school_id = r.school_id and cs.session_id = r.session_id and cs.student_id = r.student_id
      where r.school_id = ${schoolId} and r.id = ${feeRecordId}`),
  );
  if (!row) throw notFound('Fee record');
  return row;
}

/**
 * `PATCH /api/school/feerecord/:feeRecordId`: new fee types for a record, its total computed again
 * as making it today would (the class fee's total now, plus the types). Refused once anything was
 * paid (409 `fee_record_paid`) or a plan exists (409 `fee_plan_exists`: change the plan instead).
 * A type switched off since may stay on the record; a new one must be on.
 */
export async function updateFeeRecord(deps: Pick<Deps, 'data'>, caller: Caller, feeRecordId: string, body: { feeTypeIds: string[] }): Promise<FeeRecord> {
  const schoolId = scopeOf(caller);
  const typeIds = dedupe(body.feeTypeIds);
  return inTenant(deps, schoolId, async (tx) => {
    await lockRecord(tx, schoolId, feeRecordId);
    const [state, [found]] = [
      await recordState(tx, schoolId, feeRecordId),
      rowsOf<{ types: TypeRow[] }>(await tx.execute(sql`select ${typesJson(schoolId, typeIds)} as "types"`)),
    ];
    // Another school's fee type answers 404 before anything else is said about the record.
    if (found!.types.length !== typeIds.length) throw notFound('Fee type');
    if (state.payments > 0) throw recordPaid();
    if (state.instalments > 0) {
      throw new AppError('CONFLICT', 'This record has an instalment plan: change the plan, not the record.', { reason: 'fee_plan_exists' });
    }
    const types = checkTypes(typeIds, found!.types, new Set(state.adjustments.map((a) => a.feeTypeId)));
    const classFee = state.classFeeNow ?? state.classFee;
    const { adjustments, total } = computeRecord(classFee, types);
    await tx
      .update(feeRecords)
      .set({ classFee, adjustments, total, updatedAt: clockNow() })
      .where(and(eq(feeRecords.schoolId, schoolId), eq(feeRecords.id, feeRecordId)));
    return presentRecord({
      id: state.id,
      sessionId: state.sessionId,
      student: state,
      cls: { assignClassId: state.classId, masterClass: state.masterClass, className: state.className, section: state.section },
      classFee,
      adjustments,
      total,
      paid: state.paid,
      createdAt: state.createdAt,
      plan: null,
    });
  });
}

/**
 * `DELETE /api/school/feerecord/:feeRecordId`: removes a record and its plan while no payment
 * (reversed ones included: receipts are never lost) exists; else 409 `fee_record_paid`. The
 * payments' foreign key is the guarantee.
 */
export async function deleteFeeRecord(deps: Pick<Deps, 'data'>, caller: Caller, feeRecordId: string): Promise<void> {
  const schoolId = scopeOf(caller);
  try {
    await inTenant(deps, schoolId, async (tx) => {
      await lockRecord(tx, schoolId, feeRecordId);
      const gone = await tx
        .delete(feeRecords)
        .where(
          and(
            eq(feeRecords.schoolId, schoolId),
            eq(feeRecords.id, feeRecordId),
            sql`not exists (select 1 from fee_payments p where p.school_id = ${schoolId} and p.fee_record_id = ${feeRecordId})`,
          ),
        )
        .returning({ id: feeRecords.id });
      if (!gone.length) throw recordPaid();
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return mapRecordConstraint(err, new Map());
  }
}
