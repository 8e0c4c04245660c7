import { and, asc, count, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE, SEARCH_COUNT_CAP, kindOfRole } from '@shala/contract';
import {
  KIND_ROLE,
  type CreatedAccount,
  type ListQuery,
  type PeopleKind,
  type PersonDetail,
  type PersonSummary,
  type StudentFields,
  type StudentListQuery,
  type StudentPlacement,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { positions, prepared, preparedRows, type RawRows } from '../../db/prepared.js';
import { peoplePolicy } from '../../policy/people.js';
import { isUniqueViolation } from '../../db/errors.js';
import { classStudents, classes, schoolCounts, schools, users } from '../../db/schema.js';
import { PLATFORM, planForValues, type Scope } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { hashGenerated, newPassword } from '../../auth/crypto.js';
import { onSessionsRevoked, revokeSessions } from '../../auth/sessions.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { fullName, nextLoginId } from '../users/service.js';
import { sendCredentials } from './mail.js';
import { attachFile, replaceFile } from '../files/service.js';
import { recordAudit, recordView } from '../privacy/index.js';
import { admittedToday } from '../certificates/index.js';
import { now } from '../../clock.js';
import { escapeLike } from '../../db/like.js';

export const KIND_NAME: Record<PeopleKind, string> = {
  systemAdmins: 'System admin',
  principals: 'Principal',
  teachers: 'Teacher',
  students: 'Student',
  parents: 'Parent',
};

/** Columns a form may set; anything else in a body is ignored. */
const PERSON_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'contact',
  'gender',
  'dateOfBirth',
  'address',
  'state',
  'district',
  'city',
  'zip',
  'qualification',
  'subjects',
  'maritalStatus',
  'category',
  'religion',
  'bloodGroup',
  'fatherOccupation',
  'motherName',
  'motherOccupation',
  'image',
] as const;

export type PersonInput = Partial<Record<(typeof PERSON_COLUMNS)[number], string | null>> & { parentId?: string | null };

/** The users columns a body sets: only keys that are present. */
export function columnsOf(body: PersonInput): Partial<typeof users.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const key of PERSON_COLUMNS) if (body[key] !== undefined) out[key] = body[key];
  if (out.lastName === null) out.lastName = '';
  if (body.parentId !== undefined) out.parentUserId = body.parentId;
  return out as Partial<typeof users.$inferInsert>;
}

const parent = alias(users, 'parent');

const summaryColumns = {
  userId: users.id,
  loginId: users.loginId,
  roleId: users.roleId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  contact: users.contact,
  image: users.image,
  status: users.status,
  schoolId: users.schoolId,
  schoolName: schools.name,
  parentId: users.parentUserId,
  parentFirstName: parent.firstName,
  parentLastName: parent.lastName,
  createdAt: users.createdAt,
};

type SummaryRow = Awaited<ReturnType<typeof selectSummary>>[number];

/** A student's class in a session, joined on the list or details statement (class_students, classes). */
const placementColumns = {
  placeClassId: classes.id,
  placeMaster: classes.masterClass,
  placeName: classes.name,
  placeSection: classes.section,
  placeRoll: classStudents.rollNo,
};
interface PlacementRow {
  placeClassId: string | null;
  placeMaster: string | null;
  placeName: string | null;
  placeSection: string | null;
  placeRoll: number | null;
}

function presentPlacement(r: PlacementRow): StudentPlacement | null {
  return r.placeClassId
    ? { assignClassId: r.placeClassId, masterClass: r.placeMaster!, className: r.placeName!, section: r.placeSection!, rollNo: r.placeRoll }
    : null;
}

/**
 * Is this session one of the school's? An uncorrelated subquery: evaluated once per statement.
 * (Drizzle leaves columns unqualified in a one-table select, so these name their own aliases.)
 */
const sessionFound = (school: Placeholder | string, session: Placeholder | string) =>
  sql<boolean>`exists (select 1 from academic_sessions s where s.id = ${session} and s.school_id = ${school})`;
/** Is this class one of the school's (and of the session, when one is named)? */
const classFound = (school: Placeholder, assignClassId: Placeholder, session: Placeholder | undefined) =>
  sql<boolean>`exists (select 1 from classes c where c.id = ${assignClassId} and c.school_id = ${school}${
    session ? sql` and c.session_id = ${session}` : sql``
  })`;

/** A list row as the contract has it: fields named one by one (a hot path: no rest spread). */
export function presentSummary(r: Omit<SummaryRow, 'total'>): PersonSummary {
  return {
    userId: r.userId,
    loginId: r.loginId,
    roleId: r.roleId,
    firstName: r.firstName,
    lastName: r.lastName,
    fullName: fullName(r),
    email: r.email,
    contact: r.contact,
    image: r.image,
    status: r.status,
    schoolId: r.schoolId,
    schoolName: r.schoolName ?? null,
    parentId: r.parentId,
    parentName: r.parentFirstName ? fullName({ firstName: r.parentFirstName, lastName: r.parentLastName ?? '' }) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * People rows with their school and parent; `total` rides along when a list needs it. Other modules
 * listing people (academics: students in no class) build on this and `presentSummary`.
 */
export function selectSummary(db: DbOrTx, total: SQL<number> = sql<number>`0`.mapWith(Number)) {
  return db
    .select({ ...summaryColumns, total })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(parent, eq(parent.id, users.parentUserId));
}

/** Rows of one kind in a scope (the application's filter; row-level security is the second wall). */
export function kindWhere(kind: PeopleKind, scope: Scope | Placeholder): SQL {
  const role = eq(users.roleId, KIND_ROLE[kind]);
  return scope === PLATFORM ? role : and(role, eq(users.schoolId, scope))!;
}

/** The LIKE pattern of a search: lower-cased, % and _ typed by users match literally. */
function likePattern(search: string | undefined): string | undefined {
  const q = search?.trim().toLowerCase();
  return q ? `%${escapeLike(q)}%` : undefined;
}

/** Case-insensitive search in names, login id and email, on the trigram-indexed column `search_text`. */
export function searchOf(search: string | undefined | Placeholder): SQL | undefined {
  const like = typeof search === 'string' || search === undefined ? likePattern(search) : search;
  return like === undefined ? undefined : sql`${users.searchText} like ${like}`;
}

export function statusOf(status: ListQuery['status']): SQL | undefined {
  return status === 'active' ? eq(users.status, true) : status === 'inactive' ? eq(users.status, false) : undefined;
}

/** The counters (kept by the users trigger) of one kind in a scope, with a status filter. */
function countsWhere(kind: PeopleKind, scope: Scope | Placeholder, status: ListQuery['status']): SQL | undefined {
  return and(
    eq(schoolCounts.roleId, KIND_ROLE[kind]),
    scope === PLATFORM ? undefined : eq(schoolCounts.schoolId, scope),
    status === 'all' ? undefined : eq(schoolCounts.active, status === 'active'),
  );
}

/**
 * How many rows match, counted up to one past SEARCH_COUNT_CAP: a search's total, cut short, so a
 * common pattern reads a thousand matches, not all of them. (Inside, "users" is the subquery's own.)
 */
function cappedCount(where: SQL | undefined): SQL {
  return sql`(select 1 from ${users} where ${where} limit ${sql.raw(String(SEARCH_COUNT_CAP + 1))}) as matched`;
}

/** A search's total as the contract has it: past the cap, the cap and `totalCapped`. */
function totalOf(n: number, search: boolean): { total: number; totalCapped?: boolean } {
  return search && n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, totalCapped: true } : { total: n };
}

/** A list row (`summaryColumns`, read by position) as the contract has it, mapped by hand: a hot path. */
function summaryFromRow(r: unknown[], at: Record<keyof typeof summaryColumns, number>): PersonSummary {
  const parentFirstName = r[at.parentFirstName] as string | null;
  return {
    userId: r[at.userId] as string,
    loginId: r[at.loginId] as string,
    roleId: r[at.roleId] as number,
    firstName: r[at.firstName] as string,
    lastName: r[at.lastName] as string,
    fullName: fullName({ firstName: r[at.firstName] as string, lastName: r[at.lastName] as string }),
    email: r[at.email] as string | null,
    contact: r[at.contact] as string | null,
    image: r[at.image] as string | null,
    status: r[at.status] as boolean,
    schoolId: r[at.schoolId] as string | null,
    schoolName: (r[at.schoolName] as string | null) ?? null,
    parentId: r[at.parentId] as string | null,
    parentName: parentFirstName ? fullName({ firstName: parentFirstName, lastName: (r[at.parentLastName] as string | null) ?? '' }) : null,
    // As drizzle reads a timestamptz: the driver's text, then a Date.
    createdAt: new Date(r[at.createdAt] as string).toISOString(),
  };
}

/**
 * One statement: a page, newest first ((school_id, role_id, created_at, id) serves it with a top-N
 * index scan), and its total: the counters without a search, else the matches counted up to the
 * cap. A search is planned for its pattern on each run (`planForValues`): a common one walks the
 * order index and stops at the page's end, a rare one reads the trigram index and sorts its few
 * matches. Prepared once per scope and shape; rows mapped by hand.
 */
function listQuery(db: Db, kind: PeopleKind, platform: boolean, status: ListQuery['status'], search: boolean) {
  const name = `people_list_${kind}_${platform ? 'all' : 'school'}_${status}_${search ? 'search' : 'page'}`;
  return prepared(db, name, (db) => {
    const school = platform ? PLATFORM : sql.placeholder('school');
    const where = and(kindWhere(kind, school), statusOf(status), search ? searchOf(sql.placeholder('like')) : undefined);
    const counted = countsWhere(kind, school, status);
    // How many people of a kind a scope has, from the counters: no scan.
    const sum = sql<number>`coalesce(sum(${schoolCounts.n}), 0)`;
    const total = search ? sql<number>`(select count(*) from ${cappedCount(where)})` : sql<number>`(select ${sum} from ${schoolCounts} where ${counted})`;
    const fields = { ...summaryColumns, total };
    const at = positions(fields);
    if (search) planForValues(name, `${name}_n`);
    const page = db
      .select(fields)
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .leftJoin(parent, eq(parent.id, users.parentUserId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      page: preparedRows(db, name, page, (rows: RawRows) => ({
        items: rows.map((r) => summaryFromRow(r, at)),
        total: rows[0] ? Number(rows[0][at.total]) : undefined,
      })),
      // For a page past the end, which has no row to carry the total.
      total: search
        ? db.select({ n: count() }).from(cappedCount(where)).prepare(`${name}_n`)
        : db.select({ n: sql<number>`${sum}`.mapWith(Number) }).from(schoolCounts).where(counted).prepare(`${name}_n`),
    };
  });
}

/**
 * How a students list shows classes: not at all (no session named), each row with its class in a
 * session (`session`), or only one class's students (`class`, the class's session; `classInSession`
 * when the session is named too and must be the class's).
 */
type Placing = 'session' | 'class' | 'classInSession';

/**
 * The students list of a session, in one statement like every list: the page with each student's
 * class, section and roll number (LEFT JOIN class_students on its primary key (school, session,
 * student), then classes), and the total from the counters (no class filter), the matches counted
 * up to the cap (a search: planned for its pattern, as in `listQuery`) or riding along
 * (`count(*) over ()`: a class is bounded by its limit). With a class, its students by roll number
 * then name. `found` tells a foreign session or class (404) apart from an empty page.
 */
function studentListQuery(db: Db, placing: Placing, status: ListQuery['status'], search: boolean) {
  const name = `people_list_students_${placing}_${status}_${search ? 'search' : 'page'}`;
  return prepared(db, name, (db) => {
    const school = sql.placeholder('school');
    const session = placing === 'class' ? undefined : sql.placeholder('session');
    const assignClassId = sql.placeholder('class');
    const byClass = placing !== 'session';
    const where = and(kindWhere('students', school), statusOf(status), search ? searchOf(sql.placeholder('like')) : undefined);
    const counted = countsWhere('students', school, status);
    const sum = sql<number>`coalesce(sum(${schoolCounts.n}), 0)`;
    const total = byClass
      ? sql<number>`count(*) over ()`
      : search
        ? sql<number>`(select count(*) from ${cappedCount(where)})`
        : sql<number>`(select ${sum} from ${schoolCounts} where ${counted})`;
    const found = byClass ? classFound(school, assignClassId, session) : sessionFound(school, session!);
    const inClass = and(eq(classStudents.schoolId, school), eq(classStudents.studentId, users.id), byClass ? eq(classStudents.classId, assignClassId) : eq(classStudents.sessionId, session!));
    const ofClass = and(eq(classes.id, classStudents.classId), eq(classes.schoolId, school), session && byClass ? eq(classes.sessionId, session) : undefined);
    const fields = { ...summaryColumns, ...placementColumns, total, found };
    const at = positions(fields);
    if (search && !byClass) planForValues(name, `${name}_n`);

    const base = db
      .select(fields)
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .leftJoin(parent, eq(parent.id, users.parentUserId))
      .$dynamic();
    const page = (byClass ? base.innerJoin(classStudents, inClass).innerJoin(classes, ofClass) : base.leftJoin(classStudents, inClass).leftJoin(classes, ofClass))
      .where(where)
      .orderBy(...(byClass ? [sql`${classStudents.rollNo} asc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id)] : [desc(users.createdAt), desc(users.id)]))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    // For an empty page: the total and whether the session or class is the school's.
    const n = byClass
      ? db.select({ n: count(), found }).from(users).innerJoin(classStudents, inClass).innerJoin(classes, ofClass).where(where)
      : search
        ? db.select({ n: count(), found }).from(cappedCount(where))
        : db.select({ n: sql<number>`${sum}`.mapWith(Number), found }).from(schoolCounts).where(counted);
    return {
      page: preparedRows(db, name, page, (rows: RawRows) => ({
        items: rows.map((r) => {
          const person = summaryFromRow(r, at);
          const classId = r[at.placeClassId] as string | null;
          person.placement = classId
            ? { assignClassId: classId, masterClass: r[at.placeMaster] as string, className: r[at.placeName] as string, section: r[at.placeSection] as string, rollNo: r[at.placeRoll] as number | null }
            : null;
          return person;
        }),
        total: rows[0] ? Number(rows[0][at.total]) : undefined,
        found: rows[0] ? (rows[0][at.found] as boolean) : undefined,
      })),
      total: n.prepare(`${name}_n`),
    };
  });
}

type Page = { items: PersonSummary[]; total: number; totalCapped?: boolean; page: number; pageSize: number };

/** Students with their class in a session (or of one class); a session or class not of the school answers 404. */
async function listStudents(deps: Deps, scope: string, q: StudentListQuery): Promise<Page> {
  const placing: Placing = q.assignClassId ? (q.sessionId ? 'classInSession' : 'class') : 'session';
  const like = likePattern(q.search);
  const query = studentListQuery(tenantDb(deps, scope), placing, q.status, like !== undefined);
  const values = { school: scope, session: q.sessionId, class: q.assignClassId, like, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const page = await query.page.execute(values);
  const empty = page.total === undefined ? (await query.total.execute(values))[0] : undefined;
  if (!(page.found ?? empty?.found)) throw notFound(placing === 'session' ? 'Session' : 'Class');
  const n = page.total ?? Number(empty!.n);
  return { items: page.items, ...totalOf(n, like !== undefined && placing === 'session'), page: q.page, pageSize: q.pageSize };
}

export async function listPeople(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  q: ListQuery & { schoolId?: string; sessionId?: string; assignClassId?: string },
): Promise<Page> {
  const scope = scopeOf(caller, q.schoolId);
  if (kind === 'students' && scope !== PLATFORM && (q.sessionId || q.assignClassId)) return listStudents(deps, scope, q);
  const like = likePattern(q.search);
  const query = listQuery(tenantDb(deps, scope), kind, scope === PLATFORM, q.status, like !== undefined);
  const values = { school: scope, like, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const page = await query.page.execute(values);
  const n = page.total ?? (await query.total.execute(values))[0]?.n ?? 0;
  return { items: page.items, ...totalOf(n, like !== undefined), page: q.page, pageSize: q.pageSize };
}

const MAX_CHILDREN = 50;

async function childrenOf(db: DbOrTx, parentId: string, schoolId: string | null) {
  const rows = await db
    .select({ userId: users.id, loginId: users.loginId, firstName: users.firstName, lastName: users.lastName, status: users.status })
    .from(users)
    .where(and(eq(users.roleId, ROLE.STUDENT), eq(users.parentUserId, parentId), schoolId ? eq(users.schoolId, schoolId) : undefined))
    .orderBy(asc(users.firstName))
    .limit(MAX_CHILDREN);
  return rows.map((c) => ({ userId: c.userId, loginId: c.loginId, fullName: fullName(c), status: c.status }));
}

/**
 * One person with every field; with `placedIn` (a student's session), its class, section and roll
 * number in that session from the same statement, and 404 when the session is not the school's.
 */
async function detail(db: DbOrTx, where: SQL, placedIn?: { schoolId: string; sessionId: string }): Promise<PersonDetail | null> {
  let row: { u: typeof users.$inferSelect; summary: Omit<SummaryRow, 'total'>; placement?: StudentPlacement | null } | undefined;
  if (placedIn) {
    const [r] = await db
      .select({ ...summaryColumns, u: users, ...placementColumns, found: sessionFound(placedIn.schoolId, placedIn.sessionId) })
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .leftJoin(parent, eq(parent.id, users.parentUserId))
      .leftJoin(
        classStudents,
        and(eq(classStudents.schoolId, placedIn.schoolId), eq(classStudents.sessionId, placedIn.sessionId), eq(classStudents.studentId, users.id)),
      )
      .leftJoin(classes, eq(classes.id, classStudents.classId))
      .where(where)
      .limit(1);
    if (r && !r.found) throw notFound('Session');
    if (r) row = { u: r.u, summary: r, placement: presentPlacement(r) };
  } else {
    const [r] = await db
      .select({ ...summaryColumns, u: users })
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .leftJoin(parent, eq(parent.id, users.parentUserId))
      .where(where)
      .limit(1);
    if (r) row = { u: r.u, summary: r };
  }
  if (!row) return null;
  const { u, summary } = row;
  const person: PersonDetail = {
    ...presentSummary(summary),
    ...(row.placement !== undefined ? { placement: row.placement } : {}),
    gender: u.gender,
    dateOfBirth: u.dateOfBirth,
    address: u.address,
    state: u.state,
    district: u.district,
    city: u.city,
    zip: u.zip,
    qualification: u.qualification,
    subjects: u.subjects,
    maritalStatus: u.maritalStatus,
    category: u.category,
    religion: u.religion,
    bloodGroup: u.bloodGroup,
    fatherOccupation: u.fatherOccupation,
    motherName: u.motherName,
    motherOccupation: u.motherOccupation,
  };
  if (kindOfRole(u.roleId) === 'parents') person.children = await childrenOf(db, u.id, u.schoolId);
  return person;
}

export async function getPerson(deps: Deps, caller: Caller, kind: PeopleKind, userId: string, q: { sessionId?: string } = {}): Promise<PersonDetail> {
  const scope = scopeOf(caller);
  const placedIn = kind === 'students' && q.sessionId && scope !== PLATFORM ? { schoolId: scope, sessionId: q.sessionId } : undefined;
  const db = tenantDb(deps, scope);
  // A student's details are personal data: the view is recorded beside the read (issue 12).
  const [person] = await Promise.all([
    detail(db, and(kindWhere(kind, scope), eq(users.id, userId))!, placedIn),
    kind === 'students' ? recordView(db, caller, scope, userId) : undefined,
  ]);
  if (!person) throw notFound(KIND_NAME[kind]);
  return person;
}

/** A student's parent must be a parent account of the same school. */
async function assertParent(db: DbOrTx, schoolId: Scope, parentId: string | null | undefined) {
  if (parentId && !(await peoplePolicy.accessible(db, schoolId, 'parents', [parentId])).has(parentId)) {
    throw new AppError('BAD_REQUEST', 'Choose a parent of this school.', { reason: 'parent_not_in_school', field: 'parentId' });
  }
}

function conflict(kind: PeopleKind) {
  return new AppError('CONFLICT', `A ${KIND_NAME[kind].toLowerCase()} with this email already exists in this school.`, {
    reason: 'email_taken',
    field: 'email',
    params: { kind },
  });
}

export async function schoolCode(db: DbOrTx, schoolId: string): Promise<string> {
  const [s] = await db.select({ code: schools.code }).from(schools).where(eq(schools.id, schoolId));
  if (!s) throw notFound('School');
  return s.code;
}

/** Unique violations (an email taken in the school) answer 409. */
async function orConflict<T>(kind: PeopleKind, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(kind);
    throw err;
  }
}

/** Creates an account with a generated login id and first password, mailed when there is an email. */
export async function createPerson(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  body: PersonInput,
  opts: { schoolId?: string } = {},
): Promise<CreatedAccount> {
  const schoolId = scopeOf(caller, opts.schoolId);
  if (schoolId === PLATFORM) throw new AppError('BAD_REQUEST', 'Choose a school.');
  const password = newPassword();
  const passwordHash = await hashGenerated(password);
  const { person, loginId } = await orConflict(
    kind,
    inTenant(deps, schoolId, async (tx) => {
      const code = await schoolCode(tx, schoolId);
      if (kind === 'students') await assertParent(tx, schoolId, (body as StudentFields).parentId);
      const id = await nextLoginId(tx, code, KIND_ROLE[kind]);
      const [row] = await tx
        .insert(users)
        .values({ firstName: '', ...columnsOf(body), schoolId, roleId: KIND_ROLE[kind], loginId: id, passwordHash })
        .returning({ id: users.id });
      await attachFile(tx, body.image, { schoolId, callerId: caller.userId });
      if (kind === 'students') {
        await admittedToday(tx, schoolId, [row!.id]);
        await recordAudit(tx, caller, schoolId, { action: 'create', studentId: row!.id });
      }
      return { person: (await detail(tx, eq(users.id, row!.id)))!, loginId: id };
    }),
  );
  const mailed = !!person.email;
  if (person.email) sendCredentials(deps, { to: person.email, name: person.fullName, loginId, password });
  return { person, loginId, password, mailed };
}

/**
 * Changes one person in one transaction: the write carries the scope and kind in its WHERE and
 * answers 404 when it touched nothing; then the person as it now is.
 */
function changePerson(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  userId: string,
  change: (tx: Tx, where: SQL) => Promise<void>,
): Promise<PersonDetail> {
  const scope = scopeOf(caller);
  const where = and(kindWhere(kind, scope), eq(users.id, userId))!;
  return orConflict(
    kind,
    inTenant(deps, scope, async (tx) => {
      await change(tx, where);
      const person = await detail(tx, where);
      if (!person) throw notFound(KIND_NAME[kind]);
      return person;
    }),
  );
}

async function updateWhere(tx: Tx, where: SQL, set: Partial<typeof users.$inferInsert>, kind: PeopleKind): Promise<void> {
  const [row] = await tx.update(users).set({ ...set, updatedAt: now() }).where(where).returning({ id: users.id });
  if (!row) throw notFound(KIND_NAME[kind]);
}

export function updatePerson(deps: Deps, caller: Caller, kind: PeopleKind, userId: string, body: PersonInput): Promise<PersonDetail> {
  return changePerson(deps, caller, kind, userId, async (tx, where) => {
    if (kind === 'students') await assertParent(tx, scopeOf(caller), body.parentId);
    const [before] = await tx.select({ image: users.image, schoolId: users.schoolId }).from(users).where(where);
    if (!before) throw notFound(KIND_NAME[kind]);
    const set = columnsOf(body);
    if (Object.keys(set).length) await updateWhere(tx, where, set, kind);
    if (kind === 'students') await recordAudit(tx, caller, scopeOf(caller), { action: 'edit', studentId: userId, details: { fields: Object.keys(set) } });
    await attachFile(tx, body.image, { schoolId: before.schoolId, callerId: caller.userId });
    await replaceFile(tx, before.image, body.image);
  });
}

/** Activates or deactivates; deactivating ends the person's sessions at once. */
export async function setPersonStatus(deps: Deps, caller: Caller, kind: PeopleKind, userId: string, status: boolean): Promise<PersonDetail> {
  const person = await changePerson(deps, caller, kind, userId, async (tx, where) => {
    await updateWhere(tx, where, { status }, kind);
    if (!status) await revokeSessions(tx, userId);
    if (kind === 'students') await recordAudit(tx, caller, scopeOf(caller), { action: 'status', studentId: userId, details: { status } });
  });
  if (!status) onSessionsRevoked(deps, { userId });
  return person;
}

/** A parent's own children. */
export async function myChildren(deps: Deps, caller: Caller): Promise<PersonSummary[]> {
  const scope = scopeOf(caller);
  const rows = await selectSummary(tenantDb(deps, scope))
    .where(and(kindWhere('students', scope), eq(users.parentUserId, caller.userId)))
    .orderBy(asc(users.firstName))
    .limit(MAX_CHILDREN);
  return rows.map(presentSummary);
}

export async function myChild(deps: Deps, caller: Caller, userId: string): Promise<PersonDetail> {
  const scope = scopeOf(caller);
  const db = tenantDb(deps, scope);
  const [child] = await Promise.all([
    detail(db, and(kindWhere('students', scope), eq(users.parentUserId, caller.userId), eq(users.id, userId))!),
    recordView(db, caller, scope, userId),
  ]);
  if (!child) throw notFound('Student');
  return child;
}

/** Parents of a school by login id (bulk import of students), in one query. */
export async function parentsByLoginId(db: DbOrTx, schoolId: string, loginIds: string[]): Promise<Map<string, string>> {
  if (!loginIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, loginId: users.loginId })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.roleId, ROLE.PARENT), inArray(sql`lower(${users.loginId})`, loginIds.map((l) => l.toLowerCase()))));
  return new Map(rows.map((r) => [r.loginId.toLowerCase(), r.id]));
}
