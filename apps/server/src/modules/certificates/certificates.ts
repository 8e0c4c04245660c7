import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ROLE,
  formatRupees,
  kindOfRole,
  type Certificate,
  type CertificateInput,
  type CertificateLang,
  type CertificatePreview,
  type CertificateType,
  type CertificateVerification,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { academicSessions, certificates, schools, studentRecords, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { asPlatform, inTenant, tenantDb } from '../../db/scope.js';
import { certificatesPolicy } from '../../policy/certificates.js';
import { onSessionsRevoked, revokeSessions } from '../../auth/sessions.js';
import { recordAudit } from '../privacy/index.js';
import { assertOwnRefs } from './registers.js';
import { localDate } from '../calendar/index.js';
import { feeStanding, tuitionPaid, type TuitionPayment } from './fee-standing.js';
import { fullName } from '../users/service.js';
import { now } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';
import { escapeLike } from '../../db/like.js';

/**
 * Certificates, part "certificates" (issue 26): transfer (TC), bonafide, character and tuition-fee
 * certificates.
 *
 * - Issued by the principal, one transaction: the next number of the school's counter for the type
 *   (`certificate_counters`, its row lock makes numbers gapless), what the certificate says kept as
 *   it is issued (`body`: a re-print says the same whatever changes later), an unguessable token for
 *   its verification page, and the audit entry.
 * - A TC checks the dues (fees due and unpaid, late fees not waived: the principal overrides with a
 *   reason, kept on it), allows one live TC per student (`certificates_live_tc_uq`), and sets the
 *   student as left: inactive, its sessions ended, the leaving date and reason on its register
 *   entry; every record stays.
 * - A tuition-fee certificate states the tuition paid in a financial year (1 April to 31 March)
 *   from the payments, not the dues (fee-standing.ts).
 * - Cancelled with a reason, a certificate keeps its number, marked cancelled; its page says so. A
 *   TC cancelled as issued in error restores the student (`cancelCertificate`), unless asked not to.
 * - The verification page (`GET /api/verify/:token`, public, rate-limited) shows five facts: the
 *   type, number, date, school and the student's name, or that it was cancelled. Nothing else; and
 *   of a pupil whose data was erased, not the name either.
 */

type Scope = string;
const LIVE_TC = 'certificates_live_tc_uq';

/** What a certificate prints, kept as it was issued. */
export interface CertificateBody {
  school: { name: string; address: string | null; phone: string | null; email: string | null; logo: string | null; affiliationNo?: string | null; udiseCode?: string | null };
  student: {
    fullName: string;
    loginId: string;
    admissionNo: string | null;
    admissionDate: string | null;
    dateOfBirth: string | null;
    gender: string | null;
    fatherName: string | null;
    motherName: string | null;
    nationality: string | null;
    category: string | null;
    pen: string | null;
    apaarId: string | null;
  };
  class: { masterClass: string; section: string; sessionLabel: string } | null;
  issuedBy: string | null;
  fields: Record<string, unknown>;
  /** TC: the subjects, the month fees are paid up to, the dues when issued; CBSE's items from the records (absent on a TC issued before them). */
  tc?: { subjects: string; feesPaidUpTo: string | null; dues: number } & Partial<TcHistory>;
  /** Tuition-fee certificate: the year and the payments it adds up. */
  feecert?: { financialYear: number; total: number; payments: TuitionPayment[] };
}

const tcExists = (number: number) => new AppError('CONFLICT', `This student already has transfer certificate no. ${number}.`, { reason: 'tc_exists', params: { number } });
const duesOutstanding = (amount: number) =>
  new AppError('CONFLICT', `Fees of ${formatRupees(amount)} are due: give a reason to issue the certificate anyway.`, { reason: 'dues_outstanding', field: 'fields.duesOverride', params: { amount: formatRupees(amount) } });
const alreadyCancelled = () => new AppError('CONFLICT', 'This certificate was cancelled already.', { reason: 'certificate_cancelled' });
const studentLeft = () => new AppError('CONFLICT', 'This student has left the school.', { reason: 'student_left' });

// ---------------------------------------------------------------------------------------------
// What the records say of a student

interface StudentFacts {
  body: Omit<CertificateBody, 'issuedBy' | 'fields'>;
  active: boolean;
  sessionId: string | null;
  classId: string | null;
  timeZone: string;
}


/** One statement: the student of the school (404 otherwise), its register entry, its class now, the school. */
async function studentFacts(db: DbOrTx, schoolId: Scope, studentId: string): Promise<StudentFacts> {
  const [r] = rowsOf<{
    first_name: string;
    last_name: string;
    login_id: string;
    status: boolean;
    date_of_birth: string | null;
    gender: string | null;
    category: string | null;
    mother_name: string | null;
    admission_no: string | null;
    admission_date: string | null;
    father_name: string | null;
    nationality: string | null;
    pen: string | null;
    apaar_id: string | null;
    session_id: string | null;
    session_label: string | null;
    class_id: string | null;
    master_class: string | null;
    section: string | null;
    school_name: string;
    address: string | null;
    city: string | null;
    district: string | null;
    state: string | null;
    zip_code: string | null;
    phone: string | null;
    email: string | null;
    image: string | null;
    time_zone: string;
    affiliation_no: string | null;
    udise_code: string | null;
  }>(
    await db.execute(sql`
      select u.first_name, u.last_name, u.login_id, u.status, u.date_of_birth::text as date_of_birth, u.gender, u.category, u.mother_name,
        r.admission_no, r.admission_date::text as admission_date, r.father_name, r.nationality, r.pen, r.apaar_id,
        a.id as session_id, a.label as session_label, c.id as class_id, c.master_class, c.section,
        s.name as school_name, s.address, s.city, s.district, s.state, s.zip_code, s.phone, s.email, s.image, s.time_zone, s.affiliation_no, s.udise_code
      from users u
      join schools s on s.id = u.school_id
      left join student_records r on r.school_id = u.school_id and r.student_id = u.id
      left join academic_sessions a on a.school_id = u.school_id and a.is_current
      left join class_students cs on cs.school_id = u.school_id and cs.student_id = u.id and cs.session_id = a.id
      left join classes c on c.id = cs.class_id and c.school_id = cs.school_id
      where u.school_id = ${schoolId} and u.id = ${studentId} and u.role_id = ${ROLE.STUDENT} and u.erased_at is null`),
  );
  if (!r) throw notFound('Student');
  const address = addressOnce([r.address, r.city, r.district, r.state, r.zip_code]);
  return {
    active: r.status,
    sessionId: r.session_id,
    classId: r.class_id,
    timeZone: r.time_zone,
    body: {
      school: { name: r.school_name, address, phone: r.phone, email: r.email, logo: r.image, affiliationNo: r.affiliation_no, udiseCode: r.udise_code },
      student: {
        fullName: fullName({ firstName: r.first_name, lastName: r.last_name }),
        loginId: r.login_id,
        admissionNo: r.admission_no,
        admissionDate: r.admission_date,
        dateOfBirth: r.date_of_birth,
        gender: r.gender,
        // The register's own: the linked parent account may be the mother's or a guardian's.
        fatherName: r.father_name,
        motherName: r.mother_name,
        nationality: r.nationality,
        category: r.category,
        pen: r.pen,
        apaarId: r.apaar_id,
      },
      class: r.master_class !== null && r.session_label !== null ? { masterClass: r.master_class, section: r.section ?? '', sessionLabel: r.session_label } : null,
    },
  };
}

/** The subjects of a class, by name. */
async function classSubjectNames(db: DbOrTx, schoolId: Scope, classId: string | null): Promise<string> {
  if (!classId) return '';
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select s.name from class_subjects cs join subjects s on s.id = cs.subject_id and s.school_id = cs.school_id
      where cs.school_id = ${schoolId} and cs.class_id = ${classId} order by s.name`),
  );
  return rows.map((r) => r.name).join(', ');
}

/** What a TC needs of the register that it lacks. */
function missingFor(type: CertificateType, facts: StudentFacts): string[] {
  const s = facts.body.student;
  const wanted: Array<[string, unknown]> =
    type === 'tc'
      ? [['admissionNo', s.admissionNo], ['admissionDate', s.admissionDate], ['dateOfBirth', s.dateOfBirth], ['fatherName', s.fatherName], ['motherName', s.motherName], ['nationality', s.nationality], ['class', facts.body.class]]
      : [['admissionNo', s.admissionNo], ['class', facts.body.class]];
  return wanted.filter(([, v]) => v === null || v === '').map(([k]) => k);
}

/** What a CBSE TC asks of the pupil's years in the school, from Shala's records. */
export interface TcHistory {
  /** Days the pupil's class was marked in the session up to the leaving date, and those the pupil was present (or late); null: no class. */
  workingDays: number | null;
  daysPresent: number | null;
  /** Sessions spent again in a class the pupil had studied in already (0: never failed). */
  timesFailed: number;
  /** The class the pupil first studied in here, when that is the class of admission (admitted in, or just before, its session); null: not known. */
  firstClass: { masterClass: string; section: string } | null;
  /** The fee concessions of the session's fee record: the fee type's name and what it took off (paise, positive). */
  concessions: Array<{ name: string; amount: number }>;
}

/** One statement: what a TC asks of the pupil's attendance, classes and fee concessions. */
async function tcHistory(db: DbOrTx, schoolId: Scope, studentId: string, facts: StudentFacts, leavingDate: string): Promise<TcHistory> {
  const [r] = rowsOf<{ working_days: number | string | null; days_present: number | string | null; most_in_one_class: number | string | null; first_class: { masterClass: string; section: string } | null; concessions: Array<{ name: string; amount: number | string }> | null }>(
    await db.execute(sql`select
      (select count(distinct m.date) from attendance_marks m
        where m.school_id = ${schoolId} and m.session_id = ${facts.sessionId} and m.class_id = ${facts.classId} and m.date <= ${leavingDate}) as working_days,
      (select count(distinct m.date) from attendance_marks m
        where m.school_id = ${schoolId} and m.session_id = ${facts.sessionId} and m.student_id = ${studentId} and m.status in ('present', 'late') and m.date <= ${leavingDate}) as days_present,
      (select max(n) from (select count(*) as n from class_students cs join classes c on c.id = cs.class_id and c.school_id = cs.school_id
        where cs.school_id = ${schoolId} and cs.student_id = ${studentId} group by c.master_class) t) as most_in_one_class,
      (select json_build_object('masterClass', c.master_class, 'section', c.section)
        from class_students cs
        join classes c on c.id = cs.class_id and c.school_id = cs.school_id
        join academic_sessions a on a.id = cs.session_id and a.school_id = cs.school_id
        left join student_records r on r.school_id = cs.school_id and r.student_id = cs.student_id
        where cs.school_id = ${schoolId} and cs.student_id = ${studentId}
          and a.start_date = (select min(a2.start_date) from class_students cs2 join academic_sessions a2 on a2.id = cs2.session_id and a2.school_id = cs2.school_id
            where cs2.school_id = ${schoolId} and cs2.student_id = ${studentId})
          and r.admission_date between a.start_date - 120 and a.end_date
        limit 1) as first_class,
      (select json_agg(json_build_object('name', adj->>'name', 'amount', -(adj->>'amount')::bigint))
        from fee_records f cross join jsonb_array_elements(f.adjustments) adj
        where f.school_id = ${schoolId} and f.student_id = ${studentId} and f.session_id = ${facts.sessionId} and (adj->>'amount')::bigint < 0) as concessions`),
  );
  const count = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const inClass = facts.classId !== null;
  return {
    workingDays: inClass ? count(r?.working_days) : null,
    daysPresent: inClass ? count(r?.days_present) : null,
    timesFailed: Math.max(0, (count(r?.most_in_one_class) ?? 1) - 1),
    firstClass: r?.first_class ?? null,
    concessions: (r?.concessions ?? []).map((c) => ({ name: c.name, amount: Number(c.amount) })),
  };
}

/** An address's parts once each: a town that names its district too reads "Jaipur, Rajasthan", not "Jaipur, Jaipur, Rajasthan". */
export function addressOnce(parts: ReadonlyArray<string | null | undefined>): string | null {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts.flatMap((p) => (p ?? '').split(','))) {
    const t = part.trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out.length ? out.join(', ') : null;
}

const currentFinancialYear = (today: string) => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m >= 4 ? y : y - 1;
};

async function liveTc(db: DbOrTx, schoolId: Scope, studentId: string) {
  const [tc] = await db
    .select({ certificateId: certificates.id, number: certificates.number })
    .from(certificates)
    .where(and(eq(certificates.schoolId, schoolId), eq(certificates.studentId, studentId), eq(certificates.type, 'tc'), sql`${certificates.cancelledAt} is null`));
  return tc ?? null;
}

/** `GET /api/school/certificates/preview`: what the form fills itself with. */
export async function certificatePreview(deps: Pick<Deps, 'data'>, caller: Caller, q: { type: CertificateType; studentId: string; financialYear?: number }): Promise<CertificatePreview> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const facts = await studentFacts(db, schoolId, q.studentId);
  const today = localDate(facts.timeZone);
  const [standing, subjects, tc, tuition] = await Promise.all([
    feeStanding(db, schoolId, q.studentId, today),
    classSubjectNames(db, schoolId, facts.classId),
    liveTc(db, schoolId, q.studentId),
    q.type === 'feecert' ? tuitionPaid(db, schoolId, q.studentId, q.financialYear ?? currentFinancialYear(today)) : Promise.resolve(null),
  ]);
  const s = facts.body.student;
  return {
    student: { userId: q.studentId, fullName: s.fullName, loginId: s.loginId, admissionNo: s.admissionNo, active: facts.active },
    className: facts.body.class ? `${facts.body.class.masterClass}-${facts.body.class.section}` : null,
    subjects,
    dues: standing.dues,
    feesPaidUpTo: standing.paidUpTo,
    tuitionPaid: tuition?.total ?? null,
    missing: missingFor(q.type, facts),
    existingTc: tc,
  };
}

// ---------------------------------------------------------------------------------------------
// Issuing

/** The next number of the school's counter for a type, in the caller's transaction (its row lock keeps numbers gapless). */
async function nextNumber(tx: Tx, schoolId: Scope, type: CertificateType): Promise<number> {
  const [row] = rowsOf<{ last_no: number }>(
    await tx.execute(sql`insert into certificate_counters (school_id, type, last_no) values (${schoolId}, ${type}, 1)
      on conflict (school_id, type) do update set last_no = certificate_counters.last_no + 1 returning last_no`),
  );
  return row!.last_no;
}

/**
 * Issues a certificate in the caller's transaction (the route's, or the demo seed's): the checks,
 * the next number, the certificate, a TC's leaving; `left` when the student left (its sessions are
 * to be told, after the commit).
 */
export async function issueInTx(tx: Tx, schoolId: Scope, caller: Caller, input: CertificateInput): Promise<{ id: string; left: boolean }> {
  // The student's row first: two TCs for one student wait for each other here.
  await tx.execute(sql`select 1 from users where id = ${input.studentId} and school_id = ${schoolId} for update`);
  const facts = await studentFacts(tx, schoolId, input.studentId);
  const today = localDate(facts.timeZone);
  const [issuer] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, caller.userId));
  const body: CertificateBody = { ...facts.body, issuedBy: issuer ? fullName(issuer) : null, fields: { ...input.fields } };
  let amount: number | null = null;
  if (input.type === 'tc') {
    if (!facts.active) throw studentLeft();
    const existing = await liveTc(tx, schoolId, input.studentId);
    if (existing) throw tcExists(existing.number);
    const standing = await feeStanding(tx, schoolId, input.studentId, today);
    if (standing.dues > 0 && !input.fields.duesOverride) throw duesOutstanding(standing.dues);
    const subjects = input.fields.subjects || (await classSubjectNames(tx, schoolId, facts.classId));
    body.tc = { subjects, feesPaidUpTo: standing.paidUpTo, dues: standing.dues, ...(await tcHistory(tx, schoolId, input.studentId, facts, input.fields.leavingDate)) };
  } else if (input.type === 'feecert') {
    const paid = await tuitionPaid(tx, schoolId, input.studentId, input.fields.financialYear);
    body.feecert = { financialYear: input.fields.financialYear, ...paid };
    amount = paid.total;
  } else if (input.type === 'bonafide' && !facts.active) {
    // A bonafide certificate speaks of a pupil on the rolls.
    throw studentLeft();
  }
  const number = await nextNumber(tx, schoolId, input.type);
  const [row] = await tx
    .insert(certificates)
    .values({
      schoolId,
      type: input.type,
      number,
      studentId: input.studentId,
      sessionId: facts.sessionId,
      body,
      amount,
      token: randomBytes(24).toString('base64url'),
      sharedWithParent: input.shareWithParent,
      issuedOn: today,
      issuedBy: caller.userId,
    })
    .returning({ id: certificates.id });
  if (input.type === 'tc') {
    // The student leaves: inactive, signed out, the register says when and why; every record stays.
    await tx.update(users).set({ status: false, updatedAt: now() }).where(and(eq(users.schoolId, schoolId), eq(users.id, input.studentId)));
    await revokeSessions(tx, input.studentId);
    await tx
      .insert(studentRecords)
      .values({ schoolId, studentId: input.studentId, leftOn: input.fields.leavingDate, leavingReason: input.fields.reason, leavingCertificateId: row!.id, updatedBy: caller.userId, updatedAt: now() })
      .onConflictDoUpdate({
        target: [studentRecords.schoolId, studentRecords.studentId],
        set: { leftOn: input.fields.leavingDate, leavingReason: input.fields.reason, leavingCertificateId: row!.id, updatedBy: caller.userId, updatedAt: now() },
      });
  }
  await recordAudit(tx, caller, schoolId, { action: 'certificate_issued', studentId: input.studentId, details: { type: input.type, number } });
  return { id: row!.id, left: input.type === 'tc' };
}

/** `POST /api/school/certificates`. */
export async function issueCertificate(deps: Pick<Deps, 'data' | 'realtime' | 'sessionCache'>, caller: Caller, input: CertificateInput): Promise<Certificate> {
  const schoolId = scopeOf(caller);
  let left = false;
  try {
    const id = await inTenant(deps, schoolId, async (tx) => {
      const issued = await issueInTx(tx, schoolId, caller, input);
      left = issued.left;
      return issued.id;
    });
    if (left) onSessionsRevoked(deps, { userId: input.studentId });
    return (await readCertificates(tenantDb(deps, schoolId), schoolId, eq(certificates.id, id), 1, 0)).items[0]!;
  } catch (err) {
    if (violatedConstraint(err) === LIVE_TC) {
      const tc = await liveTc(tenantDb(deps, schoolId), schoolId, input.studentId);
      throw tcExists(tc?.number ?? 0);
    }
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

const student = alias(users, 'student');
const issuer = alias(users, 'issuer');
const canceller = alias(users, 'canceller');

async function readCertificates(db: DbOrTx, schoolId: Scope, where: SQL | undefined, limit: number, offset: number): Promise<{ items: Certificate[]; total: number }> {
  const rows = await db
    .select({
      id: certificates.id,
      type: certificates.type,
      number: certificates.number,
      studentId: certificates.studentId,
      firstName: student.firstName,
      lastName: student.lastName,
      loginId: student.loginId,
      erasedAt: student.erasedAt,
      body: certificates.body,
      issuedOn: certificates.issuedOn,
      issuerFirst: issuer.firstName,
      issuerLast: issuer.lastName,
      sessionLabel: academicSessions.label,
      shared: certificates.sharedWithParent,
      prints: certificates.prints,
      amount: certificates.amount,
      token: certificates.token,
      cancelledAt: certificates.cancelledAt,
      cancelReason: certificates.cancelReason,
      cancellerFirst: canceller.firstName,
      cancellerLast: canceller.lastName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(certificates)
    .innerJoin(student, eq(student.id, certificates.studentId))
    .leftJoin(issuer, eq(issuer.id, certificates.issuedBy))
    .leftJoin(canceller, eq(canceller.id, certificates.cancelledBy))
    .leftJoin(academicSessions, and(eq(academicSessions.id, certificates.sessionId), eq(academicSessions.schoolId, certificates.schoolId)))
    .where(and(eq(certificates.schoolId, schoolId), where))
    .orderBy(desc(certificates.createdAt), desc(certificates.id))
    .limit(limit)
    .offset(offset);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r) => ({
      certificateId: r.id,
      type: r.type as CertificateType,
      number: r.number,
      status: r.cancelledAt ? 'cancelled' : 'issued',
      student: { userId: r.studentId, fullName: fullName(r), loginId: r.loginId, admissionNo: (r.body as CertificateBody).student.admissionNo, erased: r.erasedAt !== null },
      issuedOn: r.issuedOn,
      issuedBy: r.issuerFirst === null ? null : fullName({ firstName: r.issuerFirst, lastName: r.issuerLast ?? '' }),
      sessionName: r.sessionLabel,
      sharedWithParent: r.shared,
      prints: r.prints,
      amount: r.amount === null ? null : Number(r.amount),
      cancelled: r.cancelledAt
        ? { at: r.cancelledAt.toISOString(), by: r.cancellerFirst === null ? null : fullName({ firstName: r.cancellerFirst, lastName: r.cancellerLast ?? '' }), reason: r.cancelReason ?? '' }
        : null,
      verifyPath: `/verify/${r.token}`,
    })),
  };
}

interface ListQuery {
  page: number;
  pageSize: number;
  type?: CertificateType;
  sessionId?: string;
  studentId?: string;
  status?: 'issued' | 'cancelled';
  search?: string | null;
}

function listWhere(q: ListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.type) parts.push(eq(certificates.type, q.type));
  if (q.sessionId) parts.push(eq(certificates.sessionId, q.sessionId));
  if (q.studentId) parts.push(eq(certificates.studentId, q.studentId));
  if (q.status) parts.push(q.status === 'cancelled' ? sql`${certificates.cancelledAt} is not null` : sql`${certificates.cancelledAt} is null`);
  if (q.search) {
    const like = `%${escapeLike(q.search.toLowerCase())}%`;
    parts.push(sql`(${student.searchText} like ${like} or ${certificates.number}::text = ${q.search.trim()})`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** `GET /api/school/certificates`: the register, newest first. */
export async function listCertificates(deps: Pick<Deps, 'data'>, caller: Caller, q: ListQuery) {
  const schoolId = scopeOf(caller);
  await assertOwnRefs(tenantDb(deps, schoolId), schoolId, q);
  const { items, total } = await readCertificates(tenantDb(deps, schoolId), schoolId, listWhere(q), q.pageSize, (q.page - 1) * q.pageSize);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * `GET /api/parent/certificates`: those the school shared, of a parent's children or a student's
 * own. Asked for one student (`studentId`) who is not the parent's child (the student itself): 404,
 * as every other route answers for another family's child.
 */
export async function myCertificates(deps: Pick<Deps, 'data'>, caller: Caller, q: ListQuery) {
  const schoolId = scopeOf(caller);
  if (q.studentId) {
    const own = certificatesPolicy.familyWhere(caller, { studentId: sql`u.id`, parentOf: sql`u.parent_user_id` });
    const [child] = rowsOf<{ id: string }>(
      await tenantDb(deps, schoolId).execute(sql`select u.id from users u where u.school_id = ${schoolId} and u.id = ${q.studentId} and u.role_id = ${ROLE.STUDENT} and ${own}`),
    );
    if (!child) throw notFound('Student');
  }
  const mine = certificatesPolicy.familyWhere(caller, { studentId: certificates.studentId, parentOf: student.parentUserId });
  const { items, total } = await readCertificates(tenantDb(deps, schoolId), schoolId, and(mine, eq(certificates.sharedWithParent, true), listWhere(q)), q.pageSize, (q.page - 1) * q.pageSize);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * `POST /api/school/certificates/:certificateId/cancel`. A TC issued in error, with
 * `restoreStudent`: the student is back on the rolls in the same transaction (active again, the
 * register's leaving date, reason and certificate cleared where this TC set them, a `status` entry
 * in the audit log); an erased student's TC is cancelled only (409 `tc_restore_erased` otherwise).
 */
export async function cancelCertificate(deps: Pick<Deps, 'data'>, caller: Caller, certificateId: string, body: { reason: string; restoreStudent: boolean }): Promise<Certificate> {
  const schoolId = scopeOf(caller);
  const { reason } = body;
  await inTenant(deps, schoolId, async (tx) => {
    const [row] = await tx
      .select({ studentId: certificates.studentId, type: certificates.type, number: certificates.number, cancelledAt: certificates.cancelledAt })
      .from(certificates)
      .where(and(eq(certificates.schoolId, schoolId), eq(certificates.id, certificateId)))
      .for('update');
    if (!row) throw notFound('Certificate');
    if (row.cancelledAt) throw alreadyCancelled();
    const restore = row.type === 'tc' && body.restoreStudent;
    await tx.update(certificates).set({ cancelledAt: now(), cancelledBy: caller.userId, cancelReason: reason }).where(and(eq(certificates.schoolId, schoolId), eq(certificates.id, certificateId)));
    await recordAudit(tx, caller, schoolId, { action: 'certificate_cancelled', studentId: row.studentId, details: { type: row.type, number: row.number, reason, ...(row.type === 'tc' ? { restored: restore } : {}) } });
    if (!restore) return;
    const [back] = await tx
      .update(users)
      .set({ status: true, updatedAt: now() })
      .where(and(eq(users.schoolId, schoolId), eq(users.id, row.studentId), sql`${users.erasedAt} is null`))
      .returning({ id: users.id });
    if (!back) throw new AppError('CONFLICT', "This student's data was erased: cancel the certificate without restoring the student.", { reason: 'tc_restore_erased', field: 'restoreStudent' });
    await tx
      .update(studentRecords)
      .set({ leftOn: null, leavingReason: null, leavingCertificateId: null, updatedBy: caller.userId, updatedAt: now() })
      .where(and(eq(studentRecords.schoolId, schoolId), eq(studentRecords.studentId, row.studentId), eq(studentRecords.leavingCertificateId, certificateId)));
    await recordAudit(tx, caller, schoolId, { action: 'status', studentId: row.studentId, details: { status: true, certificate: { type: row.type, number: row.number } } });
  });
  return (await readCertificates(tenantDb(deps, schoolId), schoolId, eq(certificates.id, certificateId), 1, 0)).items[0]!;
}

/**
 * A certificate for its PDF, counted as printed: staff read any of the school's; a parent its
 * children's and a student its own, when shared (404 otherwise). The first print in each language
 * is an original; every later one in that language is a duplicate.
 */
export async function certificateForPrint(deps: Pick<Deps, 'data'>, caller: Caller, certificateId: string, lang: CertificateLang) {
  const schoolId = scopeOf(caller);
  const own = certificatesPolicy.printWhere(caller, schoolId);
  const [row] = await tenantDb(deps, schoolId)
    .update(certificates)
    .set({
      prints: sql`${certificates.prints} + 1`,
      printsByLang: sql`${certificates.printsByLang} || jsonb_build_object(${lang}::text, coalesce((${certificates.printsByLang} ->> ${lang}::text)::int, 0) + 1)`,
    })
    .where(and(eq(certificates.schoolId, schoolId), eq(certificates.id, certificateId), own))
    .returning({
      type: certificates.type,
      number: certificates.number,
      body: certificates.body,
      issuedOn: certificates.issuedOn,
      langPrints: sql<number>`(${certificates.printsByLang} ->> ${lang}::text)::int`.mapWith(Number),
      token: certificates.token,
      cancelledAt: certificates.cancelledAt,
      amount: certificates.amount,
    });
  if (!row) throw notFound('Certificate');
  const { langPrints, ...rest } = row;
  return { ...rest, type: row.type as CertificateType, body: row.body as CertificateBody, duplicate: langPrints > 1, cancelled: row.cancelledAt !== null };
}

// ---------------------------------------------------------------------------------------------
// The public verification page

/** `GET /api/verify/:token`: five facts of a certificate or an ID card, or 404. */
export async function verifyToken(deps: Pick<Deps, 'data'>, token: string): Promise<CertificateVerification> {
  const db = asPlatform(deps);
  const [cert] = await db
    .select({ type: certificates.type, number: certificates.number, issuedOn: certificates.issuedOn, body: certificates.body, cancelledAt: certificates.cancelledAt, school: schools.name, erasedAt: student.erasedAt })
    .from(certificates)
    .innerJoin(schools, eq(schools.id, certificates.schoolId))
    .innerJoin(student, and(eq(student.id, certificates.studentId), eq(student.schoolId, certificates.schoolId)))
    .where(eq(certificates.token, token));
  if (cert) {
    return {
      kind: cert.type as CertificateType,
      number: cert.number,
      issuedOn: cert.issuedOn,
      schoolName: cert.school,
      // An erased pupil's certificate stays valid (the school keeps it by law), but names nobody.
      studentName: cert.erasedAt ? null : (cert.body as CertificateBody).student.fullName,
      status: cert.cancelledAt ? 'cancelled' : 'valid',
    };
  }
  const [card] = rowsOf<{ issued_on: string; school: string; first_name: string; last_name: string; status: boolean; role_id: number }>(
    await db.execute(sql`select c.issued_on::text as issued_on, s.name as school, u.first_name, u.last_name, u.status, u.role_id
      from id_cards c join schools s on s.id = c.school_id join users u on u.id = c.user_id and u.school_id = c.school_id
      where c.token = ${token} and u.erased_at is null`),
  );
  if (!card) throw notFound('Certificate');
  // A card is valid while its holder is an active student (staff) of the school.
  return {
    kind: kindOfRole(card.role_id) === 'students' ? 'idcard' : 'staffcard',
    number: null,
    issuedOn: card.issued_on,
    schoolName: card.school,
    studentName: fullName({ firstName: card.first_name, lastName: card.last_name }),
    status: card.status ? 'valid' : 'cancelled',
  };
}
