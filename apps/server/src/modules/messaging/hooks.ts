import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../context.js';
import { messageContacts } from '../../db/schema.js';
import { asPlatform } from '../../db/scope.js';
import { trusted, webhookUntrusted } from '../../http/webhook.js';
import { parseWhatsAppWebhook, verifyWhatsAppSubscription, whatsAppPhoneNumberIdOf, type RawWebhookRequest } from '../../adapters/messaging.js';
import { SecretsKeyMissing, SecretUnreadable } from '../../adapters/secrets.js';
import { now } from '../../clock.js';
import { accountByReportToken, whatsAppAccountOf, whatsAppAccounts } from './accounts.js';
import { rowsOf } from '../../db/rows.js';

/**
 * The providers' webhooks (issue 24): public routes that trust nothing but the provider's proof (any
 * other call answers 400 `webhook_untrusted`)
 * (MSG91: the account's report token; Meta: the signature of the raw body with the account's app
 * secret). A report changes only a delivery of the account's own school (the platform's account:
 * of schools that send on it), and only forward (sent → delivered → read; failed ends it), so a
 * replayed or late report changes nothing.
 */

/** How far a status has come: a report moves a delivery only to a later one. */
const RANK: Record<string, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, failed: 3, read: 4 };
const RANK_SQL = sql.raw(`case d.status ${Object.entries(RANK).map(([s, r]) => `when '${s}' then ${r}`).join(' ')} else 9 end`);

/** Moves deliveries forward by the provider's reports: one statement for the whole call. */
async function applyReports(
  deps: Pick<Deps, 'data'>,
  account: { provider: string; schoolId: string | null },
  reports: ReadonlyArray<{ providerMessageId: string; status: string; reason?: string }>,
): Promise<number> {
  if (!reports.length) return 0;
  const json = JSON.stringify(reports.map((r) => ({ id: r.providerMessageId, status: r.status, reason: r.reason ?? null, rank: RANK[r.status] ?? 0 })));
  const result = await asPlatform(deps).execute(sql`
    update deliveries d set status = r.status, reason = coalesce(r.reason, d.reason), updated_at = ${now().toISOString()}::timestamptz
    from json_to_recordset(${json}::json) as r(id text, status text, reason text, rank int)
    where d.provider = ${account.provider} and d.provider_message_id = r.id and r.rank > ${RANK_SQL}
      ${account.schoolId ? sql`and d.school_id = ${account.schoolId}::uuid` : sql``}
    returning d.id`);
  return rowsOf<unknown>(result).length;
}

/** `POST /api/hooks/sms/:provider`: a delivery report, found by its token, then checked by it. */
export async function smsReport(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey'>, provider: 'msg91', req: RawWebhookRequest): Promise<number> {
  const adapter = deps.messaging.sms[provider];
  const token = adapter.reportToken(req);
  const account = token ? await accountByReportToken(deps, token) : null;
  if (!account || account.channel !== 'sms' || account.provider !== provider) throw webhookUntrusted('Not a report of a known account.');
  return applyReports(deps, account, trusted(() => adapter.parseDeliveryReport(req, account.reportToken)));
}

/** `GET /api/hooks/whatsapp`: Meta checks the webhook with a verify token of one of the accounts. */
export async function whatsAppVerify(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey'>, query: Record<string, unknown>): Promise<string> {
  for (const account of await whatsAppAccounts(deps)) {
    try {
      return verifyWhatsAppSubscription({ query: query as RawWebhookRequest['query'] }, account.credentials.verifyToken);
    } catch {
      // Not this account's token: try the next.
    }
  }
  throw webhookUntrusted('Not a verification of this webhook.');
}

/**
 * `POST /api/hooks/whatsapp`: statuses and replies, trusted once the signature matches the app
 * secret of the account of the phone number the body names (`metadata.phone_number_id`): one
 * account is opened and one HMAC computed a request, however many schools have their own number
 * (issue 39); only events of that account's phone number count. A reply "STOP" stops WhatsApp to
 * that number (of the account's school, or of every school on the platform's number).
 */
export async function whatsAppEvents(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey' | 'log'>, req: RawWebhookRequest): Promise<{ statuses: number; stops: number }> {
  const phoneNumberId = whatsAppPhoneNumberIdOf(req);
  const account = phoneNumberId
    ? await whatsAppAccountOf(deps, phoneNumberId).catch((err: unknown) => {
        // Secrets that no longer open (SECRETS_KEY changed): nothing can be checked; the school enters them again.
        if (!(err instanceof SecretUnreadable || err instanceof SecretsKeyMissing)) throw err;
        deps.log.warn({ phoneNumberId }, 'whatsapp account unreadable');
        return null;
      })
    : null;
  if (!account) throw webhookUntrusted('Not an event of a known WhatsApp number.');
  const events = trusted(() => parseWhatsAppWebhook(req, account.credentials.appSecret));
  const mine = (id: string) => id === account.settings.phoneNumberId;
  const statuses = await applyReports(deps, account, events.statuses.filter((s) => mine(s.phoneNumberId)));
  let stops = 0;
  for (const inbound of events.inbound.filter((m) => mine(m.phoneNumberId) && /^\s*stop\s*$/i.test(m.text))) {
    const stopped = await asPlatform(deps)
      .update(messageContacts)
      .set({ whatsappStoppedAt: now(), updatedAt: now() })
      .where(and(eq(messageContacts.mobile, inbound.from), isNull(messageContacts.whatsappStoppedAt), account.schoolId ? eq(messageContacts.schoolId, account.schoolId) : undefined))
      .returning({ userId: messageContacts.userId });
    stops += stopped.length;
  }
  return { statuses, stops };
}
