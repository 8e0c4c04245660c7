import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ROLE,
  CONSENT_HISTORY_MAX,
  CONSENT_VERSION,
  type ChildConsent,
  type ConsentInput,
  type ConsentRecord,
  type ConsentReport,
  type ConsentReportQuery,
  type ConsentState,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { allOf, type DbOrTx } from '../../db/client.js';
import { consentRecords, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { privacyPolicy } from '../../policy/privacy.js';
import { fullName } from '../users/service.js';
import { likeOf, recordAudit } from './audit.js';
import { roleSql } from '../../db/roles.js';
import { rowsOf } from '../../db/rows.js';

/** Where a consent came from: the evidence kept with it. */
export interface Evidence {
  ip: string | null;
  userAgent: string | null;
}

const parent = alias(users, 'consent_parent');

type RecordRow = typeof consentRecords.$inferSelect & { parentFirst: string | null; parentLast: string | null };

function presentRecord(r: RecordRow): ConsentRecord {
  return {
    consentId: r.id,
    action: r.action as ConsentRecord['action'],
    version: r.version,
    processing: r.processing,
    photos: r.photos,
    notifications: r.notifications,
    parentId: r.parentId,
    parentName: r.parentFirst == null ? '' : fullName({ firstName: r.parentFirst, lastName: r.parentLast ?? '' }),
    at: r.createdAt.toISOString(),
    ip: r.ip,
    userAgent: r.userAgent,
  };
}

/** A student's consent actions, newest first (at most CONSENT_HISTORY_MAX): one statement. */
export async function consentHistory(db: DbOrTx, schoolId: string, studentId: string, max = CONSENT_HISTORY_MAX): Promise<ConsentRecord[]> {
  const rows = await db
    .select({ r: consentRecords, parentFirst: parent.firstName, parentLast: parent.lastName })
    .from(consentRecords)
    .leftJoin(parent, eq(parent.id, consentRecords.parentId))
    .where(and(eq(consentRecords.schoolId, schoolId), eq(consentRecords.studentId, studentId), eq(consentRecords.purpose, 'data')))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .limit(max);
  return rows.map((x) => presentRecord({ ...x.r, parentFirst: x.parentFirst, parentLast: x.parentLast }));
}

/** The student (404 when the caller may not act on it) and its consent history, read side by side. */
async function readConsent(db: DbOrTx, caller: Caller, schoolId: string, studentId: string): Promise<ChildConsent> {
  const [[student], history] = await allOf(db, [
    () => db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(privacyPolicy.studentWhere(caller, schoolId, studentId)),
    () => consentHistory(db, schoolId, studentId),
  ]);
  if (!student) throw notFound('Student');
  const current = history[0] ?? null;
  return { studentId, studentName: fullName(student), status: current ? current.action : 'missing', current, history };
}

export function getConsent(deps: Deps, caller: Caller, studentId: string): Promise<ChildConsent> {
  const schoolId = schoolOf(caller);
  return readConsent(tenantDb(deps, schoolId), caller, schoolId, studentId);
}

/**
 * Records a consent action for a parent's own child: the row is inserted only when the student is
 * the caller's child (INSERT … SELECT; no row: 404), with the audit row, in one transaction.
 * Withdrawing needs consent in force (409 otherwise).
 */
async function recordConsent(deps: Deps, caller: Caller, studentId: string, evidence: Evidence, input: ConsentInput | null): Promise<ChildConsent> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, schoolId, async (tx) => {
    const [student] = await tx
      .select({ id: users.id, current: sql<string | null>`(select c.action from consent_records c where c.school_id = ${schoolId} and c.student_id = ${studentId} and c.purpose = 'data' order by c.created_at desc, c.id desc limit 1)` })
      .from(users)
      .where(privacyPolicy.studentWhere(caller, schoolId, studentId))
      .for('update');
    if (!student) throw notFound('Student');
    if (!input && student.current !== 'given') {
      throw new AppError('CONFLICT', 'There is no consent in force to withdraw.', { reason: 'consent_not_given' });
    }
    await tx.insert(consentRecords).values({
      schoolId,
      studentId,
      parentId: caller.userId,
      action: input ? 'given' : 'withdrawn',
      version: CONSENT_VERSION,
      processing: !!input,
      photos: input?.photos ?? false,
      notifications: input?.notifications ?? false,
      ip: evidence.ip?.slice(0, 64) ?? null,
      userAgent: evidence.userAgent?.slice(0, 300) ?? null,
    });
    await recordAudit(tx, caller, schoolId, {
      action: input ? 'consent_given' : 'consent_withdrawn',
      studentId,
      details: input ? { version: CONSENT_VERSION, photos: input.photos, notifications: input.notifications } : { version: CONSENT_VERSION },
    });
    return readConsent(tx, caller, schoolId, studentId);
  });
}

export const giveConsent = (deps: Deps, caller: Caller, studentId: string, input: ConsentInput, evidence: Evidence) =>
  recordConsent(deps, caller, studentId, evidence, input);
export const withdrawConsent = (deps: Deps, caller: Caller, studentId: string, evidence: Evidence) => recordConsent(deps, caller, studentId, evidence, null);

/** Each student's consent in force: the newest action (an index scan of consent_records_student_idx). */
const latest = sql`left join lateral (
    select c.action, c.version, c.photos, c.notifications, c.created_at from consent_records c
    where c.school_id = u.school_id and c.student_id = u.id and c.purpose = 'data' order by c.created_at desc, c.id desc limit 1
  ) c on true`;

const STATE_WHERE: Record<ConsentReportQuery['status'], ReturnType<typeof sql>> = {
  all: sql``,
  given: sql` and c.action = 'given'`,
  withdrawn: sql` and c.action = 'withdrawn'`,
  missing: sql` and c.action is null`,
};

interface ReportRow {
  id: string;
  login_id: string;
  first_name: string;
  last_name: string;
  status: boolean;
  erased_at: string | Date | null;
  parent_first: string | null;
  parent_last: string | null;
  action: ConsentState | null;
  version: string | null;
  photos: boolean | null;
  notifications: boolean | null;
  created_at: string | Date | null;
  total: number | string;
}


/**
 * The consent report: the school's students with their consent in force (a page, newest student
 * first; by state, searched by name or login id), and the counts by state over every student:
 * two statements, side by side.
 */
export async function consentReport(deps: Deps, caller: Caller, q: ConsentReportQuery): Promise<ConsentReport> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const like = likeOf(q.search);
  const search = like ? sql` and u.search_text like ${like}` : sql``;
  const [page, counts] = await Promise.all([
    db.execute(sql`select u.id, u.login_id, u.first_name, u.last_name, u.status, u.erased_at,
        p.first_name as parent_first, p.last_name as parent_last,
        c.action, c.version, c.photos, c.notifications, c.created_at, count(*) over () as total
      from users u left join users p on p.id = u.parent_user_id ${latest}
      where u.school_id = ${schoolId} and u.role_id = ${roleSql(ROLE.STUDENT)}${search}${STATE_WHERE[q.status]}
      order by u.created_at desc, u.id desc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute(sql`select count(*) as students, count(*) filter (where c.action = 'given') as given,
        count(*) filter (where c.action = 'withdrawn') as withdrawn
      from users u ${latest} where u.school_id = ${schoolId} and u.role_id = ${roleSql(ROLE.STUDENT)}`),
  ]);
  const rows = rowsOf<ReportRow>(page);
  const n = rowsOf<{ students: string | number; given: string | number; withdrawn: string | number }>(counts)[0];
  const students = Number(n?.students ?? 0);
  const given = Number(n?.given ?? 0);
  const withdrawn = Number(n?.withdrawn ?? 0);
  let total = Number(rows[0]?.total ?? 0);
  // An empty page past the end still tells the total: the counts of the state asked for.
  if (!rows.length && !like) total = { all: students, given, withdrawn, missing: students - given - withdrawn }[q.status];
  return {
    counts: { students, given, withdrawn, missing: students - given - withdrawn },
    items: rows.map((r) => ({
      studentId: r.id,
      loginId: r.login_id,
      fullName: fullName({ firstName: r.first_name, lastName: r.last_name }),
      active: r.status,
      erased: r.erased_at != null,
      parentName: r.parent_first == null ? null : fullName({ firstName: r.parent_first, lastName: r.parent_last ?? '' }),
      consent: r.action ?? 'missing',
      version: r.version,
      photos: !!r.photos,
      notifications: !!r.notifications,
      at: r.created_at == null ? null : new Date(r.created_at).toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

