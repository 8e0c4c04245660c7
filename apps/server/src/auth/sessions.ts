import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { isRole } from '@shala/contract';
import type { Caller, Deps } from '../context.js';
import type { Db, DbOrTx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { authSessions, schools, users } from '../db/schema.js';
import { asPlatform } from '../db/scope.js';
import { unauthenticated } from '../errors.js';
import { fullName } from '../modules/users/service.js';
import { newToken, sha256 } from './crypto.js';
import { now, nowMs } from '../clock.js';

/**
 * Sessions: opened at sign-in (auth/service.ts), resolved on every request, revoked by the modules
 * that end them (a password reset, a user or school deactivated, an erasure). What a module needs
 * of auth is here; sign-in, codes and passwords stay in service.ts.
 */

/** The signed-in caller of a request (resolved from its session token), or 401. */
export function requireCaller(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthenticated();
  return req.caller;
}

/** A new session of a user who proved who it is: its token (only its hash is stored) and expiry. */
export async function openSession(
  deps: Pick<Deps, 'data' | 'config'>,
  user: { id: string; schoolId: string | null },
  client: { ip: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(nowMs() + deps.config.SESSION_TTL_HOURS * 3600_000);
  await asPlatform(deps).insert(authSessions).values({
    userId: user.id,
    schoolId: user.schoolId,
    tokenHash: sha256(token),
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/**
 * The session lookup of every authenticated request (on PostgreSQL without Redis no node caches
 * sessions): one statement, built and prepared once, run with the token's hash and the time.
 */
const sessionQuery = (db: Db) =>
  prepared(db, 'auth_session_by_token', (db, name) =>
    db
      .select({
        sessionId: authSessions.id,
        userId: users.id,
        roleId: users.roleId,
        schoolId: users.schoolId,
        firstName: users.firstName,
        lastName: users.lastName,
        expiresAt: authSessions.expiresAt,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(
        and(
          eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, sql.placeholder('now')),
          eq(users.status, true),
          sql`(${users.schoolId} is null or ${schools.status} = true)`,
        ),
      )
      .limit(1)
      .prepare(name),
  );

/** Resolves a session token to its caller in one query; null when unknown, expired, revoked or inactive. */
export async function resolveToken(deps: Pick<Deps, 'data' | 'sessionCache'>, token: string): Promise<Caller | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const cached = deps.sessionCache.get(tokenHash);
  if (cached) return cached;
  const [row] = await sessionQuery(asPlatform(deps)).execute({ tokenHash, now: now().toISOString() });
  if (!row || !isRole(row.roleId)) return null;
  const caller: Caller = { sessionId: row.sessionId, userId: row.userId, roleId: row.roleId, schoolId: row.schoolId, name: fullName(row), expiresAt: row.expiresAt };
  deps.sessionCache.set(tokenHash, caller, row.expiresAt.getTime());
  return caller;
}

/** Which sessions were just revoked: one, a user's (but one), or a whole school's. */
export type RevokedSessions = { sessionId: string } | { userId: string; exceptSessionId?: string } | { schoolId: string };

/**
 * Call after every committed revocation: closes the sockets of those sessions on every node.
 * The one place where caches of sessions are to be dropped too.
 */
export function onSessionsRevoked(deps: Pick<Deps, 'realtime' | 'sessionCache'>, which: RevokedSessions): void {
  deps.sessionCache.drop(which);
  deps.realtime.sessionsRevoked(which);
  if ('sessionId' in which) deps.realtime.disconnectSession(which.sessionId);
  else if ('userId' in which) deps.realtime.disconnectUser(which.userId, which.exceptSessionId);
  else deps.realtime.disconnectSchool(which.schoolId);
}

/**
 * Revokes every open session of a user (password reset, deactivation), except one if given.
 * Inside a transaction: call onSessionsRevoked once it has committed.
 */
export async function revokeSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** Revokes every open session of a school's users (the school is deactivated). */
export async function revokeSchoolSessions(db: DbOrTx, schoolId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now() })
    .where(and(isNull(authSessions.revokedAt), eq(authSessions.schoolId, schoolId)));
}
