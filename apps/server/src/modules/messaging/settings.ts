import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  ACCOUNT_SECRETS,
  DEFAULT_CHANNEL_RULES,
  PREFERENCE_KINDS,
  SMS_TEMPLATE_KEYS,
  type AccountChannel,
  type ChannelRule,
  type ChannelRulesInput,
  type MessagingSettings,
  type SmsAccountInput,
  type WhatsAppAccountInput,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { PLATFORM, type DbOrTx } from '../../db/client.js';
import { channelRules, messagingAccounts } from '../../db/schema.js';
import { AppError, notFound, secretsKeyMissing } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { asPlatform, inTenant, tenantDb } from '../../db/scope.js';
import { messagingPolicy } from '../../policy/messaging.js';
import { SecretUnreadable, secretHint } from '../../adapters/secrets.js';
import { now } from '../../clock.js';
import { publicBase } from '../../config.js';
import { openCredentials, saveAccount, sealCredentials, type SmsSettings, type WhatsAppSettings } from './accounts.js';
import { schoolRules } from './preferences.js';

/**
 * The messaging settings (issue 24): a school's (the principal's /messagingsettings: its own SMS and
 * WhatsApp accounts and its rules per kind) and the platform's (the owner's /platformmessaging: the
 * accounts a school without its own sends on). Secrets are write-only: the answer has their hints
 * only; a save that leaves one out keeps the stored one. An account is changed in place (its id,
 * and so the context its secrets are sealed under, and its report token stay: the webhook URL
 * given to MSG91 keeps working); the first save of a channel makes it with `saveAccount`.
 */

type Row = typeof messagingAccounts.$inferSelect;
/** Whose accounts: a school's (its id) or the platform's (null). */
type Owner = string | null;
const ownerScope = (owner: Owner) => owner ?? PLATFORM;
const ownedBy = (owner: Owner) => (owner ? eq(messagingAccounts.schoolId, owner) : isNull(messagingAccounts.schoolId));
type Secrets = Partial<Record<string, string>>;


/** Each secret's hint, or null for all when they cannot be opened (another SECRETS_KEY, or none). */
function hints<N extends string>(deps: Pick<Deps, 'messaging' | 'secretsKey'>, row: Row, names: readonly N[]): Record<N, string | null> {
  let credentials: Secrets = {};
  try {
    credentials = openCredentials(deps, row);
  } catch {
    // Unreadable: the screen asks for them again.
  }
  return Object.fromEntries(names.map((n) => [n, credentials[n] ? secretHint(credentials[n]) : null])) as Record<N, string | null>;
}

const ruleList = (rules: Record<string, Omit<ChannelRule, 'kind'>>): ChannelRule[] => PREFERENCE_KINDS.map((kind) => ({ kind, ...rules[kind]! }));
const order = (key: string) => SMS_TEMPLATE_KEYS.indexOf(key);

/** A school's settings as the caller may see them: one statement for the accounts (the school's and the platform's), one for the rules. */
export function getSettings(deps: Deps, caller: Caller): Promise<MessagingSettings> {
  return settingsOf(deps, caller, schoolOf(caller));
}

/** `GET /api/platform/messaging/settings`: the platform's accounts (`own`: the platform has it); the rules are the built-in defaults. */
export function getPlatformSettings(deps: Deps, caller: Caller): Promise<MessagingSettings> {
  return settingsOf(deps, caller, null);
}

async function settingsOf(deps: Deps, caller: Caller, owner: Owner): Promise<MessagingSettings> {
  const [rows, rules] = await Promise.all([
    // The platform's accounts (school_id null) are outside a school's scope: read both, the school named.
    asPlatform(deps)
      .select()
      .from(messagingAccounts)
      .where(owner ? or(ownedBy(owner), ownedBy(null)) : ownedBy(null)),
    owner ? schoolRules(tenantDb(deps, owner), owner) : DEFAULT_CHANNEL_RULES,
  ]);
  const own = (channel: AccountChannel) => rows.find((r) => r.channel === channel && r.schoolId === owner);
  const source = (channel: AccountChannel) => (own(channel) ? 'own' : rows.some((r) => r.channel === channel) ? 'platform' : 'none') as 'own' | 'platform' | 'none';
  const sms = own('sms');
  const whatsapp = own('whatsapp');
  const smsSettings = sms?.settings as (SmsSettings & { pricePaisePerPart?: number }) | undefined;
  const waSettings = whatsapp?.settings as (WhatsAppSettings & { pricePaise?: number }) | undefined;
  return {
    secretsKey: !!deps.secretsKey,
    sms: {
      source: source('sms'),
      account:
        sms && smsSettings
          ? {
              provider: 'msg91',
              entityId: smsSettings.entityId,
              header: smsSettings.header,
              templates: Object.entries(smsSettings.templates ?? {})
                .map(([kind, t]) => ({ kind, templateId: t.templateId, ...(t.providerTemplateId ? { providerTemplateId: t.providerTemplateId } : {}), text: t.text, params: t.params }))
                .sort((a, b) => order(a.kind) - order(b.kind)),
              pricePaisePerPart: smsSettings.pricePaisePerPart ?? null,
              secrets: hints(deps, sms, ACCOUNT_SECRETS.sms),
              // The report token is a secret: only the principal gets the URL that carries it.
              // Whole, from PUBLIC_URL: the address the provider's servers reach.
              webhookUrl: messagingPolicy.seesWebhookToken(caller) ? `${publicBase(deps.config)}/api/hooks/sms/${sms.provider}?token=${encodeURIComponent(sms.reportToken)}` : null,
              updatedAt: sms.updatedAt.toISOString(),
            }
          : null,
    },
    whatsapp: {
      source: source('whatsapp'),
      account:
        whatsapp && waSettings
          ? {
              provider: 'meta',
              phoneNumberId: waSettings.phoneNumberId,
              templates: Object.entries(waSettings.templates ?? {})
                .map(([kind, t]) => ({ kind, name: t.name, params: t.params }))
                .sort((a, b) => order(a.kind) - order(b.kind)),
              pricePaise: waSettings.pricePaise ?? null,
              secrets: hints(deps, whatsapp, ACCOUNT_SECRETS.whatsapp),
              webhookUrl: `${publicBase(deps.config)}/api/hooks/whatsapp`,
              updatedAt: whatsapp.updatedAt.toISOString(),
            }
          : null,
    },
    rules: ruleList(rules),
  };
}

/**
 * Stores the school's own account of a channel (or the platform's): changed in place when there is one (the secrets
 * given replace theirs, the others are kept: opened and sealed again under the same account), else
 * made with `saveAccount`, which needs every secret (400 `secret_required` naming the first missing).
 */
async function storeAccount(
  deps: Deps,
  caller: Caller,
  owner: Owner,
  channel: AccountChannel,
  provider: 'msg91' | 'meta',
  settings: Record<string, unknown>,
  given: Secrets,
): Promise<void> {
  if (!deps.secretsKey) throw secretsKeyMissing();
  const names = ACCOUNT_SECRETS[channel];
  const fresh = Object.fromEntries(names.filter((n) => given[n]).map((n) => [n, given[n]!]));
  const changed = await inTenant(deps, ownerScope(owner), async (tx) => {
    const [row] = await tx
      .select()
      .from(messagingAccounts)
      .where(and(ownedBy(owner), eq(messagingAccounts.channel, channel)))
      .for('update');
    if (!row) return false;
    let sealed = { secrets: row.secrets, secretHint: row.secretHint };
    if (Object.keys(fresh).length) {
      let stored: Secrets = {};
      if (Object.keys(fresh).length < names.length) {
        try {
          stored = openCredentials(deps, row);
        } catch (err) {
          if (!(err instanceof SecretUnreadable)) throw err;
          throw new AppError('CONFLICT', 'The stored secrets cannot be opened (SECRETS_KEY changed?): enter them all again.', { reason: 'secrets_unreadable' });
        }
      }
      sealed = sealCredentials(deps, row.id, { ...stored, ...fresh } as Record<string, string>);
    }
    await tx
      .update(messagingAccounts)
      .set({ provider, settings, ...sealed, updatedBy: caller.userId, updatedAt: now() })
      .where(and(eq(messagingAccounts.id, row.id), ownedBy(owner)));
    return true;
  });
  if (changed) return;
  const missing = names.find((n) => !fresh[n]);
  if (missing) throw new AppError('BAD_REQUEST', `A new account needs its ${missing}.`, { reason: 'secret_required', field: missing, params: { field: missing } });
  await saveAccount(deps, { schoolId: owner, channel, provider, settings: settings as unknown as SmsSettings, credentials: fresh, updatedBy: caller.userId });
}

/** `PUT /api/school/messaging/sms` (`/api/platform/messaging/sms`: `owner` null): the school's (the platform's) MSG91 account. */
export async function saveSmsAccount(deps: Deps, caller: Caller, input: SmsAccountInput, owner: Owner = schoolOf(caller)): Promise<MessagingSettings> {
  const settings: SmsSettings & { pricePaisePerPart?: number } = {
    entityId: input.entityId,
    header: input.header,
    templates: Object.fromEntries(input.templates.map(({ kind, ...t }) => [kind, t])),
    ...(input.pricePaisePerPart != null ? { pricePaisePerPart: input.pricePaisePerPart } : {}),
  };
  await storeAccount(deps, caller, owner, 'sms', 'msg91', settings as unknown as Record<string, unknown>, { authKey: input.authKey });
  return settingsOf(deps, caller, owner);
}

/** `PUT /api/school/messaging/whatsapp` (`/api/platform/messaging/whatsapp`: `owner` null): the WhatsApp Cloud account. */
export async function saveWhatsAppAccount(deps: Deps, caller: Caller, input: WhatsAppAccountInput, owner: Owner = schoolOf(caller)): Promise<MessagingSettings> {
  const settings: WhatsAppSettings & { pricePaise?: number } = {
    phoneNumberId: input.phoneNumberId,
    templates: Object.fromEntries(input.templates.map(({ kind, ...t }) => [kind, t])),
    ...(input.pricePaise != null ? { pricePaise: input.pricePaise } : {}),
  };
  const { accessToken, appSecret, verifyToken } = input;
  await storeAccount(deps, caller, owner, 'whatsapp', 'meta', settings as unknown as Record<string, unknown>, { accessToken, appSecret, verifyToken });
  return settingsOf(deps, caller, owner);
}

/**
 * `DELETE /api/school/messaging/:channel`: the school's own account goes (404 without one); the
 * platform's serves it from now on, if any. `/api/platform/messaging/:channel` (`owner` null): the
 * platform's goes; schools without their own send nothing on that channel from then on.
 */
export async function deleteAccount(deps: Deps, caller: Caller, channel: AccountChannel, owner: Owner = schoolOf(caller)): Promise<MessagingSettings> {
  const [gone] = await tenantDb(deps, ownerScope(owner))
    .delete(messagingAccounts)
    .where(and(ownedBy(owner), eq(messagingAccounts.channel, channel)))
    .returning({ id: messagingAccounts.id });
  if (!gone) throw notFound('Account');
  return settingsOf(deps, caller, owner);
}

/** `PUT /api/school/messaging/rules`: the rules of the kinds given (one upsert); every kind's rule back. */
export async function saveRules(deps: Deps, caller: Caller, input: ChannelRulesInput): Promise<ChannelRule[]> {
  const schoolId = schoolOf(caller);
  return inTenant(deps, schoolId, async (tx: DbOrTx) => {
    const at = now();
    await tx
      .insert(channelRules)
      .values(input.rules.map((r) => ({ schoolId, ...r, updatedAt: at })))
      .onConflictDoUpdate({
        target: [channelRules.schoolId, channelRules.kind],
        set: { sms: sql`excluded.sms`, whatsapp: sql`excluded.whatsapp`, email: sql`excluded.email`, urgent: sql`excluded.urgent`, updatedAt: at },
      });
    return ruleList(await schoolRules(tx, schoolId));
  });
}
