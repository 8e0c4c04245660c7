import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { School, SchoolInput, SchoolListQuery, SchoolUpdate } from '@shala/contract';
import type { Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { academicSessions, schools } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { academicYears } from '../academics/index.js';
import { onSessionsRevoked, revokeSchoolSessions } from '../../auth/sessions.js';
import { schoolsPolicy } from '../../policy/schools.js';
import { attachFile, replaceFile } from '../files/service.js';
import { now } from '../../clock.js';
import { escapeLike } from '../../db/like.js';

type Row = typeof schools.$inferSelect;

function present(s: Row): School {
  return {
    schoolId: s.id,
    code: s.code,
    name: s.name,
    websiteName: s.websiteName,
    email: s.email,
    phone: s.phone,
    address: s.address,
    state: s.state,
    district: s.district,
    city: s.city,
    zipCode: s.zipCode,
    affiliationNo: s.affiliationNo,
    udiseCode: s.udiseCode,
    image: s.image,
    status: s.status,
    isDraft: s.isDraft,
    createdAt: s.createdAt.toISOString(),
  };
}

/** A short code from the name's initials (Delhi Public School → DPS), numbered when taken. */
export async function codeFor(db: DbOrTx, name: string): Promise<string> {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let base = words.length >= 2 ? words.map((w) => w[0]).join('') : (words[0] ?? '');
  base = base.toUpperCase().slice(0, 6);
  if (base.length < 2) base = `SCH${base}`.slice(0, 6);
  const taken = await db
    .select({ code: schools.code })
    .from(schools)
    .where(sql`lower(${schools.code}) ~ ${`^${base.toLowerCase()}[0-9]*$`}`);
  const used = new Set(taken.map((t) => t.code.toUpperCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}

export async function listSchools(deps: Deps, q: SchoolListQuery) {
  const search = q.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : undefined;
  const filters: Array<SQL | undefined> = [
    q.status === 'active' ? and(eq(schools.status, true), eq(schools.isDraft, false)) : undefined,
    q.status === 'inactive' ? eq(schools.status, false) : undefined,
    q.status === 'draft' ? eq(schools.isDraft, true) : undefined,
    like ? or(ilike(schools.name, like), ilike(schools.code, like), ilike(schools.city, like)) : undefined,
  ];
  const where = and(...filters);
  const rows = await schoolsPolicy.db(deps)
    .select()
    .from(schools)
    .where(where)
    .orderBy(desc(schools.createdAt), desc(schools.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await schoolsPolicy.db(deps).select({ n: count() }).from(schools).where(where);
  return { items: rows.map(present), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function row(db: DbOrTx, schoolId: string): Promise<Row> {
  const [s] = await db.select().from(schools).where(eq(schools.id, schoolId));
  if (!s) throw notFound('School');
  return s;
}

export async function getSchool(deps: Deps, schoolId: string): Promise<School> {
  return present(await row(schoolsPolicy.db(deps), schoolId));
}

/** Adds a school with its current academic session, ready for classes. */
export async function createSchool(deps: Deps, input: SchoolInput, callerId?: string): Promise<School> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await schoolsPolicy.transaction(deps, async (tx) => {
        const code = await codeFor(tx, input.name);
        const [s] = await tx
          .insert(schools)
          .values({ ...input, isDraft: input.isDraft ?? false, code })
          .returning();
        const [year] = academicYears(now(), 1);
        await tx.insert(academicSessions).values({ ...year!, schoolId: s!.id });
        if (callerId) await attachFile(tx, input.image, { schoolId: s!.id, callerId });
        return present(s!);
      });
    } catch (err) {
      // Two schools with the same initials added at once: take the next number.
      if (isUniqueViolation(err) && attempt < 3) continue;
      throw err;
    }
  }
}

/** The write carries the school in its WHERE and returns the row: 404 when it touched nothing. */
async function updateRow(db: DbOrTx, schoolId: string, set: Partial<Row>): Promise<School> {
  const [s] = await db.update(schools).set({ ...set, updatedAt: now() }).where(eq(schools.id, schoolId)).returning();
  if (!s) throw notFound('School');
  return present(s);
}

export function updateSchool(deps: Deps, schoolId: string, input: SchoolUpdate, callerId?: string): Promise<School> {
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return schoolsPolicy.transaction(deps, async (tx) => {
    const before = await row(tx, schoolId);
    const school = await updateRow(tx, schoolId, set);
    if (callerId) await attachFile(tx, input.image, { schoolId, callerId });
    await replaceFile(tx, before.image, input.image);
    return school;
  });
}

/** Deactivating a school stops its users from signing in and ends their sessions. */
export async function setSchoolStatus(deps: Deps, schoolId: string, status: boolean): Promise<School> {
  const school = await schoolsPolicy.transaction(deps, async (tx) => {
    const updated = await updateRow(tx, schoolId, { status });
    if (!status) await revokeSchoolSessions(tx, schoolId);
    return updated;
  });
  if (!status) onSessionsRevoked(deps, { schoolId });
  return school;
}

/** Admins are added only to an existing, published school. */
export async function assertSchool(deps: Deps, schoolId: string): Promise<void> {
  const s = await row(schoolsPolicy.db(deps), schoolId);
  if (s.isDraft) throw new AppError('BAD_REQUEST', 'Publish the school before adding its administrators.', { reason: 'school_draft' });
}
