import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  KIND_ROLE,
  type CreatedAccount,
  type ListQuery,
  type PeopleKind,
  type PersonDetail,
  type PersonSummary,
  type StudentFields,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { schools, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { hashGenerated, newPassword } from '../../auth/crypto.js';
import { revokeSessions } from '../../auth/service.js';
import { inTenant, schoolOf } from '../../policy/index.js';
import { fullName, nextLoginId } from '../users/service.js';
import { sendCredentials } from './mail.js';

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

function presentSummary(r: SummaryRow): PersonSummary {
  const { parentFirstName, parentLastName, createdAt, ...rest } = r;
  return {
    ...rest,
    fullName: fullName(r),
    schoolName: r.schoolName ?? null,
    parentName: parentFirstName ? fullName({ firstName: parentFirstName, lastName: parentLastName ?? '' }) : null,
    createdAt: createdAt.toISOString(),
  };
}

function selectSummary(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(parent, eq(parent.id, users.parentUserId));
}

/** Rows of one kind that the caller may see: its own school (the platform owner: any, or one). */
export function scopeOf(caller: Caller, kind: PeopleKind, schoolId?: string): SQL {
  const conds: SQL[] = [eq(users.roleId, KIND_ROLE[kind])];
  if (caller.roleId !== 111) conds.push(eq(users.schoolId, schoolOf(caller)));
  else if (schoolId) conds.push(eq(users.schoolId, schoolId));
  return and(...conds)!;
}

/** Case-insensitive search in names, login id and email; % and _ typed by users match literally. */
export function searchOf(search: string | undefined): SQL | undefined {
  const q = search?.trim();
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    ilike(users.loginId, like),
    ilike(users.email, like),
  );
}

export function statusOf(status: ListQuery['status']): SQL | undefined {
  return status === 'active' ? eq(users.status, true) : status === 'inactive' ? eq(users.status, false) : undefined;
}

export async function listPeople(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  q: ListQuery & { schoolId?: string },
): Promise<{ items: PersonSummary[]; total: number; page: number; pageSize: number }> {
  const where = and(scopeOf(caller, kind, q.schoolId), statusOf(q.status), searchOf(q.search));
  return inTenant(deps.db, caller, async (tx) => {
    // Newest first; (school_id, role_id, created_at, id) serves this order with a top-N index scan.
    const rows = await selectSummary(tx)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [total] = await tx.select({ n: count() }).from(users).where(where);
    return { items: rows.map(presentSummary), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  });
}

const MAX_CHILDREN = 50;

async function childrenOf(db: DbOrTx, parentId: string, schoolId: string | null) {
  const rows = await db
    .select({ userId: users.id, loginId: users.loginId, firstName: users.firstName, lastName: users.lastName, status: users.status })
    .from(users)
    .where(and(eq(users.roleId, 116), eq(users.parentUserId, parentId), schoolId ? eq(users.schoolId, schoolId) : undefined))
    .orderBy(asc(users.firstName))
    .limit(MAX_CHILDREN);
  return rows.map((c) => ({ userId: c.userId, loginId: c.loginId, fullName: fullName(c), status: c.status }));
}

async function detail(db: DbOrTx, where: SQL): Promise<PersonDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns, u: users })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(parent, eq(parent.id, users.parentUserId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const { u, ...summary } = row;
  const person: PersonDetail = {
    ...presentSummary(summary),
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
  if (u.roleId === 115) person.children = await childrenOf(db, u.id, u.schoolId);
  return person;
}

export async function getPerson(deps: Deps, caller: Caller, kind: PeopleKind, userId: string): Promise<PersonDetail> {
  const person = await inTenant(deps.db, caller, (tx) => detail(tx, and(scopeOf(caller, kind), eq(users.id, userId))!));
  if (!person) throw notFound(KIND_NAME[kind]);
  return person;
}

/** A student's parent must be a parent account of the same school. */
async function assertParent(db: DbOrTx, schoolId: string, parentId: string | null | undefined) {
  if (!parentId) return;
  const [p] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, parentId), eq(users.roleId, 115), eq(users.schoolId, schoolId)));
  if (!p) throw new AppError('BAD_REQUEST', 'Choose a parent of this school.', { reason: 'parent_not_in_school', field: 'parentId' });
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

/** Creates an account with a generated login id and first password, mailed when there is an email. */
export async function createPerson(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  body: PersonInput,
  opts: { schoolId?: string } = {},
): Promise<CreatedAccount> {
  const schoolId = caller.roleId === 111 && opts.schoolId ? opts.schoolId : schoolOf(caller);
  const password = newPassword();
  const passwordHash = await hashGenerated(password);
  let userId: string;
  let loginId: string;
  try {
    ({ userId, loginId } = await inTenant(deps.db, caller, async (tx) => {
      const code = await schoolCode(tx, schoolId);
      if (kind === 'students') await assertParent(tx, schoolId, (body as StudentFields).parentId);
      const id = await nextLoginId(tx, code, KIND_ROLE[kind]);
      const [row] = await tx
        .insert(users)
        .values({ firstName: '', ...columnsOf(body), schoolId, roleId: KIND_ROLE[kind], loginId: id, passwordHash })
        .returning({ id: users.id });
      return { userId: row!.id, loginId: id };
    }));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(kind);
    throw err;
  }
  const person = (await inTenant(deps.db, caller, (tx) => detail(tx, eq(users.id, userId))))!;
  const mailed = !!person.email;
  if (person.email) sendCredentials(deps, { to: person.email, name: person.fullName, loginId, password });
  return { person, loginId, password, mailed };
}

export async function updatePerson(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  userId: string,
  body: PersonInput,
): Promise<PersonDetail> {
  const existing = await getPerson(deps, caller, kind, userId);
  try {
    await inTenant(deps.db, caller, async (tx) => {
      if (kind === 'students') await assertParent(tx, existing.schoolId!, body.parentId);
      const set = columnsOf(body);
      if (Object.keys(set).length) await tx.update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.id, userId));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(kind);
    throw err;
  }
  return getPerson(deps, caller, kind, userId);
}

/** Activates or deactivates; deactivating ends the person's sessions at once. */
export async function setPersonStatus(
  deps: Deps,
  caller: Caller,
  kind: PeopleKind,
  userId: string,
  status: boolean,
): Promise<PersonDetail> {
  await getPerson(deps, caller, kind, userId);
  await inTenant(deps.db, caller, async (tx) => {
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
    if (!status) await revokeSessions(tx, userId);
  });
  return getPerson(deps, caller, kind, userId);
}

/** A parent's own children. */
export async function myChildren(deps: Deps, caller: Caller): Promise<PersonSummary[]> {
  const rows = await inTenant(deps.db, caller, (tx) =>
    selectSummary(tx)
      .where(and(scopeOf(caller, 'students'), eq(users.parentUserId, caller.userId)))
      .orderBy(asc(users.firstName))
      .limit(MAX_CHILDREN),
  );
  return rows.map(presentSummary);
}

export async function myChild(deps: Deps, caller: Caller, userId: string): Promise<PersonDetail> {
  const child = await inTenant(deps.db, caller, (tx) =>
    detail(tx, and(scopeOf(caller, 'students'), eq(users.parentUserId, caller.userId), eq(users.id, userId))!),
  );
  if (!child) throw notFound('Student');
  return child;
}

/** Parents of a school by login id (bulk import of students), in one query. */
export async function parentsByLoginId(db: DbOrTx, schoolId: string, loginIds: string[]): Promise<Map<string, string>> {
  if (!loginIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, loginId: users.loginId })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.roleId, 115), inArray(sql`lower(${users.loginId})`, loginIds.map((l) => l.toLowerCase()))));
  return new Map(rows.map((r) => [r.loginId.toLowerCase(), r.id]));
}
