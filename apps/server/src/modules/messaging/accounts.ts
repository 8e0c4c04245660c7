import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { messagingAccounts } from '../../db/schema.js';
import { asPlatform } from '../../db/scope.js';
import { newReportToken, type Msg91Credentials, type WhatsAppCredentials } from '../../adapters/messaging.js';
import { openSecret, sealSecret, secretHint, SecretUnreadable } from '../../adapters/secrets.js';

/**
 * A school's account with a provider, or the platform's for a school without one (issue 24). What
 * is not secret sits in `settings`; the credentials are sealed with SECRETS_KEY under the account's
 * own context (a sealed value copied to another row does not open) and never leave the server.
 */

/** A registered template: its DLT (or WhatsApp) id, its text with `{#var#}` for each variable, and the notification params that fill them, in order. */
export interface SmsTemplate {
  templateId: string;
  providerTemplateId?: string;
  text: string;
  params: string[];
}

/** The settings of an SMS account: the DLT entity and header, and a template per kind (`<kind>` in English, `<kind>:hi` in Hindi; `otp` for the mobile code). */
export interface SmsSettings {
  entityId: string;
  header: string;
  templates: Record<string, SmsTemplate>;
}

/** The settings of a WhatsApp account: the phone number's id and an approved template per kind (name, and the params of its body, in order). */
export interface WhatsAppSettings {
  phoneNumberId: string;
  templates: Record<string, { name: string; params: string[] }>;
}

export type Account =
  | { id: string; schoolId: string | null; channel: 'sms'; provider: 'msg91'; settings: SmsSettings; credentials: Msg91Credentials; reportToken: string }
  | { id: string; schoolId: string | null; channel: 'whatsapp'; provider: 'meta'; settings: WhatsAppSettings; credentials: WhatsAppCredentials & { appSecret: string; verifyToken: string }; reportToken: string };

const contextOf = (accountId: string) => `messaging:${accountId}`;

type Row = typeof messagingAccounts.$inferSelect;

/** A stored account's credentials, opened (throws SecretsKeyMissing, SecretUnreadable). */
export function openCredentials(deps: Pick<Deps, 'messaging' | 'secretsKey'>, row: Pick<Row, 'id' | 'secrets'>): Record<string, string> {
  return JSON.parse(openSecret(row.secrets, deps.secretsKey, contextOf(row.id))) as Record<string, string>;
}

/** Credentials sealed for the account `id` (its own context), and their hint. Throws SecretsKeyMissing. */
export function sealCredentials(deps: Pick<Deps, 'messaging' | 'secretsKey'>, id: string, credentials: Record<string, string>): { secrets: string; secretHint: string } {
  return { secrets: sealSecret(JSON.stringify(credentials), deps.secretsKey, contextOf(id)), secretHint: secretHint(Object.values(credentials).join('')) };
}

function open(deps: Pick<Deps, 'messaging' | 'secretsKey'>, row: Row): Account {
  const credentials = openCredentials(deps, row) as never;
  return { id: row.id, schoolId: row.schoolId, channel: row.channel, provider: row.provider, settings: row.settings, credentials, reportToken: row.reportToken } as unknown as Account;
}

/** The account a school sends on for a channel: its own, else the platform's; null when neither exists. */
export async function accountFor<C extends Account['channel']>(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey'>, schoolId: string, channel: C): Promise<Extract<Account, { channel: C }> | null> {
  const [row] = await asPlatform(deps)
    .select()
    .from(messagingAccounts)
    .where(and(eq(messagingAccounts.channel, channel), or(eq(messagingAccounts.schoolId, schoolId), isNull(messagingAccounts.schoolId))))
    .orderBy(sql`${messagingAccounts.schoolId} nulls last`)
    .limit(1);
  return row ? (open(deps, row) as Extract<Account, { channel: C }>) : null;
}

/** The account whose delivery reports carry this token (the provider's webhook), or null. */
export async function accountByReportToken(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey'>, token: string): Promise<Account | null> {
  const [row] = await asPlatform(deps).select().from(messagingAccounts).where(eq(messagingAccounts.reportToken, token));
  return row ? open(deps, row) : null;
}

/**
 * The WhatsApp account of a phone number id (the one whose app secret checks a webhook about that
 * number), or null; only that account's secrets are opened. A school's own account comes before
 * the platform's.
 */
export async function whatsAppAccountOf(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey'>, phoneNumberId: string): Promise<Extract<Account, { channel: 'whatsapp' }> | null> {
  const [row] = await asPlatform(deps)
    .select()
    .from(messagingAccounts)
    .where(and(eq(messagingAccounts.channel, 'whatsapp'), sql`${messagingAccounts.settings}->>'phoneNumberId' = ${phoneNumberId}`))
    .orderBy(sql`${messagingAccounts.schoolId} nulls last`)
    .limit(1);
  return row ? (open(deps, row) as Extract<Account, { channel: 'whatsapp' }>) : null;
}

/**
 * Every WhatsApp account whose secrets open (their verify tokens check Meta's subscription call, a
 * rare GET; few: one per school that has its own number). One whose secrets no longer open is left
 * out: it cannot answer, and the others still do.
 */
export async function whatsAppAccounts(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey'>): Promise<Array<Extract<Account, { channel: 'whatsapp' }>>> {
  const rows = await asPlatform(deps).select().from(messagingAccounts).where(eq(messagingAccounts.channel, 'whatsapp'));
  return rows.flatMap((r) => {
    try {
      return [open(deps, r) as Extract<Account, { channel: 'whatsapp' }>];
    } catch (err) {
      if (err instanceof SecretUnreadable) return [];
      throw err;
    }
  });
}

/**
 * Stores a school's (or, `schoolId` null, the platform's) account for a channel, replacing the one
 * there: the credentials sealed, a new report token. Throws SecretsKeyMissing without SECRETS_KEY.
 */
export async function saveAccount(
  deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey'>,
  input: { schoolId: string | null; channel: Account['channel']; provider: Account['provider']; settings: SmsSettings | WhatsAppSettings; credentials: Record<string, string>; updatedBy: string | null },
): Promise<{ id: string; reportToken: string; secretHint: string }> {
  const db = asPlatform(deps);
  const id = crypto.randomUUID();
  const { secrets, secretHint: hint } = sealCredentials(deps, id, input.credentials);
  const reportToken = newReportToken();
  await db
    .delete(messagingAccounts)
    .where(and(eq(messagingAccounts.channel, input.channel), input.schoolId ? eq(messagingAccounts.schoolId, input.schoolId) : isNull(messagingAccounts.schoolId)));
  await db.insert(messagingAccounts).values({
    id,
    schoolId: input.schoolId,
    channel: input.channel,
    provider: input.provider,
    settings: input.settings as unknown as Record<string, unknown>,
    secrets,
    secretHint: hint,
    reportToken,
    updatedBy: input.updatedBy,
  });
  return { id, reportToken, secretHint: hint };
}

/** A registered template's text with its variables filled in order (`{#var#}`), as the parent reads it. */
export function fillTemplate(text: string, variables: readonly string[]): string {
  let i = 0;
  return text.replace(/\{#var#\}/g, () => variables[i++] ?? '');
}
