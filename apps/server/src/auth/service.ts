import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { OTP, isRole, type ChangePasswordBody, type ResetBody, type SigninBody, type SigninResult } from '@shala/contract';
import type { Caller, Deps } from '../context.js';
import type { Db, DbOrTx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { authSessions, otpCodes, schools, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobSpec } from '../jobs/queue.js';
import { PLATFORM } from '../db/client.js';
import { asPlatform, inTenant } from '../policy/index.js';
import { fullName } from '../modules/users/service.js';
import { dummyHash, hashSecret, isLightHash, newOtp, newToken, sha256, verifySecret } from './crypto.js';
import { now, nowMs } from '../clock.js';

const INVALID = 'Invalid id or password.';
export const FORGOT_MESSAGE = 'If the account exists and has an email, a one-time code has been sent to it.';
export const RESET_MESSAGE = 'Password Update successful';
const BAD_OTP = 'The code is wrong or has expired. Please ask for a new one.';

function findByLoginId(deps: Deps, loginId: string) {
  return asPlatform(deps)
    .select({
      id: users.id,
      loginId: users.loginId,
      roleId: users.roleId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      passwordHash: users.passwordHash,
      schoolId: users.schoolId,
      schoolName: schools.name,
      schoolStatus: schools.status,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(sql`lower(${users.loginId})`, loginId.trim().toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);
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

export async function signin(
  deps: Deps,
  body: SigninBody,
  client: { ip: string; userAgent?: string },
): Promise<SigninResult> {
  const user = await findByLoginId(deps, body.loginId);
  // One argon2 verification in every branch: known, unknown, inactive, first password.
  const ok = await verifySecret(user?.passwordHash ?? (await dummyHash()), body.password);
  if (!user || !ok || !isRole(user.roleId)) throw new AppError('INVALID_CREDENTIALS', INVALID);
  // A first password hashed with the old light setting is rehashed now that it is known.
  if (isLightHash(user.passwordHash)) {
    const passwordHash = await hashSecret(body.password);
    await asPlatform(deps).update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  if (!user.status) throw new AppError('ACCOUNT_INACTIVE', 'This account is inactive. Please contact your school.');
  if (user.schoolId && user.schoolStatus === false) {
    throw new AppError('SCHOOL_INACTIVE', 'This school is inactive. Please contact the platform administrator.');
  }
  const { token, expiresAt } = await openSession(deps, user, client);
  await asPlatform(deps).update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    userId: user.id,
    loginId: user.loginId,
    roleId: user.roleId,
    name: fullName(user),
    schoolId: user.schoolId,
    schoolName: user.schoolName ?? null,
  };
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

export async function signout(deps: Deps, caller: Caller): Promise<void> {
  await asPlatform(deps).update(authSessions).set({ revokedAt: now() }).where(eq(authSessions.id, caller.sessionId));
  onSessionsRevoked(deps, { sessionId: caller.sessionId });
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

/**
 * Asks for a one-time code: the request only queues the job below, the same for every id (known
 * or not, with an email or not), so neither its answer nor its time tells whether the account
 * exists or has an email.
 */
export async function forgot(deps: Pick<Deps, 'jobs'>, loginId: string): Promise<void> {
  await deps.jobs.send(FORGOT_MAIL_JOB, { loginId: loginId.trim().toLowerCase() });
}

/** Makes, stores and mails the code of an active account with an email; nothing for the others. */
async function sendForgotCode(deps: Deps, loginId: string): Promise<'sent' | 'none'> {
  const user = await findByLoginId(deps, loginId);
  if (!user || !user.status || !user.email || user.schoolStatus === false) return 'none';
  const code = newOtp(OTP.digits);
  const codeHash = await hashSecret(code);
  await inTenant(deps, PLATFORM, async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(otpCodes)
      .set({ usedAt: now() })
      .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.usedAt)));
    await tx.insert(otpCodes).values({
      userId: user.id,
      codeHash,
      expiresAt: new Date(nowMs() + OTP.ttlMinutes * 60_000),
    });
  });
  await deps.mailer.send({
    to: user.email,
    subject: 'Shala: your one-time code',
    text: [
      `Hello ${fullName(user)},`,
      '',
      `Your one-time code to reset the password of ${user.loginId} is: ${code}`,
      `It is valid for ${OTP.ttlMinutes} minutes and can be used once.`,
      '',
      'If you did not ask for it, ignore this message; your password stays as it is.',
      '',
      `आपका वन-टाइम कोड: ${code} (${OTP.ttlMinutes} मिनट तक मान्य)`,
    ].join('\n'),
    keepMs: OTP.ttlMinutes * 60_000,
  });
  return 'sent';
}

/**
 * The job of a forgotten password. Its data is the login id only: the code is made in the job and
 * never stored in clear (not in the queue's tables either).
 */
export const FORGOT_MAIL_JOB: JobSpec<{ loginId: string }> = {
  name: 'forgot-mail',
  atStart: false,
  policy: 'standard',
  pollingIntervalSeconds: 2,
  run: (deps, data) => sendForgotCode(deps, String(data.loginId ?? '')),
};

/**
 * Every branch (unknown id, no pending code, code used up, wrong code, right code) does the same
 * argon2 work: one verification of the code (against a dummy when there is none) and one hash
 * of the new password.
 */
export async function reset(deps: Deps, body: ResetBody): Promise<void> {
  const user = await findByLoginId(deps, body.loginId);
  const [code] = user
    ? await asPlatform(deps)
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, now())))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
    : [];
  // Count the try first, atomically, so parallel guesses cannot exceed the limit.
  const [counted] = code
    ? await asPlatform(deps)
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, code.id), isNull(otpCodes.usedAt), sql`${otpCodes.attempts} < ${OTP.maxAttempts}`))
        .returning({ attempts: otpCodes.attempts })
    : [];
  const [right, passwordHash] = await Promise.all([
    verifySecret(counted && code ? code.codeHash : await dummyHash(), body.otp),
    hashSecret(body.password),
  ]);
  if (!user || !code || !counted) throw new AppError('INVALID_OTP', BAD_OTP);
  if (!right) {
    if (counted.attempts >= OTP.maxAttempts) {
      await asPlatform(deps).update(otpCodes).set({ usedAt: now() }).where(eq(otpCodes.id, code.id));
    }
    throw new AppError('INVALID_OTP', BAD_OTP);
  }
  await inTenant(deps, PLATFORM, async (tx) => {
    const [used] = await tx
      .update(otpCodes)
      .set({ usedAt: now() })
      .where(and(eq(otpCodes.id, code.id), isNull(otpCodes.usedAt)))
      .returning({ id: otpCodes.id });
    if (!used) throw new AppError('INVALID_OTP', BAD_OTP);
    await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.id, user.id));
    await revokeSessions(tx, user.id);
  });
  onSessionsRevoked(deps, { userId: user.id });
}

export async function changePassword(deps: Deps, caller: Caller, body: ChangePasswordBody): Promise<void> {
  const [user] = await asPlatform(deps).select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
  if (!user || !(await verifySecret(user.hash, body.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'The current password is wrong.', { reason: 'wrong_password', field: 'currentPassword' });
  }
  await asPlatform(deps)
    .update(users)
    .set({ passwordHash: await hashSecret(body.newPassword), updatedAt: now() })
    .where(eq(users.id, caller.userId));
  await revokeSessions(asPlatform(deps), caller.userId, caller.sessionId);
  onSessionsRevoked(deps, { userId: caller.userId, exceptSessionId: caller.sessionId });
}
