import { and, count, eq, lt, or, sql } from 'drizzle-orm';
import { MOBILE_CODE_ATTEMPTS, MOBILE_CODE_TTL_MINUTES, MOBILE_CODES_PER_NUMBER_DAY, ROLE, type NotificationPreferences } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { messageContacts, mobileCodes, mobileCodeSends, schools } from '../../db/schema.js';
import { PLATFORM } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { newOtp, sha256 } from '../../auth/crypto.js';
import { SendError } from '../../adapters/messaging.js';
import { now } from '../../clock.js';
import { accountFor, fillTemplate } from './accounts.js';
import { getPreferences } from './preferences.js';
import { localDate } from '../calendar/index.js';
import { afterCommit, notifyRoles } from '../notifications/service.js';

/** A new code may be asked for this long after the last one (a number is not flooded). */
const RESEND_AFTER_MS = 60_000;

/** A code is stored hashed with its person: a code read from one row is no use for another. */
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/**
 * `POST /api/account/mobile`: a six-digit code by SMS (the school's account, else the platform's,
 * its `otp` template) to the number given; one pending code per person, a new one at most once a
 * minute (429 `code_too_soon`). No SMS account: 409 `sms_not_configured`.
 *
 * Each code is an SMS someone pays for, so (issue 39: SMS pumping) a number gets at most
 * MOBILE_CODES_PER_NUMBER_DAY codes a day across every account and school (429
 * `mobile_code_number_limit`), and a school at most MOBILE_CODES_PER_SCHOOL_DAY (429
 * `mobile_code_school_limit`; its principal is told when the cap is reached), by the school's day;
 * the route also has the auth rate limit and the client address's limit (app.ts). The counts are
 * taken and the send recorded in one transaction that holds the school's and the number's locks,
 * so requests at once count one after another; a refused request sends nothing.
 */
export async function sendMobileCode(deps: Deps, caller: Caller, mobile: string): Promise<{ mobile: string; expiresAt: string }> {
  const schoolId = schoolOf(caller);
  const account = await accountFor(deps, schoolId, 'sms');
  const template = account?.settings.templates.otp;
  if (!account || !template) {
    throw new AppError('CONFLICT', 'The school cannot send SMS yet: ask it to set up its SMS account.', { reason: 'sms_not_configured' });
  }
  const at = now();
  const code = newOtp(6);
  const expiresAt = new Date(at.getTime() + MOBILE_CODE_TTL_MINUTES * 60_000);
  const cap = deps.config.MOBILE_CODES_PER_SCHOOL_DAY;
  const later = afterCommit(deps);
  // The cross-school path: a number's codes are counted across every school.
  await inTenant(deps, PLATFORM, async (tx) => {
    const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
    const day = localDate(school?.timeZone ?? 'Asia/Kolkata', at);
    // The school's lock, then the number's: every request takes them in this order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mobile-code:school:${schoolId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mobile-code:number:${mobile}`}))`);
    const [counts] = await tx
      .select({
        school: sql<number>`count(*) filter (where ${mobileCodeSends.schoolId} = ${schoolId}::uuid)`.mapWith(Number),
        number: sql<number>`count(*) filter (where ${mobileCodeSends.mobile} = ${mobile})`.mapWith(Number),
      })
      .from(mobileCodeSends)
      .where(and(eq(mobileCodeSends.day, day), or(eq(mobileCodeSends.schoolId, schoolId), eq(mobileCodeSends.mobile, mobile))));
    if ((counts?.number ?? 0) >= MOBILE_CODES_PER_NUMBER_DAY) {
      throw new AppError('RATE_LIMITED', 'This number has had its codes for today. Try again tomorrow.', { reason: 'mobile_code_number_limit', field: 'mobile', params: { max: MOBILE_CODES_PER_NUMBER_DAY } });
    }
    if ((counts?.school ?? 0) >= cap) {
      throw new AppError('RATE_LIMITED', 'The school has sent all the codes it may send today. Try again tomorrow.', { reason: 'mobile_code_school_limit', params: { max: cap } });
    }
    const [stored] = await tx
      .insert(mobileCodes)
      .values({ userId: caller.userId, schoolId, mobile, codeHash: codeHash(caller.userId, code), expiresAt, createdAt: at })
      .onConflictDoUpdate({
        target: mobileCodes.userId,
        set: { mobile, codeHash: codeHash(caller.userId, code), expiresAt, attempts: 0, createdAt: at },
        // The last code stands while it is younger than a minute.
        setWhere: sql`${mobileCodes.createdAt} <= ${new Date(at.getTime() - RESEND_AFTER_MS).toISOString()}::timestamptz`,
      })
      .returning({ userId: mobileCodes.userId });
    if (!stored) throw new AppError('RATE_LIMITED', 'A code was sent a moment ago: wait a minute before asking again.', { reason: 'code_too_soon' });
    await tx.insert(mobileCodeSends).values({ schoolId, userId: caller.userId, mobile, day, createdAt: at });
    // Only today counts: the school's earlier days go (no number is kept longer than it is needed).
    await tx.delete(mobileCodeSends).where(and(eq(mobileCodeSends.schoolId, schoolId), lt(mobileCodeSends.day, day)));
    // The send that reaches the cap tells the principal, once a day.
    if ((counts?.school ?? 0) + 1 === cap) {
      await notifyRoles(later.via, tx, { schoolId, roles: [ROLE.PRINCIPAL], senderId: null, senderName: 'Shala', kind: 'messaging_limit', link: '/messages/usage', params: { max: cap } });
    }
  });
  later.flush();
  const variables = template.params.map((p) => (p === 'code' ? code : p === 'minutes' ? String(MOBILE_CODE_TTL_MINUTES) : ''));
  try {
    await deps.messaging.sms[account.provider].send(
      { to: mobile, entityId: account.settings.entityId, header: account.settings.header, templateId: template.templateId, providerTemplateId: template.providerTemplateId, text: fillTemplate(template.text, variables), variables },
      account.credentials,
    );
  } catch (err) {
    if (err instanceof SendError && err.kind === 'invalid_number') {
      throw new AppError('BAD_REQUEST', 'This number cannot receive SMS.', { reason: 'mobile_unreachable', field: 'mobile' });
    }
    deps.log.warn({ provider: account.provider, kind: err instanceof SendError ? err.kind : 'unknown' }, 'mobile code not sent');
    throw new AppError('UNAVAILABLE', 'The code could not be sent just now. Try again in a minute.', { reason: 'sms_failed' });
  }
  return { mobile, expiresAt: expiresAt.toISOString() };
}

/** The codes a school sent today (its day) to verify mobile numbers: what its daily cap counts. */
export async function mobileCodesToday(deps: Pick<Deps, 'data'>, schoolId: string): Promise<number> {
  const db = tenantDb(deps, schoolId);
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  const [row] = await db
    .select({ n: count() })
    .from(mobileCodeSends)
    .where(and(eq(mobileCodeSends.schoolId, schoolId), eq(mobileCodeSends.day, localDate(school?.timeZone ?? 'Asia/Kolkata', now()))));
  return Number(row?.n ?? 0);
}

/**
 * `POST /api/account/mobile/verify`: the code matches (5 wrong tries or 10 minutes end it): the
 * number is the caller's, verified; a new number ends an earlier WhatsApp consent and STOP.
 */
export async function verifyMobileCode(deps: Deps, caller: Caller, code: string): Promise<NotificationPreferences> {
  const schoolId = schoolOf(caller);
  const outcome = await inTenant(deps, schoolId, async (tx) => {
    const [pending] = await tx.select().from(mobileCodes).where(eq(mobileCodes.userId, caller.userId)).for('update');
    const at = now();
    if (!pending || pending.expiresAt <= at || pending.attempts >= MOBILE_CODE_ATTEMPTS) return 'expired' as const;
    if (pending.codeHash !== codeHash(caller.userId, code)) {
      await tx.update(mobileCodes).set({ attempts: pending.attempts + 1 }).where(eq(mobileCodes.userId, caller.userId));
      return 'wrong' as const;
    }
    await tx.delete(mobileCodes).where(eq(mobileCodes.userId, caller.userId));
    const [contact] = await tx.select().from(messageContacts).where(eq(messageContacts.userId, caller.userId)).for('update');
    const same = contact?.mobile === pending.mobile;
    const patch = {
      mobile: pending.mobile,
      mobileVerifiedAt: at,
      updatedAt: at,
      ...(same ? {} : { whatsappOptInAt: null, smsStoppedAt: null, whatsappStoppedAt: null }),
    };
    await tx
      .insert(messageContacts)
      .values({ userId: caller.userId, schoolId, ...patch })
      .onConflictDoUpdate({ target: messageContacts.userId, set: patch });
    return 'verified' as const;
  });
  if (outcome === 'expired') throw new AppError('BAD_REQUEST', 'This code has expired. Ask for a new one.', { reason: 'code_expired', field: 'code' });
  if (outcome === 'wrong') throw new AppError('BAD_REQUEST', 'This code is not right.', { reason: 'code_wrong', field: 'code' });
  return getPreferences(deps, caller);
}
