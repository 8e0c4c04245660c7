import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CHANNEL_RULES, DEFAULT_QUIET_HOURS, PREFERENCE_KINDS, notificationLanguageOf, notificationValues, type Notification, type NotificationParams } from '@shala/contract';
import type { Deps } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { asPlatform } from '../../db/scope.js';
import { DLT_VARIABLE_MAX, SendError, smsParts } from '../../adapters/messaging.js';
import { safeError } from '../../log.js';
import { now } from '../../clock.js';
import { payloadOf, type PushTarget } from '../../adapters/push/index.js';
import { renderNotification } from '../notifications/service.js';
import { accountFor, fillTemplate, type Account } from './accounts.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Notifications carried beyond the bell (issue 24). A notification queues one delivery per channel
 * in force, in the transaction that made it (one INSERT … SELECT for any number of notifications):
 * - Web Push (`push`) to anyone with a subscribed browser, any kind (chat too);
 * - SMS, WhatsApp and mail for the kinds a person may choose channels for: the person's choice,
 *   else the school's rule, else the contract's default; a verified number; WhatsApp only with
 *   consent; nothing after STOP; quiet hours move SMS and WhatsApp to the morning unless the kind
 *   is urgent (mail waits in the inbox: never held).
 * Two lanes send them: the phone lane (SMS, WhatsApp: the providers' rate, by the deliveries job on
 * any node) and the instant lane (push, mail: sent at once by the node that made them, and by its
 * job after a restart).
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

/** The contract's default rules as an SQL VALUES list (kind, sms, whatsapp, email, urgent). */
const DEFAULTS = sql.raw(
  `(values ${PREFERENCE_KINDS.map((k) => { const d = DEFAULT_CHANNEL_RULES[k]; return `('${k}', ${d.sms}, ${d.whatsapp}, ${d.email}, ${d.urgent})`; }).join(', ')}) as d(kind, sms, whatsapp, email, urgent)`,
);

/** The channels of each lane: the phone lane keeps the providers' rate; the instant lane sends at once. */
export const LANES = { phone: ['sms', 'whatsapp'], instant: ['push', 'email'] } as const;
export type Lane = keyof typeof LANES;
/** How many deliveries a statement queued, per lane (a lane with none needs no sender). */
export type Queued = Record<Lane, number>;

/**
 * The deliveries due to each row of `source` (SQL rows of `school_id`, `user_id`, `kind`, `ref`: a
 * notification's id, or null for a preview), one per channel in force (SMS, WhatsApp, mail): with
 * `channels` (a message the school wrote) those channels unless the person turned them off, else
 * the person's choice over the school's rule over the default. Columns: school_id, ref, user_id,
 * channel, address, not_before.
 */
function deliverable(source: SQL, at: string, channels?: readonly string[]): SQL {
  const enabled = channels
    ? sql`ch.channel = any(${`{${channels.join(',')}}`}::text[]) and coalesce(p.enabled, true)`
    : sql`coalesce(p.enabled, case ch.channel when 'sms' then coalesce(r.sms, d.sms) when 'whatsapp' then coalesce(r.whatsapp, d.whatsapp) else coalesce(r.email, d.email) end)`;
  return sql`
    select n.school_id, n.ref, n.user_id, ch.channel, case ch.channel when 'email' then u.email else c.mobile end as address,
      case when ch.channel = 'email' or coalesce(r.urgent, d.urgent) or not q.quiet then ${at}::timestamptz
        else ((date_trunc('day', q.local) + make_interval(mins => q.qt) + case when q.minute >= q.qt then interval '1 day' else interval '0' end) at time zone s.time_zone)
      end as not_before
    from (${source}) n
    join schools s on s.id = n.school_id
    join users u on u.id = n.user_id
    left join message_contacts c on c.user_id = n.user_id
    join ${DEFAULTS} on d.kind = n.kind
    cross join (values ('sms'), ('whatsapp'), ('email')) as ch(channel)
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
      and case ch.channel
        when 'email' then u.email is not null and u.email <> ''
        when 'sms' then c.mobile_verified_at is not null and c.sms_stopped_at is null
        else c.mobile_verified_at is not null and c.whatsapp_opt_in_at is not null and c.whatsapp_stopped_at is null
      end`;
}

/**
 * Queues the deliveries of these notifications (rows just inserted), in one statement: a push to
 * each recipient with a subscribed browser (when `push` is on), and the channels in force for the
 * kinds a person may choose (none for chat). `message`: a message the school wrote, on its chosen
 * channels. Answers how many were queued on each lane.
 */
export async function queueDeliveries(
  db: DbOrTx,
  rows: ReadonlyArray<{ id: string; kind: string; schoolId: string | null }>,
  message?: { id: string; channels: readonly string[] },
  opts: { push: boolean } = { push: false },
): Promise<Queued> {
  const ids = rows.filter((r) => r.schoolId && KINDS.includes(r.kind)).map((r) => r.id);
  const pushIds = opts.push ? rows.map((r) => r.id) : [];
  const chosen = ids.length > 0 && (!message || message.channels.length > 0);
  if (!chosen && !pushIds.length) return { phone: 0, instant: 0 };
  const at = now().toISOString();
  const parts: SQL[] = [];
  if (chosen) {
    const source = sql`select school_id, user_id, kind, id as ref from notifications where id = any(${uuids(ids)})`;
    parts.push(sql`select x.school_id, x.ref, x.user_id, x.channel, x.address, x.not_before, ${message?.id ?? null}::uuid
      from (${deliverable(source, at, message?.channels)}) x`);
  }
  if (pushIds.length) {
    // A push is the bell's echo, not one of a message's chosen channels: not in its report.
    parts.push(sql`select n.school_id, n.id, n.user_id, 'push', null::text, ${at}::timestamptz, null::uuid from notifications n
      where n.id = any(${uuids(pushIds)}) and exists (select 1 from push_subscriptions ps where ps.user_id = n.user_id)`);
  }
  const result = await db.execute(sql`
    insert into deliveries (school_id, notification_id, user_id, channel, address, not_before, message_id, created_at, updated_at)
    select y.*, ${at}::timestamptz, ${at}::timestamptz
    from (${sql.join(parts, sql` union all `)}) y
    on conflict (notification_id, channel) do nothing
    returning channel`);
  const queued: Queued = { phone: 0, instant: 0 };
  for (const r of rowsOf<{ channel: string }>(result)) queued[(LANES.phone as readonly string[]).includes(r.channel) ? 'phone' : 'instant']++;
  return queued;
}

/** How many of these people (SQL rows of `school_id`, `user_id`) a message would reach on each of `channels`: one statement. */
export async function reachable(db: DbOrTx, people: SQL, channels: readonly string[]): Promise<Record<string, number>> {
  if (!channels.length) return {};
  const source = sql`select school_id, user_id, 'message' as kind, null::uuid as ref from (${people}) pp`;
  const result = await db.execute(sql`select x.channel, count(*)::int as n from (${deliverable(source, now().toISOString(), channels)}) x group by x.channel`);
  return Object.fromEntries(rowsOf<{ channel: string; n: number }>(result).map((r) => [r.channel, Number(r.n)]));
}

/** Deliveries taken at once by one sender. */
const BATCH = 50;
/** Tries of a delivery the provider refused for now (rate limit, its server, the network). */
const MAX_ATTEMPTS = 5;
/** A delivery `sending` for this long belonged to a node that stopped: failed, not sent again. */
const INTERRUPTED_MS = 10 * 60_000;
/**
 * A push settled this long ago is forgotten (a push is the bell's echo: nothing reads it after it
 * went, and every notification of a subscribed browser makes one), a bounded number per run.
 */
const PUSH_KEPT_MS = 7 * 24 * 3600_000;
const PUSH_FORGOTTEN_PER_RUN = 5000;

interface Taken {
  id: string;
  school_id: string | null;
  channel: 'sms' | 'whatsapp' | 'push' | 'email';
  address: string | null;
  attempts: number;
  kind: string;
  params: NotificationParams;
  message: string;
  lang: string | null;
  school_name: string | null;
  /** The instant lane's: the notification as the bell has it, the reader's role, a push's subscriptions, a message's title. */
  notification_id: string;
  sender_id: string | null;
  sender_name: string;
  link: string | null;
  created_at: string | Date;
  role_id: number;
  subs: PushTarget[] | null;
  title: string | null;
}

/** Takes queued deliveries of a lane that are due, marking them `sending` (one statement). */
async function take(db: DbOrTx, at: Date, lane: Lane): Promise<Taken[]> {
  const result = await db.execute(sql`
    with due as (
      select id from deliveries where status = 'queued' and not_before <= ${at.toISOString()}::timestamptz and channel = any(${`{${LANES[lane].join(',')}}`}::text[])
      order by not_before limit ${BATCH} for update skip locked
    ), taken as (
      update deliveries d set status = 'sending', attempts = d.attempts + 1, updated_at = ${at.toISOString()}::timestamptz
      from due where d.id = due.id
      returning d.id, d.school_id, d.channel, d.address, d.attempts, d.notification_id, d.user_id, d.message_id
    )
    select t.id, t.school_id, t.channel, t.address, t.attempts, t.notification_id, n.kind, n.params, n.message, n.sender_id, n.sender_name, n.link, n.created_at,
      u.lang, u.role_id, s.name as school_name, m.title,
      case when t.channel = 'push' then (select json_agg(json_build_object('id', ps.id, 'endpoint', ps.endpoint, 'p256dh', ps.p256dh, 'auth', ps.auth))
        from push_subscriptions ps where ps.user_id = t.user_id) end as subs
    from taken t join notifications n on n.id = t.notification_id join users u on u.id = t.user_id
    left join schools s on s.id = t.school_id left join messages m on m.id = t.message_id`);
  return rowsOf<Taken>(result).map((r) => ({ ...r, subs: typeof r.subs === 'string' ? (JSON.parse(r.subs) as PushTarget[]) : r.subs }));
}

type Outcome =
  | { status: 'sent'; provider: string; providerMessageId: string | null; parts: number }
  | { status: 'failed' | 'skipped'; provider: string | null; reason: string; parts?: number }
  | { status: 'queued'; provider: string; reason: string; retryInMs: number };

/** The values a template's params take: the notification's, in the reader's language, and the school's name. */
function valuesOf(d: Taken, lang: 'en' | 'hi'): Record<string, string> {
  return { school: d.school_name ?? '', ...notificationValues(d.params, lang), ...(d.message ? { message: d.message } : {}) };
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

/** A provider's refusal for now: tried again after its Retry-After, else 30 s doubling (30 s, 1, 2, 4 min); failed after the last try. */
function retryOrFail(d: Taken, provider: string, reason: string, retryAfterMs?: number): Outcome {
  if (d.attempts < MAX_ATTEMPTS) return { status: 'queued', provider, reason, retryInMs: retryAfterMs ?? 30_000 * 2 ** (d.attempts - 1) };
  return { status: 'failed', provider, reason: reason.slice(0, 300) };
}

/** Sends one SMS or WhatsApp delivery on its account; what became of it. */
async function sendPhone(deps: Pick<Deps, 'messaging' | 'secretsKey'>, d: Taken, account: Account | null): Promise<Outcome> {
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
        { to: d.address!, entityId: account.settings.entityId, header: account.settings.header, templateId: template.templateId, providerTemplateId: template.providerTemplateId, text, variables },
        account.credentials,
      );
      return { status: 'sent', provider: account.provider, providerMessageId: sent.providerMessageId, parts };
    }
    const template = account.settings.templates[d.kind];
    if (!template) return { status: 'skipped', provider: account.provider, reason: 'no_template' };
    const sent = await deps.messaging.whatsapp.send(
      { to: d.address!, template: template.name, language: lang, parameters: template.params.map((p) => values[p] ?? '') },
      { phoneNumberId: account.settings.phoneNumberId, accessToken: account.credentials.accessToken },
    );
    return { status: 'sent', provider: account.provider, providerMessageId: sent.providerMessageId, parts: 1 };
  } catch (err) {
    if (!(err instanceof SendError)) throw err;
    // The kind in Shala's words (the report translates it), then the provider's own.
    const reason = `${err.kind}: ${err.reason}`;
    return err.retryable ? retryOrFail(d, account.provider, reason, err.retryAfterMs) : { status: 'failed', provider: account.provider, reason: reason.slice(0, 300) };
  }
}

/** The notification of a delivery as the bell has it (a push shows it so). */
function notificationOf(d: Taken): Notification {
  return {
    id: d.notification_id,
    senderId: d.sender_id,
    fullName: d.sender_name,
    message: d.message,
    params: d.params,
    timestamp: new Date(d.created_at).toISOString(),
    read: false,
    kind: d.kind as Notification['kind'],
    link: d.link,
  };
}

/**
 * A push to each of the reader's browsers: sent when one push service took it (a browser shows a
 * notification's pushes under one tag, so another try shows no second one); tried again when a
 * service could not be reached and none took it.
 */
async function sendPush(deps: Pick<Deps, 'push'>, d: Taken): Promise<Outcome> {
  const subs = d.subs ?? [];
  if (!subs.length) return { status: 'skipped', provider: null, reason: 'no_subscription' };
  const payload = payloadOf(notificationOf(d), d.role_id, d.lang);
  const results = await Promise.all(subs.map((sub) => deps.push.deliver(sub, payload)));
  if (results.includes('sent')) return { status: 'sent', provider: 'webpush', providerMessageId: null, parts: 0 };
  if (results.includes('unreachable')) return retryOrFail(d, 'webpush', 'unreachable');
  return { status: 'failed', provider: 'webpush', reason: results.every((r) => r === 'gone') ? 'gone' : 'refused' };
}

/** A mail in the reader's language: a message as its title and text, a notification as its text, and how to stop them. */
async function sendEmail(deps: Pick<Deps, 'mailer' | 'config' | 'log'>, d: Taken): Promise<Outcome> {
  const lang = notificationLanguageOf(d.lang);
  const school = d.school_name ?? 'Shala';
  const text = d.title !== null ? d.message.slice(d.title.length + 2) : renderNotification(notificationOf(d), lang);
  const subject = d.title ?? (text.length > 80 ? `${[...text].slice(0, 79).join('')}…` : text);
  const base = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
  try {
    await deps.mailer.send({
      to: d.address!,
      subject: `${school}: ${subject}`,
      text: [text, d.link ? `${base}/sms_frontend${d.link}` : null, '—', MAIL_FOOTER[lang].replace('{{url}}', `${base}/sms_frontend/notificationsettings`)].filter((l) => l !== null).join('\n\n'),
    });
    return { status: 'sent', provider: 'smtp', providerMessageId: null, parts: 0 };
  } catch (err) {
    // A permanent refusal (5xx: no such mailbox) is final; anything else is tried again.
    const code = (err as { responseCode?: unknown }).responseCode;
    if (typeof code === 'number' && code >= 500) return { status: 'failed', provider: 'smtp', reason: `smtp_${code}` };
    deps.log.warn({ err: safeError(err) }, 'mail failed');
    return retryOrFail(d, 'smtp', safeError(err).code ?? 'smtp');
  }
}

/** The last lines of every notification mail, in the reader's language. */
const MAIL_FOOTER = {
  en: 'You get these by mail because you chose it. To change that, open your notification settings: {{url}}',
  hi: 'आपने ये सूचनाएँ ईमेल पर पाना चुना है। इसे बदलने के लिए अपनी सूचना सेटिंग खोलें: {{url}}',
} as const;

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

/** Instant deliveries sent at once by one node. */
const CONCURRENCY = 8;

/**
 * Sends what is due on a lane, batch after batch, until nothing is (a job's run). The phone lane
 * sends one at a time at the providers' rate; the instant lane several at once. Answers how many
 * deliveries were settled, by status.
 */
export async function sendDue(deps: Pick<Deps, 'data' | 'messaging' | 'secretsKey' | 'log' | 'push' | 'mailer' | 'config'>, lane: Lane = 'phone'): Promise<Record<string, number>> {
  const db = asPlatform(deps);
  const counts: Record<string, number> = {};
  const started = now();
  await db.execute(sql`update deliveries set status = 'failed', reason = 'interrupted', updated_at = ${started.toISOString()}::timestamptz
    where status = 'sending' and updated_at < ${new Date(started.getTime() - INTERRUPTED_MS).toISOString()}::timestamptz and channel = any(${`{${LANES[lane].join(',')}}`}::text[])`);
  if (lane === 'instant') {
    await db.execute(sql`delete from deliveries where id in (
      select id from deliveries where channel = 'push' and status <> 'queued' and status <> 'sending'
        and updated_at < ${new Date(started.getTime() - PUSH_KEPT_MS).toISOString()}::timestamptz limit ${PUSH_FORGOTTEN_PER_RUN})`);
  }
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
  const sendOne = async (d: Taken): Promise<Outcome> => {
    if (d.channel === 'push') return sendPush(deps, d);
    if (d.channel === 'email') return sendEmail(deps, d);
    return sendPhone(deps, d, d.school_id ? await accountOf(d.school_id, d.channel) : null);
  };
  // A delivery skipped (no account or template: no provider call) is settled with the others of its
  // batch in one statement: a school without an SMS account sending to 2,000 parents costs a few
  // statements, not 2,000.
  const skipped = new Map<string, { provider: string | null; reason: string; ids: string[] }>();
  const settleOne = async (d: Taken): Promise<Outcome> => {
    const outcome = await sendOne(d).catch((err: unknown): Outcome => {
      deps.log.warn({ err: safeError(err), channel: d.channel }, 'delivery failed');
      return { status: 'failed', provider: null, reason: 'error' };
    });
    if (outcome.status === 'skipped') {
      const key = `${outcome.provider}|${outcome.reason}`;
      const group = skipped.get(key) ?? { provider: outcome.provider, reason: outcome.reason, ids: [] };
      group.ids.push(d.id);
      skipped.set(key, group);
    } else {
      await settle(db, d.id, outcome, now());
    }
    counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
    return outcome;
  };
  const settleSkipped = async () => {
    const at = now().toISOString();
    for (const { provider, reason, ids } of skipped.values()) {
      await db.execute(sql`update deliveries set status = 'skipped', provider = ${provider}, reason = ${reason}, updated_at = ${at}::timestamptz
        where id = any(${uuids(ids)}) and status = 'sending'`);
    }
    skipped.clear();
  };
  for (;;) {
    const taken = await take(db, now(), lane);
    if (!taken.length) break;
    if (lane === 'instant') {
      let next = 0;
      const worker = async () => {
        while (next < taken.length) await settleOne(taken[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, taken.length) }, worker));
    } else {
      for (const d of taken) {
        const begun = Date.now();
        const outcome = await settleOne(d);
        // Only a call to a provider counts against its rate (a delivery skipped made none).
        const wait = outcome.status === 'skipped' ? 0 : 1000 / deps.config.MESSAGING_RATE_PER_SECOND - (Date.now() - begun);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    await settleSkipped();
    if (taken.length < BATCH) break;
  }
  return counts;
}
