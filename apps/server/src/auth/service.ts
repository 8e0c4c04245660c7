import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { OTP, isRole, type ChangePasswordBody, type ResetBody, type SigninBody, type SigninResult } from '@shala/contract';
import type { AppJob, Caller, Deps } from '../context.js';
import { authSessions, otpCodes, schools, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { PLATFORM } from '../db/client.js';
import { asPlatform, inTenant } from '../db/scope.js';
import { fullName } from '../modules/users/service.js';
import { onSessionsRevoked, openSession, revokeSessions } from './sessions.js';
import { dummyHash, hashSecret, isLightHash, newOtp, verifySecret } from './crypto.js';
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

export async function signout(deps: Deps, caller: Caller): Promise<void> {
  await asPlatform(deps).update(authSessions).set({ revokedAt: now() }).where(eq(authSessions.id, caller.sessionId));
  onSessionsRevoked(deps, { sessionId: caller.sessionId });
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
export const FORGOT_MAIL_JOB: AppJob<{ loginId: string }> = {
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
