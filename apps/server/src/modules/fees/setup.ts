import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  classFeeTotal,
  type ClassFee,
  type ClassFeeInput,
  type ClassFeeRow,
  type FeeType,
  type FeeTypeInput,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { prepared } from '../../db/prepared.js';
import { classRefColumns } from '../../db/class-ref.js';
import { academicSessions, classFees, classes, feeTypes } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { classOrder } from '../academics/index.js';
import { now } from '../../clock.js';
import { escapeLike } from '../../db/like.js';

/**
 * Fees, part "setup": the school's fee types and the class fees of a session.
 *
 * - A fee type is an amount (paise; negative: a concession) or a percent (basis points; negative:
 *   a discount). Its kind and value are fixed once made (records keep a copy of them); a rename
 *   or a new description is all that changes. Names are unique per school in any case
 *   (`fee_types_name_uq` → 409 `fee_type_taken`).
 * - A class fee has five parts (paise) and a tax (basis points); the total is computed here with
 *   the contract's `classFeeTotal`, never taken from the request, and stored. Saving is one
 *   upsert that names the class through the caller's school: another school's class saves
 *   nothing and answers 404.
 *
 * Statements: every read and write is one statement (the list of a session's classes with their
 * fees too, whatever the number of classes); an empty page adds one to tell an unknown session
 * (404) from an empty one.
 */

// ---------------------------------------------------------------------------------------------
// Fee types

const feeTypeColumns = {
  id: feeTypes.id,
  name: feeTypes.name,
  kind: feeTypes.kind,
  value: feeTypes.value,
  description: feeTypes.description,
  status: feeTypes.status,
  createdAt: feeTypes.createdAt,
};
type FeeTypeRow = { id: string; name: string; kind: string; value: number; description: string | null; status: boolean; createdAt: Date };

function presentFeeType(r: FeeTypeRow): FeeType {
  return {
    feeTypeId: r.id,
    name: r.name,
    kind: r.kind as FeeType['kind'],
    value: r.value,
    description: r.description,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The LIKE pattern of a search: lower-cased, with % and _ matched literally. */
function likePattern(search: string | undefined): string | undefined {
  const q = search?.trim().toLowerCase();
  return q ? `%${escapeLike(q)}%` : undefined;
}

export interface FeeTypeListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: 'active' | 'inactive';
}

/** The school's fee types, newest first, searched by name and filtered by status; the total rides along. */
export async function listFeeTypes(deps: Deps, caller: Caller, q: FeeTypeListQuery) {
  const schoolId = schoolOf(caller);
  const like = likePattern(q.search);
  const where = and(
    eq(feeTypes.schoolId, schoolId),
    q.status ? eq(feeTypes.status, q.status === 'active') : undefined,
    like ? sql`lower(${feeTypes.name}) like ${like}` : undefined,
  );
  const db = tenantDb(deps, schoolId);
  const rows = await db
    .select({ ...feeTypeColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(feeTypes)
    .where(where)
    .orderBy(desc(feeTypes.createdAt), desc(feeTypes.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (q.page > 1 ? ((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(feeTypes).where(where))[0]?.n ?? 0) : 0);
  return { items: rows.map(presentFeeType), total, page: q.page, pageSize: q.pageSize };
}

/** A write that may break the unique name: 409 `fee_type_taken` on the name. */
async function orNameTaken<T>(name: string | undefined, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (violatedConstraint(err) === 'fee_types_name_uq') {
      throw new AppError('CONFLICT', `A fee type named “${name ?? ''}” already exists.`, {
        reason: 'fee_type_taken',
        field: 'name',
        params: { name: name ?? '' },
      });
    }
    throw err;
  }
}

export async function createFeeType(deps: Deps, caller: Caller, body: FeeTypeInput): Promise<FeeType> {
  const schoolId = schoolOf(caller);
  const [row] = await orNameTaken(
    body.name,
    tenantDb(deps, schoolId)
      .insert(feeTypes)
      .values({ schoolId, name: body.name, kind: body.kind, value: body.value, description: body.description ?? null })
      .returning(feeTypeColumns),
  );
  return presentFeeType(row!);
}

async function changeFeeType(deps: Deps, caller: Caller, feeTypeId: string, set: { name?: string; description?: string | null; status?: boolean }): Promise<FeeType> {
  const schoolId = schoolOf(caller);
  const where = and(eq(feeTypes.schoolId, schoolId), eq(feeTypes.id, feeTypeId));
  const db = tenantDb(deps, schoolId);
  const [row] = Object.values(set).some((v) => v !== undefined)
    ? await orNameTaken(set.name, db.update(feeTypes).set({ ...set, updatedAt: now() }).where(where).returning(feeTypeColumns))
    : await db.select(feeTypeColumns).from(feeTypes).where(where);
  if (!row) throw notFound('Fee type');
  return presentFeeType(row);
}

/** Renames a fee type or changes its description; its kind and value stay (records keep a copy). */
export function updateFeeType(deps: Deps, caller: Caller, feeTypeId: string, body: { name?: string; description?: string | null }): Promise<FeeType> {
  return changeFeeType(deps, caller, feeTypeId, { name: body.name, description: body.description });
}

/** Switches a fee type on or off (off: not offered for new records; records made keep it). */
export function setFeeTypeStatus(deps: Deps, caller: Caller, feeTypeId: string, status: boolean): Promise<FeeType> {
  return changeFeeType(deps, caller, feeTypeId, { status });
}

// ---------------------------------------------------------------------------------------------
// Class fees

const feeColumns = {
  feeClassId: classFees.classId,
  feeSessionId: classFees.sessionId,
  academic: classFees.academic,
  convenience: classFees.convenience,
  development: classFees.development,
  tuition: classFees.tuition,
  other: classFees.other,
  taxBp: classFees.taxBp,
  total: classFees.total,
  updatedAt: classFees.updatedAt,
};
type FeeColumns = {
  feeClassId: string | null;
  feeSessionId: string | null;
  academic: number | null;
  convenience: number | null;
  development: number | null;
  tuition: number | null;
  other: number | null;
  taxBp: number | null;
  total: number | null;
  updatedAt: Date | string | null;
};

/** A stored class fee as the API shows it: its parts, and the subtotal and tax behind its total. */
function presentFee(r: FeeColumns): ClassFee | null {
  if (!r.feeClassId || !r.feeSessionId) return null;
  const parts = {
    academic: Number(r.academic),
    convenience: Number(r.convenience),
    development: Number(r.development),
    tuition: Number(r.tuition),
    other: Number(r.other),
    taxBp: Number(r.taxBp),
  };
  const { subtotal, tax } = classFeeTotal(parts);
  return {
    ...parts,
    assignClassId: r.feeClassId,
    sessionId: r.feeSessionId,
    subtotal,
    tax,
    total: Number(r.total),
    updatedAt: new Date(r.updatedAt!).toISOString(),
  };
}

/** A class of the school with its fee (null: none set), in one statement; 404 for a class the school does not have. */
export async function getClassFee(deps: Deps, caller: Caller, assignClassId: string): Promise<ClassFee | null> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const query = prepared(db, 'fees_class_fee', (db, name) =>
    db
      .select({ classId: classes.id, ...feeColumns })
      .from(classes)
      .leftJoin(classFees, and(eq(classFees.schoolId, classes.schoolId), eq(classFees.classId, classes.id)))
      .where(and(eq(classes.schoolId, sql.placeholder('school')), eq(classes.id, sql.placeholder('id'))))
      .prepare(name),
  );
  const [row] = await query.execute({ school: schoolId, id: assignClassId });
  if (!row) throw notFound('Class');
  return presentFee(row);
}

/**
 * Sets a class's fee: the parts and tax as sent, the total computed here. One statement: an
 * insert of the class row found through the caller's school, or an update of its fee when it has
 * one (the class's session copied with it). No class row (another school's, or none): 404.
 */
export async function saveClassFee(deps: Deps, caller: Caller, assignClassId: string, body: ClassFeeInput): Promise<ClassFee> {
  const schoolId = schoolOf(caller);
  const parts = {
    academic: body.academic,
    convenience: body.convenience,
    development: body.development,
    tuition: body.tuition,
    other: body.other,
    taxBp: body.taxBp,
  };
  const { total } = classFeeTotal(parts);
  const money = (v: number) => sql<number>`${v}::bigint`;
  const db = tenantDb(deps, schoolId);
  const [row] = await db
    .insert(classFees)
    .select(
      db
        .select({
          schoolId: classes.schoolId,
          classId: classes.id,
          sessionId: classes.sessionId,
          academic: money(parts.academic).as('academic'),
          convenience: money(parts.convenience).as('convenience'),
          development: money(parts.development).as('development'),
          tuition: money(parts.tuition).as('tuition'),
          other: money(parts.other).as('other'),
          taxBp: sql<number>`${parts.taxBp}::int`.as('tax_bp'),
          total: money(total).as('total'),
          updatedBy: sql<string>`${caller.userId}::uuid`.as('updated_by'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(classes)
        .where(and(eq(classes.schoolId, schoolId), eq(classes.id, assignClassId))),
    )
    .onConflictDoUpdate({
      target: [classFees.schoolId, classFees.classId],
      set: {
        sessionId: sql`excluded.session_id`,
        academic: sql`excluded.academic`,
        convenience: sql`excluded.convenience`,
        development: sql`excluded.development`,
        tuition: sql`excluded.tuition`,
        other: sql`excluded.other`,
        taxBp: sql`excluded.tax_bp`,
        total: sql`excluded.total`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning(feeColumns);
  if (!row) throw notFound('Class');
  return presentFee(row)!;
}

/**
 * One page of a session's classes in the order of the class lists (master class, then section),
 * each with its number of students and its fee or null, the total riding along: one statement,
 * prepared once per school handle.
 */
function allFeesQuery(db: Db) {
  return prepared(db, 'fees_all_fees', (db, name) => {
    const where: SQL[] = [eq(classes.schoolId, sql.placeholder('school')), eq(classes.sessionId, sql.placeholder('session'))];
    return db
      .select({
        ...classRefColumns,
        students: sql<number>`(select count(*) from class_students cs where cs.class_id = ${classes.id})`.mapWith(Number),
        ...feeColumns,
        rows: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(classes)
      .leftJoin(classFees, and(eq(classFees.schoolId, classes.schoolId), eq(classFees.classId, classes.id)))
      .where(and(...where))
      .orderBy(...classOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

/** Every class of a session with its fee (null when not set) and its students, a page at a time. */
export async function listAllFees(deps: Deps, caller: Caller, q: { sessionId: string; page: number; pageSize: number }) {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const page = (limit: number, offset: number) => allFeesQuery(db).execute({ school: schoolId, session: q.sessionId, limit, offset });
  const rows = await page(q.pageSize, (q.page - 1) * q.pageSize);
  let total = rows[0]?.rows ?? 0;
  if (!rows.length) {
    // No row: a session the school does not have is a 404; a page past the end still tells the total.
    if (q.page > 1) total = (await page(1, 0))[0]?.rows ?? 0;
    if (!total) await assertSession(db, schoolId, q.sessionId);
  }
  const items: ClassFeeRow[] = rows.map((r) => ({
    class: { assignClassId: r.assignClassId, masterClass: r.masterClass, className: r.className, section: r.section },
    students: r.students,
    fee: presentFee(r),
  }));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

async function assertSession(db: Db, schoolId: string, sessionId: string) {
  const [found] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)));
  if (!found) throw notFound('Session');
}
