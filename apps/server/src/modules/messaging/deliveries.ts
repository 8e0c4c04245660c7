import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CHANNEL_RULES, DEFAULT_QUIET_HOURS, PREFERENCE_KINDS, notificationLanguageOf, notificationValues, type NotificationParams } from '@shala/contract';
import type { Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { asPlatform } from '../../policy/index.js';
import { DLT_VARIABLE_MAX, SendError, smsParts } from '../../messaging/index.js';
import { safeError } from '../../log.js';
import { now } from '../../clock.js';
import { accountFor, fillTemplate, type Account } from './accounts.js';

/**
 * Notifications carried to phones (issue 24). A notification made for a kind a person may have on
 * SMS or WhatsApp queues one delivery per channel in force, in the transaction that made it (one
 * INSERT … SELECT for any number of notifications): the person's choice, else the school's rule,
 * else the contract's default; a verified number; WhatsApp only with consent; nothing after STOP;
 * quiet hours move it to the morning unless the kind is urgent. The deliveries job sends them.
 *
 * Never twice: a delivery is unique per notification and channel, and a sender takes it by moving
 * it from `queued` to `sending` (FOR UPDATE SKIP LOCKED), so two nodes or a restart cannot both
 * send it. A node that dies between the provider's answer and its own update leaves it `sending`:
 * the sweep marks it failed (`interrupted`), never sends it again (the providers take no
 * idempotency key, and a parent must not get an absence twice).
 */

const KINDS = PREFERENCE_KINDS as readonly string[];

/** Ids as one uuid[] parameter (`= any(…)`): one value whatever their number. */
export const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The contract's default rules as an SQL VALUES list (kind, sms, whatsapp, urgent). */
const DEFAULTS = sql.raw(
  `(values ${PREFERENCE_KINDS.map((k) => `('${k}', ${DEFAULT_CHANNEL_RULES[k].sms}, ${DEFAULT_CHANNEL_RULES[k].whatsapp}, ${DEFAULT_CHANNEL_RULES[k].urgent})`).join(', ')}) as d(kind, sms, whatsapp, urgent)`,
);

/**
 * The deliveries due to each row of `source` (SQL rows of `school_id`, `user_id`, `kind`, `ref`: a
 * notification's id, or null for a preview), one per channel in force: with `channels` (a message
 * the school wrote) those channels unless the person turned them off, else the person's choice
 * over the school's rule over the default. Columns: school_id, ref, user_id, channel, address, not_before.
 */
function deliverable(source: SQL, at: string, channels?: readonly string[]): SQL {
  const enabled = channels
    ? sql`ch.channel = any(${`{${channels.join(',')}}`}::text[]) and coalesce(p.enabled, true)`
    : sql`coalesce(p.enabled, case ch.channel when 'sms' then coalesce(r.sms, d.sms) else coalesce(r.whatsapp, d.whatsapp) end)`;
  return sql`
    select n.school_id, n.ref, n.user_id, ch.channel, c.mobile as address,
      case when coalesce(r.urgent, d.urgent) or not q.quiet then ${at}::timestamptz
        else ((date_trunc('day', q.local) + make_interval(mins => q.qt) + case when q.minute >= q.qt then interval '1 day' else interval '0' end) at time zone s.time_zone)
      end as not_before
    from (${source}) n
    join schools s on s.id = n.school_id
    join message_contacts c on c.user_id = n.user_id and c.mobile is not null and c.mobile_verified_at is not null
    join ${DEFAULTS} on d.kind = n.kind
    cross join (values ('sms'), ('whatsapp')) as ch(channel)
    left join notification_preferences p on p.user_id = n.user_id and p.kind = n.kind and p.channel = ch.channel
    left join channel_rules r on r.school_id = n.school_id and r.kind = n.kind
    cross join lateral (
      select l.local, l.minute, l.qf, l.qt,
        case when l.qf < l.qt then l.minute >= l.qf and l.minute < l.qt else l.minute >= l.qf or l.minute < l.qt end as quiet
      from (select (${at}::timestamptz at time zone s.time_zone) as local,
        (extract(hour from ${at}::timestamptz at time zone s.time_zone) * 60 + extract(minute from ${at}::timestamptz at time zone s.time_zone))::int as minute,
        coalesce(c.quiet_from, ${DEFAULT_QUIET_HOURS.from})::int as qf, coalesce(c.quiet_to, ${DEFAULT_QUIET_HOURS.to})::int as qt) l
    ) q
    where ${enabled}
      and (ch.channel <> 'sms' or c.sms_stopped_at is null)
      and (ch.channel <> 'whatsapp' or (c.whatsapp_opt_in_at is not null and c.whatsapp_stopped_at is null))`;
}

/**
 * Queues the deliveries of these notifications (rows just inserted): one statement, none for kinds
 * that never leave the bell (chat). `message`: a message the school wrote, on its chosen channels.
 * Answers how many were queued.
 */
export async function queueDeliveries(
  db: DbOrTx,
  rows: ReadonlyArray<{ id: string; kind: string; schoolId: string | null }>,
  message?: { id: string; channels: readonly string[] },
): Promise<number> {
  const ids = rows.filter((r) => r.schoolId && KINDS.includes(r.kind)).map((r) => r.id);
  if (!ids.length || (message && !message.channels.length)) return 0;
  const source = sql`select school_id, user_id, kind, id as ref from notifications where id = any(${uuids(ids)})`;
  const at = now().toISOString();
  const result = await db.execute(sql`
    insert into deliveries (school_id, notification_id, user_id, channel, address, not_before, message_id, created_at, updated_at)
    select x.school_id, x.ref, x.user_id, x.channel, x.address, x.not_before, ${message?.id ?? null}::uuid, ${at}::timestamptz, ${at}::timestamptz
    from (${deliverable(source, at, message?.channels)}) x
    on conflict (notification_id, channel) do nothing
    returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** How many of these people (SQL rows of `school_id`, `user_id`) a message would reach on each of `channels`: one statement. */
export async function reachable(db: DbOrTx, people: SQL, channels: readonly string[]): Promise<Record<string, number>> {
  if (!channels.length) return {};
  const source = sql`select school_id, user_id, 'message' as kind, null::uuid as ref from (${people}) pp`;
  const result = await db.execute(sql`select x.channel, count(*)::int as n from (${deliverable(source, now().toISOString(), channels)}) x group by x.channel`);
  return Object.fromEntries((result as unknown as { rows: Array<{ channel: string; n: number }> }).rows.map((r) => [r.channel, Number(r.n)]));
}

/** Deliveries taken at once by one sender. */
const BATCH = 50;
/** Tries of a delivery the provider refused for now (rate limit, its server, the network). */
const MAX_ATTEMPTS = 5;
/** A delivery `sending` for this long belonged to a node that stopped: failed, not sent again. */
const INTERRUPTED_MS = 10 * 60_000;
/** Sends per second to a provider, per node (MSG91 and Meta allow more; a school's burst waits its turn). */
const RATE_PER_SECOND = 20;

interface Taken {
  id: string;
  school_id: string;
  channel: 'sms' | 'whatsapp';
  address: string;
  attempts: number;
  kind: string;
  params: NotificationParams;
  message: string;
  lang: string | null;
  school_name: string;
}

/** Takes queued deliveries that are due, marking them `sending` (one statement). */
async function take(db: DbOrTx, at: Date): Promise<Taken[]> {
  const result = await db.execute(sql`
    with due as (
      select id from deliveries where status = 'queued' and not_before <= ${at.toISOString()}::timestamptz
      order by not_before limit ${BATCH} for update skip locked
    ), taken as (
      update deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = ${at.toISOString()}::timestamptz
      from due where d.id = due.id
      returning d.id, d.school_id, d.channel, d.address, d.attempts, d.notification_id, d.user_id
    )
    select t.id, t.school_id, t.channel, t.address, t.attempts, n.kind, n.params, n.message, u.lang, s.name as school_name
    from taken t join notifications n on n.id = t.notification_id join users u on u.id = t.user_id join schools s on s.id = t.school_id`);
  return (result as unknown as { rows: Taken[] }).rows;
}

type Outcome =
  | { status: 'sent'; provider: string; providerMessageId: string; parts: number }
  | { status: 'failed' | 'skipped'; provider: string | null; reason: string; parts?: number }
  | { status: 'queued'; provider: string; reason: string; retryInMs: number };

/** The values a template's params take: the notification's, in the reader's language, and the school's name. */
function valuesOf(d: Taken, lang: 'en' | 'hi'): Record<string, string> {
  return { school: d.school_name, ...notificationValues(d.params, lang), ...(d.message ? { message: d.message } : {}) };
}

/**
 * A template's variables from the values, in order. A DLT variable holds at most 30 characters, so
 * a school's message text is spread over the template's `message` variables in turn (a school
 * registers a template with several); null when it does not fit.
 */
export function templateVariables(params: readonly string[], values: Record<string, string>): string[] | null {
  const slots = params.filter((p) => p === 'message').length;
  const chars = [...(values.message ?? '')];
  if (slots && chars.length > slots * DLT_VARIABLE_MAX) return null;
  let taken = 0;
  return params.map((p) => {
    if (p !== 'message') return values[p] ?? '';
    const piece = chars.slice(taken, taken + DLT_VARIABLE_MAX).join('');
    taken += DLT_VARIABLE_MAX;
    return piece;
  });
}

/** Sends one delivery on its account; what became of it. */
async function sendOne(deps: Pick<Deps, 'messaging'>, d: Taken, account: Account | null): Promise<Outcome> {
  if (!account) return { status: 'skipped', provider: null, reason: 'no_account' };
  const lang = notificationLanguageOf(d.lang);
  const values = valuesOf(d, lang);
  try {
    if (account.channel === 'sms') {
      // A Hindi reader gets the Hindi template where the school registered one.
      const template = account.settings.templates[`${d.kind}:${lang}`] ?? account.settings.templates[d.kind];
      if (!template) return { status: 'skipped', provider: account.provider, reason: 'no_template' };
      const variables = templateVariables(template.params, values);
      if (!variables) return { status: 'failed', provider: account.provider, reason: 'too_long' };
      const text = fillTemplate(template.text, variables);
      const parts = smsParts(text).parts;
      const sent = await deps.messaging.sms[account.provider].send(
        { to: d.address, entityId: account.settings.entityId, header: account.settings.header, templateId: template.templateId, providerTemplateId: template.providerTemplateId, text, variables },
        account.credentials,
      );
      return { status: 'sent', provider: account.provider, providerMessageId: sent.providerMessageId, parts };
    }
    const template = account.settings.templates[d.kind];
    if (!template) return { status: 'skipped', provider: account.provider, reason: 'no_template' };
    const sent = await deps.messaging.whatsapp.send(
      { to: d.address, template: template.name, language: lang, parameters: template.params.map((p) => values[p] ?? '') },
      { phoneNumberId: account.settings.phoneNumberId, accessToken: account.credentials.accessToken },
    );
    return { status: 'sent', provider: account.provider, providerMessageId: sent.providerMessageId, parts: 1 };
  } catch (err) {
    if (!(err instanceof SendError)) throw err;
    if (err.retryable && d.attempts < MAX_ATTEMPTS) {
      // Backoff: the provider's Retry-After, else 30 s doubling (30 s, 1, 2, 4 min).
      return { status: 'queued', provider: account.provider, reason: err.reason, retryInMs: err.retryAfterMs ?? 30_000 * 2 ** (d.attempts - 1) };
    }
    return { status: 'failed', provider: account.provider, reason: err.reason.slice(0, 300) };
  }
}

/** Records what became of a delivery (only one still `sending`: a report that came first is kept). */
async function settle(db: DbOrTx, id: string, outcome: Outcome, at: Date): Promise<void> {
  const iso = at.toISOString();
  if (outcome.status === 'sent') {
    await db.execute(sql`update deliveries set status = 'sent', provider = ${outcome.provider}, provider_message_id = ${outcome.providerMessageId}, parts = ${outcome.parts},
      sent_at = ${iso}::timestamptz, updated_at = ${iso}::timestamptz, reason = null where id = ${id} and status = 'sending'`);
  } else if (outcome.status === 'queued') {
    await db.execute(sql`update deliveries set status = 'queued', provider = ${outcome.provider}, reason = ${outcome.reason},
      not_before = ${new Date(at.getTime() + outcome.retryInMs).toISOString()}::timestamptz, updated_at = ${iso}::timestamptz where id = ${id} and status = 'sending'`);
  } else {
    await db.execute(sql`update deliveries set status = ${outcome.status}, provider = ${outcome.provider}, reason = ${outcome.reason},
      updated_at = ${iso}::timestamptz where id = ${id} and status = 'sending'`);
  }
}

/**
 * Sends what is due, batch after batch, until nothing is (the job's run). Answers how many
 * deliveries were settled, by status.
 */
export async function sendDue(deps: Pick<Deps, 'data' | 'messaging' | 'log'>): Promise<Record<string, number>> {
  const db = asPlatform(deps);
  const counts: Record<string, number> = {};
  const started = now();
  await db.execute(sql`update deliveries set status = 'failed', reason = 'interrupted', updated_at = ${started.toISOString()}::timestamptz
    where status = 'sending' and updated_at < ${new Date(started.getTime() - INTERRUPTED_MS).toISOString()}::timestamptz`);
  const accounts = new Map<string, Promise<Account | null>>();
  const accountOf = (schoolId: string, channel: 'sms' | 'whatsapp') => {
    const key = `${schoolId}|${channel}`;
    let found = accounts.get(key);
    if (!found) accounts.set(key, (found = accountFor(deps, schoolId, channel).catch((err: unknown) => {
      deps.log.warn({ err: safeError(err), channel }, 'messaging account unreadable');
      return null;
    })));
    return found;
  };
  for (;;) {
    const taken = await take(db, now());
    if (!taken.length) break;
    for (const d of taken) {
      const begun = Date.now();
      const outcome = await sendOne(deps, d, await accountOf(d.school_id, d.channel)).catch((err: unknown): Outcome => {
        deps.log.warn({ err: safeError(err), channel: d.channel }, 'delivery failed');
        return { status: 'failed', provider: null, reason: 'error' };
      });
      await settle(db, d.id, outcome, now());
      counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
      // Only a call to a provider counts against its rate (a delivery skipped made none).
      const wait = outcome.status === 'skipped' ? 0 : 1000 / RATE_PER_SECOND - (Date.now() - begun);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    if (taken.length < BATCH) break;
  }
  return counts;
}
