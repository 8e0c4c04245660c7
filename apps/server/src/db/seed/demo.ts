import { count } from 'drizzle-orm';
import type { Role } from '@shala/contract';
import { PLATFORM, type Database } from '../client.js';
import { academicSessions, classes, loginIdCounters, schools, users } from '../schema.js';
import { createUser } from '../../modules/users/service.js';
import { newPassword } from '../../auth/crypto.js';
import { notify } from '../../modules/notifications/service.js';
import { noRealtime } from '../../realtime/index.js';
import { academicYears } from '../../modules/academics/structure.js';

/** The password of every demo account (also in the README). */
export const DEMO_PASSWORD = 'Shala@2024';
export const OWNER_LOGIN_ID = 'owner';

export interface SeededAccount {
  role: Role;
  loginId: string;
  password: string;
  name: string;
}

export interface SeedResult {
  created: boolean;
  accounts: SeededAccount[];
}

/**
 * First run: with demo data, a demo school with one account of every role; without, only the
 * platform owner with a one-time password. Does nothing when any user exists.
 */
export async function seedIfEmpty(database: Database, opts: { demo: boolean }): Promise<SeedResult> {
  const [existing] = await database.scoped(PLATFORM).select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { created: false, accounts: [] };

  return database.transaction(PLATFORM, async (tx) => {
    const ownerPassword = opts.demo ? DEMO_PASSWORD : newPassword(14);
    await createUser(tx, { schoolId: null, loginId: OWNER_LOGIN_ID, roleId: 111, firstName: 'Platform', lastName: 'Owner', email: 'owner@shala.local', password: ownerPassword });
    const accounts: SeededAccount[] = [{ role: 111, loginId: OWNER_LOGIN_ID, password: ownerPassword, name: 'Platform Owner' }];
    if (!opts.demo) return { created: true, accounts };

    const [school] = await tx
      .insert(schools)
      .values({
        code: 'DEMO',
        name: 'Shala Demo School',
        websiteName: 'demo.shala.local',
        email: 'office@demo.shala.local',
        phone: '+91 98765 43210',
        address: '12 Vidya Marg',
        state: 'Rajasthan',
        district: 'Jaipur',
        city: 'Jaipur',
        zipCode: '302001',
      })
      .returning();
    const schoolId = school!.id;
    const years = academicYears();
    const sessions = await tx
      .insert(academicSessions)
      .values(years.map((y) => ({ ...y, schoolId })))
      .returning();
    const current = sessions.find((s) => s.isCurrent)!;
    await tx.insert(classes).values(
      ['1', '2', '3', '4', '5'].flatMap((name) =>
        ['A', 'B'].map((section) => ({ schoolId, sessionId: current.id, masterClass: name, name, section, classLimit: 40 })),
      ),
    );

    const people: Array<{ role: Role; loginId: string; first: string; last: string; email: string }> = [
      { role: 112, loginId: 'DEMO-A0001', first: 'Suresh', last: 'Iyer', email: 'sysadmin@demo.shala.local' },
      { role: 113, loginId: 'DEMO-P0001', first: 'Anita', last: 'Sharma', email: 'principal@demo.shala.local' },
      { role: 114, loginId: 'DEMO-T0001', first: 'Ravi', last: 'Kumar', email: 'teacher@demo.shala.local' },
      { role: 115, loginId: 'DEMO-G0001', first: 'Meena', last: 'Verma', email: 'parent@demo.shala.local' },
      { role: 116, loginId: 'DEMO-S0001', first: 'Aarav', last: 'Verma', email: 'student@demo.shala.local' },
    ];
    const byRole = new Map<Role, { id: string; name: string }>();
    for (const p of people) {
      const u = await createUser(tx, {
        schoolId,
        loginId: p.loginId,
        roleId: p.role,
        firstName: p.first,
        lastName: p.last,
        email: p.email,
        parentUserId: p.role === 116 ? byRole.get(115)!.id : null,
        password: DEMO_PASSWORD,
      });
      byRole.set(p.role, { id: u.id, name: `${p.first} ${p.last}` });
      accounts.push({ role: p.role, loginId: p.loginId, password: DEMO_PASSWORD, name: `${p.first} ${p.last}` });
    }
    // Keep the login id counters in step with the demo ids.
    await tx.insert(loginIdCounters).values(['A', 'P', 'T', 'G', 'S'].map((l) => ({ prefix: `DEMO-${l}`, schoolId, value: 1 })));

    const principal = byRole.get(113)!;
    for (const role of [112, 114, 115, 116] as const) {
      await notify({ realtime: noRealtime }, tx, {
        schoolId,
        userId: byRole.get(role)!.id,
        senderId: principal.id,
        senderName: principal.name,
        message: 'Welcome to Shala! The new session has started.',
      });
    }
    await notify({ realtime: noRealtime }, tx, {
      schoolId,
      userId: principal.id,
      senderId: byRole.get(114)!.id,
      senderName: byRole.get(114)!.name,
      message: 'Class 5-A attendance is complete for today.',
    });
    return { created: true, accounts };
  });
}
