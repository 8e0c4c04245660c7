import { eq, sql } from 'drizzle-orm';
import { ROLE_LETTER, type Role } from '@shala/contract';
import type { DbOrTx } from '../../db/client.js';
import { loginIdCounters, schools, users } from '../../db/schema.js';
import { hashSecret } from '../../auth/crypto.js';
import { now } from '../../clock.js';

/** Next login id for a school and role: school code + role letter + 4-digit sequence (DEMO-T0007). */
export async function nextLoginId(db: DbOrTx, schoolCode: string, role: Role): Promise<string> {
  const [id] = await reserveLoginIds(db, schoolCode, role, 1);
  return id!;
}

/** Reserves `count` consecutive login ids in one statement (bulk import). */
export async function reserveLoginIds(db: DbOrTx, schoolCode: string, role: Role, count: number): Promise<string[]> {
  const prefix = `${schoolCode.toUpperCase()}-${ROLE_LETTER[role]}`;
  // The counter belongs to the school of that code (row-level security refuses another school's).
  const schoolId = sql`(select ${schools.id} from ${schools} where lower(${schools.code}) = ${schoolCode.toLowerCase()})`;
  const [row] = await db
    .insert(loginIdCounters)
    .values({ prefix, schoolId, value: count })
    .onConflictDoUpdate({ target: loginIdCounters.prefix, set: { value: sql`${loginIdCounters.value} + ${count}` } })
    .returning({ value: loginIdCounters.value });
  const last = row!.value;
  return Array.from({ length: count }, (_, i) => `${prefix}${String(last - count + 1 + i).padStart(4, '0')}`);
}

export interface NewUser {
  schoolId: string | null;
  loginId: string;
  roleId: Role;
  firstName: string;
  lastName?: string;
  email?: string | null;
  contact?: string | null;
  parentUserId?: string | null;
  password: string;
  status?: boolean;
}

export async function createUser(db: DbOrTx, input: NewUser) {
  const { password, ...rest } = input;
  const [row] = await db
    .insert(users)
    .values({ ...rest, lastName: rest.lastName ?? '', passwordHash: await hashSecret(password) })
    .returning();
  return row!;
}

export async function setUserStatus(db: DbOrTx, userId: string, status: boolean) {
  await db.update(users).set({ status, updatedAt: now() }).where(eq(users.id, userId));
}

export function fullName(u: { firstName: string; lastName: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ');
}
