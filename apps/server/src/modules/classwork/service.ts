import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClassWork, ClassWorkFile, ClassWorkInput, ClassWorkQuery, MyClassWorkQuery, PageQuery, TeachingSlot } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { academicSessions, classStudents, classSubjects, classWorkFiles, classWorks, classes, files, subjects, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { classWorkPolicy } from '../../policy/classwork.js';
import { schoolOf, scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import type { Storage } from '../../adapters/storage/index.js';
import { classOrder } from '../academics/index.js';
import { afterCommit, notifyMany, type NewNotification } from '../notifications/service.js';
import { fullName } from '../users/service.js';

/**
 * Class work (spec sections 2, 3, 7): a teacher posts work for a class and a subject it teaches,
 * with up to five of its own uploads; the class's students and their parents are told, and see it
 * newest first. The files become private: they are served only by `openClassWorkFile`, to those who
 * may see the work.
 */

const teacher = alias(users, 'teacher');

/** The classes and subjects of the current session the teacher teaches. */
export async function teachingSlots(deps: Deps, caller: Caller): Promise<TeachingSlot[]> {
  const schoolId = schoolOf(caller);
  return tenantDb(deps, scopeOf(caller))
    .select({ assignClassId: classes.id, className: classes.name, section: classes.section, subjectId: subjects.id, subjectName: subjects.name })
    .from(classSubjects)
    .innerJoin(classes, eq(classes.id, classSubjects.classId))
    .innerJoin(academicSessions, and(eq(academicSessions.id, classes.sessionId), eq(academicSessions.isCurrent, true)))
    .innerJoin(subjects, eq(subjects.id, classSubjects.subjectId))
    .where(and(eq(classSubjects.schoolId, schoolId), eq(classSubjects.teacherId, caller.userId)))
    .orderBy(...classOrder, asc(subjects.name));
}

/** One page of works matching `where`, newest first, with their files: two statements. */
async function pageOfWorks(db: DbOrTx, schoolId: string, where: SQL | undefined, page: PageQuery) {
  const rows = await db
    .select({
      w: classWorks,
      className: classes.name,
      section: classes.section,
      subjectName: subjects.name,
      teacherFirst: teacher.firstName,
      teacherLast: teacher.lastName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(classWorks)
    .innerJoin(classes, eq(classes.id, classWorks.classId))
    .innerJoin(subjects, eq(subjects.id, classWorks.subjectId))
    .innerJoin(teacher, eq(teacher.id, classWorks.teacherId))
    .where(and(eq(classWorks.schoolId, schoolId), where))
    .orderBy(desc(classWorks.date), desc(classWorks.createdAt), desc(classWorks.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const filesOf = await workFiles(
    db,
    rows.map((r) => r.w.id),
  );
  // A page past the end carries no total: count alone.
  const total =
    rows[0]?.total ??
    (page.page > 1
      ? Number((await db.select({ n: sql<number>`count(*)` }).from(classWorks).where(and(eq(classWorks.schoolId, schoolId), where)))[0]?.n ?? 0)
      : 0);
  return {
    items: rows.map((r) =>
      present(r.w, { className: r.className, section: r.section, subjectName: r.subjectName, teacherName: fullName({ firstName: r.teacherFirst, lastName: r.teacherLast }) }, filesOf.get(r.w.id) ?? []),
    ),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

async function workFiles(db: DbOrTx, workIds: string[]): Promise<Map<string, ClassWorkFile[]>> {
  const out = new Map<string, ClassWorkFile[]>();
  if (workIds.length === 0) return out;
  const rows = await db
    .select({ workId: classWorkFiles.workId, name: files.name, originalName: files.originalName, mime: files.mime, size: files.size })
    .from(classWorkFiles)
    .innerJoin(files, eq(files.name, classWorkFiles.fileName))
    .where(inArray(classWorkFiles.workId, workIds))
    .orderBy(asc(classWorkFiles.workId), asc(classWorkFiles.position));
  for (const r of rows) {
    const list = out.get(r.workId) ?? [];
    list.push({ name: r.name, originalName: r.originalName ?? r.name, mime: r.mime, size: r.size });
    out.set(r.workId, list);
  }
  return out;
}

function present(
  w: typeof classWorks.$inferSelect,
  names: { className: string; section: string; subjectName: string; teacherName: string },
  workFileList: ClassWorkFile[],
): ClassWork {
  return {
    workId: w.id,
    assignClassId: w.classId,
    className: names.className,
    section: names.section,
    subjectId: w.subjectId,
    subjectName: names.subjectName,
    teacherId: w.teacherId,
    teacherName: names.teacherName,
    title: w.title,
    description: w.description,
    date: w.date,
    dueDate: w.dueDate,
    files: workFileList,
    createdAt: w.createdAt.toISOString(),
  };
}

/**
 * Posts work: the class must be of the caller's school (404) and the caller must teach the subject
 * there (403 not_teaching); each file must be the caller's own upload, not yet attached (400
 * file_not_yours). One transaction; the class's students and their parents are told after it commits.
 */
export async function createClassWork(deps: Deps, caller: Caller, body: ClassWorkInput): Promise<ClassWork> {
  const schoolId = schoolOf(caller);
  const { via, flush } = afterCommit(deps);
  const work = await inTenant(deps, scopeOf(caller), async (tx) => {
    const [cls] = await tx
      .select({
        className: classes.name,
        section: classes.section,
        subjectName: sql<string | null>`(select s.name from subjects s where s.id = ${body.subjectId} and s.school_id = ${schoolId})`,
        teaches: sql<boolean>`exists (select 1 from class_subjects x where x.class_id = ${classes.id} and x.subject_id = ${body.subjectId} and x.teacher_id = ${caller.userId})`,
      })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), eq(classes.id, body.assignClassId)));
    if (!cls) throw notFound('Class');
    if (!cls.teaches || !cls.subjectName) {
      throw new AppError('FORBIDDEN', 'You do not teach this subject in this class.', { reason: 'not_teaching' });
    }

    const names = body.files;
    const attached =
      names.length === 0
        ? []
        : await tx
            .update(files)
            .set({ attachedAt: sql`now()`, private: true })
            .where(and(inArray(files.name, names), eq(files.ownerId, caller.userId), eq(files.schoolId, schoolId), isNull(files.attachedAt)))
            .returning({ name: files.name, originalName: files.originalName, mime: files.mime, size: files.size });
    const missing = names.find((n) => !attached.some((f) => f.name === n));
    if (missing) {
      throw new AppError('BAD_REQUEST', `"${missing}" cannot be attached: upload it again.`, { reason: 'file_not_yours', field: 'files', params: { name: missing } });
    }

    const [row] = await tx
      .insert(classWorks)
      .values({
        schoolId,
        classId: body.assignClassId,
        subjectId: body.subjectId,
        teacherId: caller.userId,
        title: body.title,
        description: body.description ?? null,
        date: body.date,
        dueDate: body.dueDate ?? null,
      })
      .returning();
    const work = row!;
    if (names.length > 0) {
      await tx.insert(classWorkFiles).values(names.map((fileName, i) => ({ schoolId, workId: work.id, fileName, position: i + 1 })));
    }

    // The class's active students, and their active parents.
    const people = await tx
      .select({ studentId: users.id, parentId: sql<string | null>`(select p.id from users p where p.id = ${users.parentUserId} and p.status)` })
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.studentId))
      .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.classId, body.assignClassId), eq(users.status, true)));
    const base = { schoolId, senderId: caller.userId, senderName: caller.name, params: { subject: cls.subjectName, title: body.title }, kind: 'classwork' as const };
    const parents = new Set(people.map((p) => p.parentId).filter((p): p is string => !!p));
    const recipients: NewNotification[] = [
      ...people.map((p) => ({ ...base, userId: p.studentId, link: `/mywork/${body.assignClassId}` })),
      ...[...parents].map((userId) => ({ ...base, userId, link: '/childwork' })),
    ];
    await notifyMany(via, tx, recipients);

    const byName = new Map(attached.map((f) => [f.name, f]));
    const workFileList = names.map((n) => {
      const f = byName.get(n)!;
      return { name: f.name, originalName: f.originalName ?? f.name, mime: f.mime, size: f.size };
    });
    return present(work, { className: cls.className, section: cls.section, subjectName: cls.subjectName, teacherName: caller.name }, workFileList);
  });
  flush();
  return work;
}

/**
 * The teacher's own posts, newest first. A filter naming a class the teacher does not teach in, or
 * another school's subject, answers 404 as everywhere (not an empty page).
 */
export async function myClassWork(deps: Deps, caller: Caller, query: MyClassWorkQuery) {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  await Promise.all([
    query.assignClassId ? classWorkPolicy.assertVisible(db, caller, schoolId, query.assignClassId) : undefined,
    query.subjectId
      ? db
          .select({ id: subjects.id })
          .from(subjects)
          .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, query.subjectId)))
          .then(([row]) => {
            if (!row) throw notFound('Subject');
          })
      : undefined,
  ]);
  return pageOfWorks(
    db,
    schoolId,
    and(
      eq(classWorks.teacherId, caller.userId),
      query.assignClassId ? eq(classWorks.classId, query.assignClassId) : undefined,
      query.subjectId ? eq(classWorks.subjectId, query.subjectId) : undefined,
    ),
    query,
  );
}

/** A class's work, for those who may see it (404 for others). */
export async function classWorkOfClass(deps: Deps, caller: Caller, assignClassId: string, query: ClassWorkQuery) {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, scopeOf(caller));
  await classWorkPolicy.assertVisible(db, caller, schoolId, assignClassId);
  return pageOfWorks(db, schoolId, and(eq(classWorks.classId, assignClassId), query.subjectId ? eq(classWorks.subjectId, query.subjectId) : undefined), query);
}

/**
 * Removes work: the principal any of the school, a teacher its own (404 otherwise). Its files are
 * detached, so the orphan sweep removes them with their bytes.
 */
export async function deleteClassWork(deps: Deps, caller: Caller, workId: string): Promise<{ workId: string }> {
  const schoolId = schoolOf(caller);
  const mine = classWorkPolicy.removableWhere(caller);
  return inTenant(deps, scopeOf(caller), async (tx) => {
    await tx
      .update(files)
      .set({ attachedAt: null })
      .where(
        inArray(
          files.name,
          tx
            .select({ name: classWorkFiles.fileName })
            .from(classWorkFiles)
            .innerJoin(classWorks, eq(classWorks.id, classWorkFiles.workId))
            .where(and(eq(classWorks.schoolId, schoolId), eq(classWorks.id, workId), mine)),
        ),
      );
    const [row] = await tx
      .delete(classWorks)
      .where(and(eq(classWorks.schoolId, schoolId), eq(classWorks.id, workId), mine))
      .returning({ workId: classWorks.id });
    if (!row) throw notFound('Class work');
    return row;
  });
}

/** A file of a piece of work, opened for those who may see the work; anything else 404. */
export async function openClassWorkFile(deps: Deps, storage: Storage, caller: Caller, workId: string, name: string) {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, scopeOf(caller))
    .select({ mime: files.mime, originalName: files.originalName })
    .from(classWorkFiles)
    .innerJoin(classWorks, eq(classWorks.id, classWorkFiles.workId))
    .innerJoin(files, eq(files.name, classWorkFiles.fileName))
    .where(and(eq(classWorks.schoolId, schoolId), eq(classWorks.id, workId), eq(classWorkFiles.fileName, name), classWorkPolicy.visible(caller, classWorks.classId)));
  if (!row) throw notFound('File');
  const found = await storage.get(name);
  if (!found) throw notFound('File');
  return { ...found, mime: row.mime, originalName: row.originalName ?? name };
}

