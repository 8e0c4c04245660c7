import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_CHANNEL_RULES,
  DEFAULT_QUIET_HOURS,
  PREFERENCE_KINDS,
  ROLE,
  WHATSAPP_CONSENT_VERSION,
  type MessageChannel,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type PreferenceKind,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { allOf, type DbOrTx } from '../../db/client.js';
import { channelRules, consentRecords, messageContacts, notificationPreferences, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { messagingPolicy } from '../../policy/messaging.js';
import { now } from '../../clock.js';

/**
 * A person's channels beyond the bell (issue 24): per kind and channel the person's choice, else
 * the school's rule (channel_rules), else the contract's default; the verified mobile number,
 * WhatsApp consent and quiet hours (message_contacts).
 */

type Rule = { sms: boolean; whatsapp: boolean; email: boolean; urgent: boolean };

/** The school's rules for every kind: its own rows over the contract's defaults. */
export async function schoolRules(db: DbOrTx, schoolId: string): Promise<Record<PreferenceKind, Rule>> {
  const rows = await db.select().from(channelRules).where(eq(channelRules.schoolId, schoolId));
  const rules = { ...DEFAULT_CHANNEL_RULES } as Record<PreferenceKind, Rule>;
  for (const r of rows) if (r.kind in rules) rules[r.kind as PreferenceKind] = { sms: r.sms, whatsapp: r.whatsapp, email: r.email, urgent: r.urgent };
  return rules;
}

/** What `GET /api/account/notification-preferences` answers: four statements at once. */
async function readPreferences(db: DbOrTx, schoolId: string, userId: string): Promise<NotificationPreferences> {
  const [[contact], [user], choices, rules] = await allOf(db, [
    () => db.select().from(messageContacts).where(eq(messageContacts.userId, userId)),
    () => db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    () => db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    () => schoolRules(db, schoolId),
  ]);
  const chosen = new Map(choices.map((c) => [`${c.kind}|${c.channel}`, c.enabled]));
  const state = (kind: PreferenceKind, channel: MessageChannel) => {
    const mine = chosen.get(`${kind}|${channel}`);
    return mine === undefined ? { enabled: rules[kind][channel], chosen: false } : { enabled: mine, chosen: true };
  };
  return {
    mobile: contact?.mobile ?? null,
    mobileVerified: !!contact?.mobileVerifiedAt,
    email: user?.email || null,
    whatsappOptIn: !!contact?.whatsappOptInAt && !contact.whatsappStoppedAt,
    whatsappConsentVersion: WHATSAPP_CONSENT_VERSION,
    quietHours: contact?.quietFrom != null && contact.quietTo != null ? { from: contact.quietFrom, to: contact.quietTo } : { ...DEFAULT_QUIET_HOURS },
    kinds: PREFERENCE_KINDS.map((kind) => ({
      kind,
      urgent: rules[kind].urgent,
      channels: { sms: state(kind, 'sms'), whatsapp: state(kind, 'whatsapp'), email: state(kind, 'email') },
    })),
  };
}

export function getPreferences(deps: Deps, caller: Caller): Promise<NotificationPreferences> {
  const schoolId = schoolOf(caller);
  return readPreferences(tenantDb(deps, schoolId), schoolId, caller.userId);
}

/** Who gave a consent, from where (consent_records keeps it as evidence). */
export interface Evidence {
  ip: string | null;
  userAgent: string | null;
}

/**
 * `PUT /api/account/notification-preferences`, in one transaction. WhatsApp consent needs a
 * verified mobile number (409 `mobile_not_verified`) and is a parent's: it is recorded for each of
 * the parent's children in consent_records (purpose `whatsapp`, with the text's version), as the
 * parent's other consents are; withdrawing it is recorded the same way. Quiet hours that start and
 * end at the same minute would be empty or the whole day: 400 `quiet_hours_empty` (issue 39).
 */
export async function savePreferences(deps: Deps, caller: Caller, input: NotificationPreferencesInput, evidence: Evidence): Promise<NotificationPreferences> {
  const schoolId = schoolOf(caller);
  if (input.quietHours && input.quietHours.from === input.quietHours.to) {
    throw new AppError('BAD_REQUEST', 'Quiet hours must start and end at different times.', { reason: 'quiet_hours_empty', field: 'quietHours.to' });
  }
  return inTenant(deps, schoolId, async (tx) => {
    const at = now();
    const set = (input.choices ?? []).filter((c) => c.enabled !== null);
    const cleared = (input.choices ?? []).filter((c) => c.enabled === null);
    if (set.length) {
      await tx
        .insert(notificationPreferences)
        .values(set.map((c) => ({ schoolId, userId: caller.userId, kind: c.kind, channel: c.channel, enabled: c.enabled!, updatedAt: at })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
          set: { enabled: sql`excluded.enabled`, updatedAt: at },
        });
    }
    if (cleared.length) {
      // Back to the school's rule: the choices named go, in one statement.
      const pairs = sql.join(cleared.map((c) => sql`(${c.kind}::text, ${c.channel}::text)`), sql`, `);
      await tx
        .delete(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, caller.userId), sql`(${notificationPreferences.kind}, ${notificationPreferences.channel}) in (${pairs})`));
    }
    if (input.quietHours !== undefined || input.whatsappOptIn !== undefined) {
      const [contact] = await tx.select().from(messageContacts).where(eq(messageContacts.userId, caller.userId)).for('update');
      const patch: Partial<typeof messageContacts.$inferInsert> = { updatedAt: at };
      if (input.quietHours !== undefined) {
        patch.quietFrom = input.quietHours?.from ?? null;
        patch.quietTo = input.quietHours?.to ?? null;
      }
      const optedIn = !!contact?.whatsappOptInAt && !contact.whatsappStoppedAt;
      if (input.whatsappOptIn !== undefined && input.whatsappOptIn !== optedIn) {
        if (!messagingPolicy.choosesWhatsApp(caller)) {
          throw new AppError('FORBIDDEN', 'WhatsApp messages are for parents: ask the school to reach you another way.', { reason: 'whatsapp_parents_only', field: 'whatsappOptIn' });
        }
        if (input.whatsappOptIn && !contact?.mobileVerifiedAt) {
          throw new AppError('CONFLICT', 'Verify your mobile number first: WhatsApp messages go to it.', { reason: 'mobile_not_verified', field: 'whatsappOptIn' });
        }
        patch.whatsappOptInAt = input.whatsappOptIn ? at : null;
        patch.whatsappStoppedAt = null;
        await recordWhatsAppConsent(tx, schoolId, caller.userId, input.whatsappOptIn, evidence);
      }
      await tx
        .insert(messageContacts)
        .values({ userId: caller.userId, schoolId, ...patch })
        .onConflictDoUpdate({ target: messageContacts.userId, set: patch });
    }
    return readPreferences(tx, schoolId, caller.userId);
  });
}

/** One consent_records row per child of the parent (INSERT … SELECT), with the text's version. */
async function recordWhatsAppConsent(tx: DbOrTx, schoolId: string, parentId: string, given: boolean, evidence: Evidence): Promise<void> {
  await tx.insert(consentRecords).select(
    tx
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        schoolId: users.schoolId,
        studentId: users.id,
        parentId: sql<string>`${parentId}::uuid`.as('parent_id'),
        action: sql<string>`${given ? 'given' : 'withdrawn'}::text`.as('action'),
        purpose: sql<string>`'whatsapp'::text`.as('purpose'),
        version: sql<string>`${WHATSAPP_CONSENT_VERSION}::text`.as('version'),
        processing: sql<boolean>`false`.as('processing'),
        photos: sql<boolean>`false`.as('photos'),
        notifications: sql<boolean>`${given}::boolean`.as('notifications'),
        ip: sql<string | null>`${evidence.ip?.slice(0, 64) ?? null}::text`.as('ip'),
        userAgent: sql<string | null>`${evidence.userAgent?.slice(0, 300) ?? null}::text`.as('user_agent'),
        createdAt: sql<Date>`${now().toISOString()}::timestamptz`.as('created_at'),
      })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), eq(users.parentUserId, parentId), eq(users.roleId, ROLE.STUDENT))),
  );
}
