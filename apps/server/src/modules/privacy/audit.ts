import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE, type AuditAction, type AuditEntry, type AuditListQuery, type AuditView } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { PLATFORM, type DbOrTx, type Scope } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { privacyPolicy } from '../../policy/privacy.js';
import { fullName } from '../users/service.js';
import { notFound } from '../../errors.js';
import { roleSql } from '../../db/roles.js';
import { safeError } from '../../log.js';
import { escapeLike } from '../../db/like.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The audit log of students' personal data (issue 12): who viewed a student's details, report card
 * or fees, exported its data or changed it (edit, status, erase, consent). A write is one INSERT, run in the
 * transaction of the change it records (or beside the read it records); lists are not logged per
 * student, a detail view is.
 */

export interface AuditWrite {
  action: AuditAction;
  studentId: string;
  details?: Record<string, unknown>;
}

/** One audit row in the caller's school (nothing for the platform owner acting across schools). */
export async function recordAudit(db: DbOrTx, caller: Caller, scope: Scope, entry: AuditWrite): Promise<void> {
  if (scope === PLATFORM) return;
  await db.insert(auditLog).values({
    schoolId: scope,
    actorId: caller.userId,
    actorRole: caller.roleId,
    action: entry.action,
    studentId: entry.studentId,
    details: entry.details ?? {},
  });
}

/** The creation of many students at once (a CSV import): one INSERT of their rows, `details.via`. */
export async function recordCreates(db: DbOrTx, caller: Caller, scope: Scope, studentIds: readonly string[], via: 'import'): Promise<void> {
  if (scope === PLATFORM || !studentIds.length) return;
  await db.insert(auditLog).values(
    studentIds.map((studentId) => ({ schoolId: scope, actorId: caller.userId, actorRole: caller.roleId, action: 'create' as const, studentId, details: { via } })),
  );
}

/** One action on many students at once (an exam's results published or withdrawn): one INSERT of their rows. */
export async function recordMany(db: DbOrTx, caller: Caller, scope: Scope, studentIds: readonly string[], action: AuditAction, details: Record<string, unknown>): Promise<void> {
  if (scope === PLATFORM || !studentIds.length) return;
  await db.insert(auditLog).values(studentIds.map((studentId) => ({ schoolId: scope, actorId: caller.userId, actorRole: caller.roleId, action, studentId, details })));
}

/**
 * A view of a student's details (or, named by `of`, its report card or fees), in one statement that
 * records it only when the student is the school's (and, for a parent, its own child): run it
 * beside the read, never before it. A student looking at itself is not recorded.
 */
export async function recordView(db: DbOrTx, caller: Caller, scope: Scope, studentId: string, of?: AuditView): Promise<void> {
  if (scope === PLATFORM || caller.userId === studentId) return;
  const details = of ? { of } : {};
  const own = privacyPolicy.viewedWhere(caller, sql`u.parent_user_id`);
  await db.execute(sql`insert into audit_log (school_id, actor_id, actor_role, action, student_id, details)
    select ${scope}, ${caller.userId}, ${caller.roleId}, 'view', u.id, ${JSON.stringify(details)}::jsonb
    from users u where u.id = ${studentId} and u.school_id = ${scope} and u.role_id = ${roleSql(ROLE.STUDENT)} and ${own}`);
}

/** How long a staff view waits for others before the batch is written, and the most in one batch. */
export const STAFF_VIEW_BATCH = { ms: 100, rows: 500 } as const;

interface ViewRow {
  school_id: string;
  actor_id: string;
  actor_role: number;
  student_id: string;
  of: AuditView;
  /** When it was seen: the machine's time, as the column's default (the database's now()) is for every other row. */
  at: string;
}

/**
 * Staff views of one node, written together: the reads they record (report cards, a student's
 * fees) are the ones a whole school opens at once, and a row inserted inside each GET was a round
 * trip of its own. A batch goes in one INSERT after `STAFF_VIEW_BATCH.ms` (or at its size), on the
 * platform handle since it may hold several schools; each row is still checked against the school's
 * students. A list of the log writes what is waiting first, and so does the app when it closes; a
 * node killed outright loses at most the views of its last 100 ms.
 */
class StaffViews {
  private rows: ViewRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private written: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Pick<Deps, 'data'> & Partial<Pick<Deps, 'log'>>) {}

  add(row: ViewRow): void {
    this.rows.push(row);
    if (this.rows.length >= STAFF_VIEW_BATCH.rows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), STAFF_VIEW_BATCH.ms).unref();
  }

  /** Writes what is waiting; resolves once every batch so far is in. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.rows.splice(0);
    if (rows.length) {
      this.written = this.written.then(() =>
        this.deps.data
          .scoped(PLATFORM)
          .execute(
            sql`insert into audit_log (school_id, actor_id, actor_role, action, student_id, details, at)
              select x.school_id, x.actor_id, x.actor_role, 'view', u.id, jsonb_build_object('of', x.of), x.at
              from json_to_recordset(${JSON.stringify(rows)}::json) as x(school_id uuid, actor_id uuid, actor_role smallint, student_id uuid, of text, at timestamptz)
              join users u on u.id = x.student_id and u.school_id = x.school_id and u.role_id = ${roleSql(ROLE.STUDENT)}`,
          )
          .then(
            () => undefined,
            (err: unknown) => this.deps.log?.warn({ err: safeError(err), rows: rows.length }, 'staff views not recorded'),
          ),
      );
    }
    return this.written;
  }
}

const staffViews = new WeakMap<object, StaffViews>();
const viewsOf = (deps: Pick<Deps, 'data'>) => {
  let views = staffViews.get(deps.data);
  if (!views) staffViews.set(deps.data, (views = new StaffViews(deps)));
  return views;
};

/**
 * A view by the school's staff (admins, principal, teacher) of a student's report card or fees,
 * recorded in the node's next batch (`StaffViews`). A parent's views of its own child's card and
 * fees are not recorded: its dashboard shows each child's fees on every visit, and the log is for
 * the school's access to a child's data. Call it once the read has succeeded.
 */
export function recordStaffView(deps: Pick<Deps, 'data'>, caller: Caller, scope: Scope, studentId: string, of: AuditView): void {
  if (!privacyPolicy.isStaff(caller) || scope === PLATFORM) return;
  viewsOf(deps).add({ school_id: scope, actor_id: caller.userId, actor_role: caller.roleId, student_id: studentId, of, at: new Date().toISOString() });
}

/** Writes the staff views this node still holds (before the log is read, and when the app closes). */
export function flushStaffViews(deps: Pick<Deps, 'data'>): Promise<void> {
  return staffViews.get(deps.data)?.flush() ?? Promise.resolve();
}

/** The LIKE pattern of a people search (lower-cased; % and _ typed by users match literally), or null. */
export function likeOf(search: string | undefined): string | null {
  const q = search?.trim().toLowerCase();
  return q ? `%${escapeLike(q)}%` : null;
}

const actor = alias(users, 'actor');
const student = alias(users, 'student');

/** A page's count stops here: the log only grows, and no screen pages that far. */
export const AUDIT_COUNT_CAP = 10_000;

/** The log, newest first, by student and action; the total is counted up to the cap. */
export async function listAudit(deps: Deps, caller: Caller, q: AuditListQuery): Promise<{ items: AuditEntry[]; total: number; page: number; pageSize: number }> {
  const scope = scopeOf(caller);
  const db = tenantDb(deps, scope);
  await flushStaffViews(deps);
  const like = likeOf(q.search);
  const where: SQL = and(
    eq(auditLog.schoolId, scope),
    like ? sql`${auditLog.studentId} in (select u.id from users u where u.school_id = ${scope} and u.role_id = ${roleSql(ROLE.STUDENT)} and u.search_text like ${like})` : undefined,
    q.studentId ? eq(auditLog.studentId, q.studentId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
  )!;
  const [rows, counted] = await Promise.all([
    db
      .select({ a: auditLog, actorFirst: actor.firstName, actorLast: actor.lastName, studentFirst: student.firstName, studentLast: student.lastName })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(student, eq(student.id, auditLog.studentId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    // The count, and whether the student asked for is one of the school's (another school's: 404).
    db.execute(sql`select count(*) as n, ${q.studentId ? sql`exists (select 1 from users u where u.id = ${q.studentId} and u.school_id = ${scope} and u.role_id = ${roleSql(ROLE.STUDENT)})` : sql`true`} as known
      from (select 1 from ${auditLog} where ${where} limit ${AUDIT_COUNT_CAP}) x`),
  ]);
  const head = rowsOf<{ n: number | string; known: boolean }>(counted)[0];
  if (!head?.known) throw notFound('Student');
  const n = Number(head.n ?? 0);
  return {
    items: rows.map((r) => ({
      auditId: r.a.id,
      at: r.a.at.toISOString(),
      actorId: r.a.actorId,
      actorName: r.actorFirst == null ? null : fullName({ firstName: r.actorFirst, lastName: r.actorLast ?? '' }),
      actorRole: r.a.actorRole,
      action: r.a.action as AuditAction,
      studentId: r.a.studentId,
      studentName: r.studentFirst == null ? null : fullName({ firstName: r.studentFirst, lastName: r.studentLast ?? '' }),
      details: (r.a.details ?? {}) as Record<string, unknown>,
    })),
    total: n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
