import { and, desc, eq, sql } from 'drizzle-orm';
import type { AttendanceLog, AttendanceLogQuery } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { academicSessions, attendanceLogs, classes, periods, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { ref } from '../academics/index.js';

/**
 * `attendence/logs` (113): who marked or changed attendance, newest first, filtered by kind
 * (all, daywise, periodwise) and optionally one class, with the total riding along
 * (`count(*) over ()`): one statement. An empty page asks once more whether the session (and
 * class) exist in the school, so another school's answers 404 rather than an empty list.
 */
export async function listAttendanceLogs(deps: Deps, caller: Caller, q: AttendanceLogQuery): Promise<{ items: AttendanceLog[]; total: number; page: number; pageSize: number }> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const where = and(
    eq(attendanceLogs.schoolId, schoolId),
    eq(attendanceLogs.sessionId, q.sessionId),
    q.type === 'all' ? undefined : eq(attendanceLogs.kind, q.type),
    q.assignClassId ? eq(attendanceLogs.classId, q.assignClassId) : undefined,
  );
  const rows = await db
    .select({
      log: attendanceLogs,
      masterClass: classes.masterClass,
      className: classes.name,
      section: classes.section,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      loginId: users.loginId,
      periodName: periods.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(attendanceLogs)
    .innerJoin(classes, eq(classes.id, attendanceLogs.classId))
    .leftJoin(users, eq(users.id, attendanceLogs.userId))
    .leftJoin(periods, eq(periods.id, attendanceLogs.periodId))
    .where(where)
    .orderBy(desc(attendanceLogs.createdAt), desc(attendanceLogs.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);

  let total = rows[0]?.total ?? 0;
  if (!rows.length) {
    const [c] = await db
      .select({
        total: sql<number>`(select count(*) from ${attendanceLogs} where ${where})`.mapWith(Number),
        classOk: q.assignClassId
          ? sql<boolean>`exists (select 1 from ${classes} where ${classes.schoolId} = ${schoolId} and ${classes.id} = ${q.assignClassId} and ${classes.sessionId} = ${q.sessionId})`
          : sql<boolean>`true`,
      })
      .from(academicSessions)
      .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, q.sessionId)));
    if (!c) throw notFound('Session');
    if (!c.classOk) throw notFound('Class');
    total = c.total;
  }

  return {
    items: rows.map((r) => ({
      logId: r.log.id,
      user: ref(r.userId, r.firstName, r.lastName, r.loginId),
      createdAt: r.log.createdAt.toISOString(),
      updatedAt: r.log.updatedAt.toISOString(),
      class: { assignClassId: r.log.classId, masterClass: r.masterClass, className: r.className, section: r.section },
      date: r.log.date,
      period: r.log.periodId ? { periodId: r.log.periodId, name: r.periodName ?? '' } : null,
      type: r.log.kind as AttendanceLog['type'],
      details: r.log.details as AttendanceLog['details'],
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
