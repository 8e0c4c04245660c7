import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ALL_ROLES, API, type ApiRoute, type Role } from '@shala/contract';
import { PLATFORM } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv, type TestSchool, type TestUser } from './helpers.js';
import { namesRecords } from './academic-routes.js';

/**
 * Tenancy as a wall: the database itself keeps schools apart (row-level security, forced, for a
 * role that owns nothing), and every route that takes a record's id answers 404 for another
 * school's record and changes nothing.
 */
let env: TestEnv;
let mine: Awaited<ReturnType<typeof everyRole>>;
let other: TestSchool;
let theirs: TestUser[];

beforeAll(async () => {
  env = await setupApp();
  mine = await everyRole(env);
  other = await env.f.school();
  theirs = [];
  for (const role of [112, 113, 114, 115, 116] as const) theirs.push(await env.f.user(role, other));
});
afterAll(() => env?.close());

type Rows<T> = { rows: T[] };
const rows = async <T>(q: Promise<unknown>) => ((await q) as Rows<T>).rows;

describe('the database refuses what the application filter would forget', () => {
  it("works for a school as a role that is neither superuser, nor owner, nor able to bypass row-level security", async () => {
    const whoAmI = sql`select current_user as name, rolsuper, rolbypassrls,
      (select count(*) from pg_tables where schemaname = 'public' and tableowner = current_user)::int as owns
      from pg_roles where rolname = current_user`;
    const [school] = await rows(env.database.scoped(mine.school.id).execute(whoAmI));
    expect(school).toEqual({ name: 'shala_app', rolsuper: false, rolbypassrls: false, owns: 0 });
    const [inTx] = await rows(env.database.transaction(mine.school.id, (tx) => tx.execute(whoAmI)));
    expect(inTx).toEqual(school);
    // Only the platform scope, the one explicit cross-school path, bypasses it.
    const [platform] = await rows(env.db.execute(whoAmI));
    expect(platform).toEqual({ name: 'shala_platform', rolsuper: false, rolbypassrls: true, owns: 0 });
  });

  it('has row-level security enabled and forced on every table that holds school data', async () => {
    const tables = await rows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      env.db.execute(sql`select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and (c.relname = 'schools' or exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname in ('school_id', 'user_id') and not a.attisdropped))`),
    );
    expect(tables.length).toBeGreaterThanOrEqual(8);
    for (const t of tables) expect({ table: t.relname, on: t.relrowsecurity, forced: t.relforcerowsecurity }).toEqual({ table: t.relname, on: true, forced: true });
  });

  it("shows a school's handle only its own rows, with no filter in the query", async () => {
    const db = env.database.scoped(mine.school.id);
    const all = await db.select({ schoolId: users.schoolId }).from(users);
    expect(all.length).toBe(5);
    expect(new Set(all.map((u) => u.schoolId))).toEqual(new Set([mine.school.id]));
    const seen = await rows<{ n: string }>(db.execute(sql`select count(*) as n from users where school_id = ${other.id}`));
    expect(Number(seen[0]!.n)).toBe(0);
    const schools = await rows<{ id: string }>(db.execute(sql`select id from schools`));
    expect(schools.map((s) => s.id)).toEqual([mine.school.id]);
    // The platform scope, the one explicit cross-school path, sees both.
    const both = await rows<{ n: string }>(env.database.scoped(PLATFORM).execute(sql`select count(distinct school_id) as n from users where school_id is not null`));
    expect(Number(both[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it("refuses to write another school's rows, and a handle with no tenant sees nothing", async () => {
    const db = env.database.scoped(mine.school.id);
    const changed = await db.update(users).set({ firstName: 'Hacked' }).where(sql`${users.schoolId} = ${other.id}`).returning({ id: users.id });
    expect(changed).toEqual([]);
    await expect(
      db.insert(users).values({ schoolId: other.id, loginId: `X-${Date.now()}`, roleId: 114, firstName: 'Intruder', passwordHash: 'x' }),
    ).rejects.toThrow();
    await expect(env.database.transaction(mine.school.id, (tx) => tx.execute(sql`select set_config('app.tenant', '', true)`).then(() => tx.select().from(users)))).resolves.toEqual([]);
    const untouched = await env.db.select({ firstName: users.firstName }).from(users).where(sql`${users.schoolId} = ${other.id}`);
    expect(untouched.every((u) => u.firstName !== 'Hacked')).toBe(true);
  });
});

/** Every route with a record id, for each role it admits (but the owner, who spans schools). */
const idRoutes = (Object.entries(API) as [string, ApiRoute][]).filter(
  // Academics routes name their records in bodies and queries too: academics-tenancy.test.ts.
  ([, r]) => r.roles !== 'public' && /:(userId|schoolId)\b/.test(r.url) && !namesRecords(r),
);

describe.each(idRoutes)("%s with another school's record", (_name, route) => {
  const roles = (route.roles as readonly Role[]).filter((r) => r !== 111);
  if (!roles.length) {
    it('is the platform owner’s alone (it acts on any school)', () => expect(route.roles).toEqual([111]));
    return;
  }
  it.each(roles)('role %i: 404 for each of its users, nothing changed', async (role) => {
    const before = await env.db.select().from(users).where(sql`${users.schoolId} = ${other.id}`);
    for (const target of theirs) {
      const url = route.url.replace(':userId', target.id).replace(':schoolId', other.id);
      // A body each route accepts, so the answer is about the record, not the input.
      const payload = route.method === 'GET' ? undefined : url.endsWith('/status') ? { status: false } : url.endsWith('/messages') ? { text: 'Hello' } : { contact: '+91 99999 00000' };
      const res = await env.app.inject({ method: route.method, url, headers: { token: mine.users[role].token }, payload });
      expect({ url: route.url, role: target.roleId, status: res.statusCode }).toEqual({ url: route.url, role: target.roleId, status: 404 });
      expect(res.json().error).toBe('NOT_FOUND');
    }
    const after = await env.db.select().from(users).where(sql`${users.schoolId} = ${other.id}`);
    expect(after).toEqual(before);
  });
});

it('covers the routes that take a user id for every school role', () => {
  const covered = new Set(idRoutes.flatMap(([, r]) => (r.roles as readonly Role[]).filter((x) => x !== 111)));
  expect([...covered].sort()).toEqual(ALL_ROLES.filter((r) => r !== 111));
});
