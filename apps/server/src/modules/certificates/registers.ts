import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { csvText, APAAR_CONSENT_VERSION, ROLE, apaarLooksLikeAadhaar, type AdmissionRegisterRow, type StudentRegister, type StudentRegisterInput } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { consentRecords, studentRecords, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { recordAudit } from '../privacy/index.js';
import { now } from '../../clock.js';
import { escapeLike } from '../../db/like.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Certificates, part "registers" (issue 26): a student's register entry and the admission register.
 *
 * - Every student has an admission number: the trigger `users_admit_students` (migration 0028)
 *   gives the next free number of the school's counter in the transaction that creates the
 *   student; a pupil admitted before Shala has the number it had entered here (unique in the school,
 *   whatever the case: `student_records_admission_uq`), and the counter skips it.
 * - The UDISE+ fields: Aadhaar only as its last four digits (the contract refuses more, and the
 *   database's check too); an APAAR id only with the parent's consent, recorded in
 *   `consent_records` (purpose `apaar`, with its text version) when the school saves it from the
 *   signed form.
 * - An APAAR id that passes the Verhoeff check of an Aadhaar number is saved with a warning
 *   (`warnings`: `apaar_looks_like_aadhaar`), which the form shows as it is typed.
 * - Each save is in the audit log (`edit`, with the fields changed, never their values).
 */

type Scope = string;
const ADMISSION_TAKEN = 'student_records_admission_uq';

const admissionTaken = () => new AppError('CONFLICT', 'Another student of the school has this admission number.', { reason: 'admission_no_taken', field: 'admissionNo' });

/** The columns of a register entry, with the student's own and the APAAR consent in force. */
function registerColumns(schoolId: Scope) {
  return {
    studentId: users.id,
    admissionNo: studentRecords.admissionNo,
    admissionDate: studentRecords.admissionDate,
    admissionNoAuto: sql<boolean>`coalesce(${studentRecords.admissionNoAuto}, false)`,
    pen: studentRecords.pen,
    apaarId: studentRecords.apaarId,
    apaarConsent: sql<{ version: string; at: string } | null>`(
      select case when c.action = 'given' then json_build_object('version', c.version, 'at', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) end
      from consent_records c where c.school_id = ${schoolId} and c.student_id = ${users.id} and c.purpose = 'apaar'
      order by c.created_at desc, c.id desc limit 1)`,
    motherTongue: studentRecords.motherTongue,
    minorityGroup: sql<string>`coalesce(${studentRecords.minorityGroup}, 'none')`,
    bpl: sql<boolean>`coalesce(${studentRecords.bpl}, false)`,
    cwsn: sql<boolean>`coalesce(${studentRecords.cwsn}, false)`,
    cwsnType: studentRecords.cwsnType,
    aadhaarLast4: studentRecords.aadhaarLast4,
    nationality: studentRecords.nationality,
    fatherName: studentRecords.fatherName,
    leftOn: studentRecords.leftOn,
    leavingReason: studentRecords.leavingReason,
    leavingCertificateId: studentRecords.leavingCertificateId,
    updatedAt: studentRecords.updatedAt,
  };
}

type RegisterRow = { [K in keyof ReturnType<typeof registerColumns>]: unknown };

function present(row: RegisterRow): StudentRegister {
  const r = row as {
    studentId: string;
    admissionNo: string | null;
    admissionDate: string | null;
    admissionNoAuto: boolean;
    pen: string | null;
    apaarId: string | null;
    apaarConsent: { version: string; at: string } | null;
    motherTongue: string | null;
    minorityGroup: StudentRegister['minorityGroup'];
    bpl: boolean;
    cwsn: boolean;
    cwsnType: StudentRegister['cwsnType'];
    aadhaarLast4: string | null;
    nationality: string | null;
    fatherName: string | null;
    leftOn: string | null;
    leavingReason: string | null;
    leavingCertificateId: string | null;
    updatedAt: Date | null;
  };
  return {
    studentId: r.studentId,
    admissionNo: r.admissionNo,
    admissionDate: r.admissionDate,
    admissionNoAuto: r.admissionNoAuto,
    pen: r.pen,
    apaarId: r.apaarId,
    apaarConsent: r.apaarConsent,
    motherTongue: r.motherTongue,
    minorityGroup: r.minorityGroup,
    bpl: r.bpl,
    cwsn: r.cwsn,
    cwsnType: r.cwsnType,
    aadhaarLast4: r.aadhaarLast4,
    nationality: r.nationality,
    fatherName: r.fatherName,
    left: r.leftOn ? { on: r.leftOn, reason: r.leavingReason ?? '', certificateId: r.leavingCertificateId } : null,
    updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
    // Saved, but worth a second look: an Aadhaar number typed in the APAAR id's place.
    warnings: apaarLooksLikeAadhaar(r.apaarId) ? ['apaar_looks_like_aadhaar'] : [],
  };
}

/** A student of the school and its register entry (404: not a student of the caller's school). */
async function readRegister(db: DbOrTx, schoolId: Scope, studentId: string): Promise<StudentRegister> {
  const [row] = await db
    .select(registerColumns(schoolId))
    .from(users)
    .leftJoin(studentRecords, and(eq(studentRecords.schoolId, users.schoolId), eq(studentRecords.studentId, users.id)))
    .where(and(eq(users.schoolId, schoolId), eq(users.roleId, ROLE.STUDENT), eq(users.id, studentId)));
  if (!row) throw notFound('Student');
  return present(row);
}

/** `GET /api/school/students/:studentId/register`. */
export async function getStudentRegister(deps: Pick<Deps, 'data'>, caller: Caller, studentId: string): Promise<StudentRegister> {
  const schoolId = scopeOf(caller);
  return readRegister(tenantDb(deps, schoolId), schoolId, studentId);
}

const orNull = (v: string) => (v === '' ? null : v);

/**
 * `PUT /api/school/students/:studentId/register`: one transaction: the entry (made if the student
 * has none), the APAAR consent when newly given, the audit entry.
 */
export async function saveStudentRegister(deps: Pick<Deps, 'data'>, caller: Caller, studentId: string, input: StudentRegisterInput): Promise<StudentRegister> {
  const schoolId = scopeOf(caller);
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      const before = await readRegister(tx, schoolId, studentId);
      const admissionNo = input.admissionNo === '' ? before.admissionNo : input.admissionNo;
      const values = {
        admissionNo,
        // A number typed (not the one the counter gave) is the school's own.
        admissionNoAuto: admissionNo !== null && before.admissionNoAuto && admissionNo === before.admissionNo,
        admissionDate: orNull(input.admissionDate),
        pen: orNull(input.pen),
        apaarId: orNull(input.apaarId),
        motherTongue: orNull(input.motherTongue),
        minorityGroup: input.minorityGroup,
        bpl: input.bpl,
        cwsn: input.cwsn,
        cwsnType: input.cwsn ? input.cwsnType : null,
        aadhaarLast4: orNull(input.aadhaarLast4),
        nationality: orNull(input.nationality),
        fatherName: orNull(input.fatherName),
        updatedBy: caller.userId,
        updatedAt: now(),
      };
      await tx
        .insert(studentRecords)
        .values({ schoolId, studentId, ...values })
        .onConflictDoUpdate({ target: [studentRecords.schoolId, studentRecords.studentId], set: values });
      if (input.apaarConsent && !before.apaarConsent) await recordApaarConsent(tx, schoolId, studentId);
      const changed = Object.keys(values).filter((k) => !['updatedBy', 'updatedAt', 'admissionNoAuto'].includes(k) && (before as Record<string, unknown>)[k] !== (values as Record<string, unknown>)[k]);
      await recordAudit(tx, caller, schoolId, { action: 'edit', studentId, details: { register: changed } });
      return readRegister(tx, schoolId, studentId);
    });
  } catch (err) {
    if (violatedConstraint(err) === ADMISSION_TAKEN) throw admissionTaken();
    throw err;
  }
}

/** The parent's APAAR consent, from the form it signed: recorded against its current text. */
async function recordApaarConsent(tx: Tx, schoolId: Scope, studentId: string): Promise<void> {
  const [student] = await tx.select({ parentId: users.parentUserId }).from(users).where(and(eq(users.schoolId, schoolId), eq(users.id, studentId)));
  await tx.insert(consentRecords).values({
    schoolId,
    studentId,
    parentId: student?.parentId ?? null,
    action: 'given',
    purpose: 'apaar',
    version: APAAR_CONSENT_VERSION,
    processing: true,
  });
}

/**
 * The session and student a filter names must be the school's: another school's answers 404, as
 * any record of another school does (one statement).
 */
export async function assertOwnRefs(db: DbOrTx, schoolId: Scope, refs: { sessionId?: string; studentId?: string }): Promise<void> {
  if (!refs.sessionId && !refs.studentId) return;
  const [row] = rowsOf<{ session: boolean; student: boolean }>(
    await db.execute(sql`select
      ${refs.sessionId ? sql`exists (select 1 from academic_sessions where id = ${refs.sessionId} and school_id = ${schoolId})` : sql`true`} as session,
      ${refs.studentId ? sql`exists (select 1 from users where id = ${refs.studentId} and school_id = ${schoolId} and role_id = ${ROLE.STUDENT})` : sql`true`} as student`),
  );
  if (!row?.session) throw notFound('Session');
  if (!row.student) throw notFound('Student');
}

// ---------------------------------------------------------------------------------------------
// The admission register

const EXPORT_MAX = 20_000;

function admissionRows(db: DbOrTx, schoolId: Scope, q: { search?: string; sessionId?: string }) {
  const conditions: SQL[] = [eq(users.schoolId, schoolId), eq(users.roleId, ROLE.STUDENT), sql`${users.erasedAt} is null`];
  if (q.search) {
    const like = `%${escapeLike(q.search.toLowerCase())}%`;
    conditions.push(sql`(${users.searchText} like ${like} or lower(coalesce(${studentRecords.admissionNo}, '')) like ${like})`);
  }
  if (q.sessionId) {
    conditions.push(sql`${studentRecords.admissionDate} between (select s.start_date from academic_sessions s where s.id = ${q.sessionId} and s.school_id = ${schoolId}) and (select s.end_date from academic_sessions s where s.id = ${q.sessionId} and s.school_id = ${schoolId})`);
  }
  return db
    .select({
      studentId: users.id,
      admissionNo: studentRecords.admissionNo,
      admissionDate: studentRecords.admissionDate,
      firstName: users.firstName,
      lastName: users.lastName,
      loginId: users.loginId,
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
      // The register's own: the linked parent account may be the mother's or a guardian's.
      fatherName: studentRecords.fatherName,
      motherName: users.motherName,
      // The class of the current session.
      className: sql<string | null>`(select c.master_class || '-' || c.section from class_students cs
        join classes c on c.id = cs.class_id and c.school_id = cs.school_id
        join academic_sessions a on a.id = c.session_id and a.school_id = c.school_id and a.is_current
        where cs.school_id = ${schoolId} and cs.student_id = ${users.id} limit 1)`,
      active: users.status,
      leftOn: studentRecords.leftOn,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(studentRecords, and(eq(studentRecords.schoolId, users.schoolId), eq(studentRecords.studentId, users.id)))
    .where(and(...conditions))
    .orderBy(
      // Numbers in their order (12 before 101), then any the school wrote otherwise.
      sql`case when ${studentRecords.admissionNo} ~ '^[0-9]{1,9}$' then ${studentRecords.admissionNo}::int end nulls last`,
      asc(studentRecords.admissionNo),
      desc(users.createdAt),
    );
}

const rowOf = (r: Awaited<ReturnType<typeof admissionRows>>[number]): AdmissionRegisterRow => ({
  studentId: r.studentId,
  admissionNo: r.admissionNo,
  admissionDate: r.admissionDate,
  fullName: `${r.firstName} ${r.lastName}`.trim(),
  loginId: r.loginId,
  dateOfBirth: r.dateOfBirth,
  gender: r.gender,
  fatherName: r.fatherName,
  motherName: r.motherName,
  className: r.className,
  active: r.active,
  leftOn: r.leftOn,
});

/** `GET /api/school/admissionregister`: a page of the register, by admission number. */
export async function admissionRegister(
  deps: Pick<Deps, 'data'>,
  caller: Caller,
  q: { page: number; pageSize: number; search?: string; sessionId?: string },
): Promise<{ items: AdmissionRegisterRow[]; total: number; page: number; pageSize: number }> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  await assertOwnRefs(db, schoolId, q);
  const rows = await admissionRows(db, schoolId, q)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items: rows.map(rowOf), total: rows[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

export const ADMISSION_CSV_COLUMNS = ['admissionNo', 'admissionDate', 'fullName', 'loginId', 'dateOfBirth', 'gender', 'fatherName', 'motherName', 'className', 'active', 'leftOn'] as const;

/** `GET /api/school/admissionregister/csv`: the register (or a search of it) as CSV, formula-safe. */
export async function admissionRegisterCsv(deps: Pick<Deps, 'data'>, caller: Caller, q: { search?: string; sessionId?: string }): Promise<string> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  await assertOwnRefs(db, schoolId, q);
  const rows = (await admissionRows(db, schoolId, q).limit(EXPORT_MAX)).map(rowOf);
  return csvText(ADMISSION_CSV_COLUMNS, rows.map((r) => ADMISSION_CSV_COLUMNS.map((c) => (c === 'active' ? (r.active ? 'yes' : 'no') : r[c]))));
}

/**
 * Students just created (by hand or by import) are admitted today, the school's day: the admission
 * trigger gave them their numbers in the same transaction; this gives them the date.
 */
export async function admittedToday(tx: DbOrTx, schoolId: Scope, studentIds: string[]): Promise<void> {
  if (!studentIds.length) return;
  await tx.execute(sql`update student_records r set admission_date = (${now().toISOString()}::timestamptz at time zone s.time_zone)::date
    from schools s
    where s.id = r.school_id and r.school_id = ${schoolId} and r.student_id = any(${sql.param(studentIds)}::uuid[]) and r.admission_date is null`);
}
