import { and, asc, eq, sql } from 'drizzle-orm';
import { csvText, ROLE, type UdiseCheckRow } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { academicSessions, classes, classStudents, studentRecords, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';

/**
 * Certificates, part "UDISE+" (issue 26): the student data of a session (or one class of it) for
 * the school's UDISE+ entry, in the order of the Data Capture Format's student section as far as
 * Shala holds it: as CSV, as a spreadsheet, or as the list of what each student still misses.
 *
 * - One statement for all the rows: the students placed in the session's classes (class_students),
 *   their register entry (student_records) and their parent account's phone and email as fallbacks
 *   (never its name as the father's: the account may be the mother's or a guardian's).
 * - Aadhaar only as its last four digits (all Shala keeps); headers in English, whatever the
 *   reader's language, as the UDISE+ portal's format is.
 * - Coded as the DCF codes them: gender (1 Male, 2 Female, 3 Transgender), social category
 *   (1 General, 2 SC, 3 ST, 4 OBC; EWS is of the general category; "other" has no code and is left
 *   empty, so the check lists it), BPL and CWSN (1 Yes, 2 No); the mobile number as its 10 digits
 *   (no +91, no spaces: empty when it is not a 10-digit Indian mobile).
 * - A session or class of another school answers 404.
 */

type Scope = string;
const EXPORT_MAX = 20_000;

/** The columns, in the Data Capture Format's order: the header, and the field of a row. */
export const UDISE_COLUMNS = [
  ['Student name', 'fullName'],
  ['Gender', 'gender'],
  ['Date of birth', 'dateOfBirth'],
  ["Mother's name", 'motherName'],
  ["Father's name", 'fatherName'],
  ['Aadhaar (last 4 digits)', 'aadhaarLast4'],
  ['Address', 'address'],
  ['PIN code', 'pin'],
  ['Mobile number', 'mobile'],
  ['Email', 'email'],
  ['Mother tongue', 'motherTongue'],
  ['Social category', 'category'],
  ['Minority group', 'minorityGroup'],
  ['BPL', 'bpl'],
  ['CWSN', 'cwsn'],
  ['Impairment type', 'cwsnType'],
  ['Admission number', 'admissionNo'],
  ['Admission date', 'admissionDate'],
  ['Class', 'className'],
  ['Section', 'section'],
  ['Roll number', 'rollNo'],
  ['PEN', 'pen'],
  ['APAAR ID', 'apaarId'],
] as const;

type UdiseField = (typeof UDISE_COLUMNS)[number][1];
export type UdiseRow = Record<UdiseField, string> & { studentId: string };

/** What UDISE+ requires of every student (the check's field names, as the contract's and the form's). */
export const UDISE_REQUIRED = ['fullName', 'gender', 'dateOfBirth', 'motherName', 'fatherName', 'motherTongue', 'category', 'admissionNo', 'admissionDate', 'className'] as const;

/** The session (and class) of the caller's school, or 404. */
async function checkScope(db: ReturnType<typeof tenantDb>, schoolId: Scope, sessionId: string, classId: string | undefined): Promise<void> {
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)));
  if (!session) throw notFound('Session');
  if (!classId) return;
  const [cls] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.sessionId, sessionId), eq(classes.id, classId)));
  if (!cls) throw notFound('Class');
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
/** The DCF's codes. */
const GENDER_CODES: Record<string, string> = { male: '1', female: '2', other: '3' };
const CATEGORY_CODES: Record<string, string> = { general: '1', sc: '2', st: '3', obc: '4', ews: '1' };
const yesNo = (v: boolean | null) => (v ? '1' : '2');
const code = (codes: Record<string, string>, v: string | null) => (v ? (codes[v] ?? '') : '');
/** A mobile number as the DCF asks: its 10 digits ("+91 98596 69329" → "9859669329"); empty when it is no Indian mobile. */
export function mobileDigits(v: string | null): string {
  const digits = (v ?? '').replace(/\D/g, '');
  const ten = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[6-9]\d{9}$/.test(ten) ? ten : '';
}

/** The students of the session's classes (or the one class), by class, section and roll number: one statement. */
export async function udiseRows(deps: Pick<Deps, 'data'>, caller: Caller, q: { sessionId: string; classId?: string }): Promise<UdiseRow[]> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  await checkScope(db, schoolId, q.sessionId, q.classId);
  const parent = (column: string) => sql<string | null>`(select nullif(${sql.raw(column)}, '') from users p where p.id = ${users.parentUserId} and p.school_id = ${schoolId})`;
  const rows = await db
    .select({
      studentId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      gender: users.gender,
      dateOfBirth: users.dateOfBirth,
      motherName: users.motherName,
      // The register's own: the linked parent account may be the mother or a guardian.
      fatherName: studentRecords.fatherName,
      aadhaarLast4: studentRecords.aadhaarLast4,
      address: users.address,
      pin: users.zip,
      mobile: sql<string | null>`coalesce(nullif(${users.contact}, ''), ${parent('p.contact')})`,
      email: sql<string | null>`coalesce(nullif(${users.email}, ''), ${parent('p.email')})`,
      motherTongue: studentRecords.motherTongue,
      category: users.category,
      minorityGroup: studentRecords.minorityGroup,
      bpl: studentRecords.bpl,
      cwsn: studentRecords.cwsn,
      cwsnType: studentRecords.cwsnType,
      admissionNo: studentRecords.admissionNo,
      admissionDate: studentRecords.admissionDate,
      className: classes.masterClass,
      section: classes.section,
      rollNo: classStudents.rollNo,
      pen: studentRecords.pen,
      apaarId: studentRecords.apaarId,
    })
    .from(classStudents)
    .innerJoin(classes, and(eq(classes.id, classStudents.classId), eq(classes.schoolId, classStudents.schoolId)))
    .innerJoin(users, and(eq(users.id, classStudents.studentId), eq(users.schoolId, classStudents.schoolId)))
    .leftJoin(studentRecords, and(eq(studentRecords.schoolId, users.schoolId), eq(studentRecords.studentId, users.id)))
    .where(
      and(
        eq(classStudents.schoolId, schoolId),
        eq(classStudents.sessionId, q.sessionId),
        q.classId ? eq(classStudents.classId, q.classId) : undefined,
        eq(users.roleId, ROLE.STUDENT),
        sql`${users.erasedAt} is null`,
      ),
    )
    .orderBy(sql`case when ${classes.masterClass} ~ '^[0-9]+$' then ${classes.masterClass}::int else -1 end`, asc(classes.masterClass), asc(classes.section), sql`${classStudents.rollNo} nulls last`, asc(users.firstName), asc(users.lastName))
    .limit(EXPORT_MAX);
  return rows.map((r) => ({
    studentId: r.studentId,
    fullName: `${r.firstName} ${r.lastName}`.trim(),
    gender: code(GENDER_CODES, r.gender),
    dateOfBirth: text(r.dateOfBirth),
    motherName: text(r.motherName),
    fatherName: text(r.fatherName),
    aadhaarLast4: text(r.aadhaarLast4),
    address: text(r.address),
    pin: text(r.pin),
    mobile: mobileDigits(r.mobile),
    email: text(r.email),
    motherTongue: text(r.motherTongue),
    category: code(CATEGORY_CODES, r.category),
    minorityGroup: text(r.minorityGroup ?? 'none'),
    bpl: yesNo(r.bpl),
    cwsn: yesNo(r.cwsn),
    cwsnType: r.cwsn ? text(r.cwsnType) : '',
    admissionNo: text(r.admissionNo),
    admissionDate: text(r.admissionDate),
    className: text(r.className),
    section: text(r.section),
    rollNo: text(r.rollNo),
    pen: text(r.pen),
    apaarId: text(r.apaarId),
  }));
}

const header = UDISE_COLUMNS.map(([h]) => h);
const cells = (r: UdiseRow) => UDISE_COLUMNS.map(([, f]) => r[f]);

/** The export as CSV (formula-safe cells). */
export const udiseCsv = (rows: UdiseRow[]): string => csvText(header, rows.map(cells));

/** The export as a spreadsheet (.xlsx): every cell text, so a PIN or a number keeps its zeros and nothing runs as a formula. */
export async function udiseXlsx(rows: UdiseRow[]): Promise<Buffer> {
  const bold = header.map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = [bold, ...rows.map((r) => cells(r).map((value) => ({ value, type: String })))];
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile(data, { sheet: 'Students', stickyRowsCount: 1 }).toBuffer();
}

/** `format=check`: each student missing a required field, with the fields it misses. */
export function udiseCheck(rows: UdiseRow[]): UdiseCheckRow[] {
  return rows
    .map((r) => ({
      studentId: r.studentId,
      fullName: r.fullName,
      className: r.section ? `${r.className}-${r.section}` : r.className,
      missing: UDISE_REQUIRED.filter((f) => r[f].trim() === ''),
    }))
    .filter((r) => r.missing.length > 0);
}
