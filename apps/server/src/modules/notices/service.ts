import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Notice, NoticeInput, NoticeListQuery, NoticeUpdate, PageQuery } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { notices, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { noticesPolicy } from '../../policy/notices.js';
import { afterCommit, notifyRoles } from '../notifications/service.js';
import { now } from '../../clock.js';
import { escapeLike } from '../../db/like.js';

/**
 * The notice board (spec sections 2–4): a principal (113) writes notices addressed to roles
 * (112–116); a notice is active at once and every active user of those roles in the school (but
 * the author) is told in the bell once the notice is committed. The principal lists, edits and
 * switches them on and off; each school user reads the active notices for its role on its
 * dashboard (one prepared statement over the partial index `notices_board_idx`).
 *
 * Every read and write is one statement: the author's name is read from its user row in the same
 * statement (a join, or a sub-select in RETURNING), totals ride along (`count(*) over ()`).
 */

/** The author's full name from its user row (as `fullName`: first and last, the empty one left out). */
const authorName = sql<string>`(select concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')) from ${users} where ${users.id} = ${notices.createdBy})`;

const columns = {
  id: notices.id,
  title: notices.title,
  description: notices.description,
  date: notices.date,
  roles: notices.roles,
  status: notices.status,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
  authorName,
};
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
type Row = { id: string; title: string; description: string; date: string; roles: number[]; status: boolean; createdAt: Date; updatedAt: Date; authorName: string | null };

function present(r: Row): Notice {
  return {
    noticeId: r.id,
    title: r.title,
    description: r.description,
    date: r.date,
    roles: r.roles,
    status: r.status,
    authorName: r.authorName ?? '',
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/** Newest first: by date, then by when written (the indexes' order, read backwards). */
const newestFirst = [desc(notices.date), desc(notices.createdAt), desc(notices.id)];

/** The LIKE pattern of a search: lower-cased, with % and _ matched literally. */
function likePattern(search: string | undefined): string | undefined {
  const q = search?.trim().toLowerCase();
  return q ? `%${escapeLike(q)}%` : undefined;
}

/** A page of rows carrying the total; a page past the end asks for the total alone. */
async function pageOf(rows: Array<Row & { total: number }>, q: PageQuery, countRest: () => Promise<number>): Promise<Page<Notice>> {
  const total = rows[0]?.total ?? (q.page > 1 ? await countRest() : 0);
  return { items: rows.map(present), total, page: q.page, pageSize: q.pageSize };
}

// ---------------------------------------------------------------------------------------------
// The principal's notices

/** The school's notices, newest first, filtered by status and searched by title; the total rides along. */
export async function listNotices(deps: Deps, caller: Caller, q: NoticeListQuery): Promise<Page<Notice>> {
  const schoolId = schoolOf(caller);
  const like = likePattern(q.search);
  const where = and(
    eq(notices.schoolId, schoolId),
    q.status === 'all' ? undefined : eq(notices.status, q.status === 'active'),
    like ? sql`lower(${notices.title}) like ${like}` : undefined,
  );
  const db = tenantDb(deps, schoolId);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(notices)
    .where(where)
    .orderBy(...newestFirst)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return pageOf(rows, q, async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(notices).where(where))[0]?.n ?? 0);
}

/** One notice of the school (the edit form); another school's: 404. */
export async function getNotice(deps: Deps, caller: Caller, noticeId: string): Promise<Notice> {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, schoolId)
    .select(columns)
    .from(notices)
    .where(and(eq(notices.schoolId, schoolId), eq(notices.id, noticeId)));
  if (!row) throw notFound('Notice');
  return present(row);
}

/**
 * Publishes a notice (active at once) and, in the same transaction, notifies every active user of
 * its roles in the school but the author (one INSERT … SELECT); the bell and Web Push hear of it
 * after the commit.
 */
export async function createNotice(deps: Pick<Deps, 'data' | 'realtime' | 'push'>, caller: Caller, body: NoticeInput): Promise<Notice> {
  const schoolId = schoolOf(caller);
  const { via: later, flush } = afterCommit(deps);
  const notice = await inTenant(deps, schoolId, async (tx) => {
    const [row] = await tx
      .insert(notices)
      .values({ schoolId, title: body.title, description: body.description, date: body.date, roles: [...body.roles], createdBy: caller.userId })
      .returning(columns);
    await notifyRoles(later, tx, {
      schoolId,
      roles: body.roles,
      senderId: caller.userId,
      senderName: caller.name,
      kind: 'notice',
      link: '/dashboard',
      message: row!.title,
      exceptUserId: caller.userId,
    });
    return present(row!);
  });
  flush();
  return notice;
}

async function changeNotice(db: DbOrTx, schoolId: string, noticeId: string, set: Partial<Pick<typeof notices.$inferInsert, 'title' | 'description' | 'date' | 'roles' | 'status'>>): Promise<Notice> {
  const where = and(eq(notices.schoolId, schoolId), eq(notices.id, noticeId));
  const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  const [row] = Object.keys(changes).length
    ? await db.update(notices).set({ ...changes, updatedAt: now() }).where(where).returning(columns)
    : await db.select(columns).from(notices).where(where);
  if (!row) throw notFound('Notice');
  return present(row);
}

/** Changes only the fields given (title, text, date, roles); nobody is notified again. */
export function updateNotice(deps: Deps, caller: Caller, noticeId: string, body: NoticeUpdate): Promise<Notice> {
  const schoolId = schoolOf(caller);
  return changeNotice(tenantDb(deps, schoolId), schoolId, noticeId, {
    title: body.title,
    description: body.description,
    date: body.date,
    roles: body.roles ? [...body.roles] : undefined,
  });
}

/** Makes a notice active or inactive (inactive: off every board), matched by its id in the school. */
export function setNoticeStatus(deps: Deps, caller: Caller, noticeId: string, status: boolean): Promise<Notice> {
  const schoolId = schoolOf(caller);
  return changeNotice(tenantDb(deps, schoolId), schoolId, noticeId, { status });
}

// ---------------------------------------------------------------------------------------------
// The board

/**
 * The active notices for the caller's role, newest first, a page at a time with the total: one
 * prepared statement, read from the partial index `notices_board_idx` (active notices only).
 */
export async function noticeBoard(deps: Deps, caller: Caller, q: PageQuery): Promise<Page<Notice>> {
  const schoolId = schoolOf(caller);
  const query = prepared(tenantDb(deps, schoolId), 'notice_board', (db: Db, name) => {
    const shown: SQL = noticesPolicy.boardWhere(sql.placeholder('school'), sql.placeholder('role'));
    return {
      page: db
        .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(notices)
        .where(shown)
        .orderBy(...newestFirst)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(notices).where(shown).prepare(`${name}_n`),
    };
  });
  const values = { school: schoolId, role: noticesPolicy.boardRole(caller), limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const rows = await query.page.execute(values);
  return pageOf(rows, q, async () => (await query.count.execute(values))[0]?.n ?? 0);
}
