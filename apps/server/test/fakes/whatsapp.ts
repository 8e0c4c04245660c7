import { createHmac, randomBytes } from 'node:crypto';
import { jsonOf, postWebhook, startServer, type Answer, type Recorded } from './server.js';

/**
 * A fake WhatsApp Business Cloud API for tests (issue 24) on 127.0.0.1: `POST /<version>/<phone
 * number id>/messages` checked as Meta would (the bearer token; its own phone number id in the
 * path; `messaging_product`, a template message to a number in international form; a template and
 * language it has approved, with as many body parameters as the template has `{{n}}`), answered
 * with `messages[0].id` (a `wamid.…`) or a Graph error object (`{ error: { message, type, code,
 * error_data, fbtrace_id } }`). It fails on demand (throughput 130429 as HTTP 429, pair rate limit
 * 131056, a 500) and refuses numbers it is told cannot be reached (131026). It sends status and
 * inbound-message webhooks signed as Meta does: `X-Hub-Signature-256: sha256=` and the hex
 * HMAC-SHA256 of the exact bytes posted, under the app secret.
 */

export interface FakeWhatsAppSent {
  wamid: string;
  to: string;
  template: string;
  language: string;
  /** The approved body with the parameters put in. */
  text: string;
}

/** What a send's body may hold, read loosely: the fake refuses what does not fit. */
interface SendBody {
  messaging_product?: unknown;
  type?: unknown;
  to?: unknown;
  template?: { name?: unknown; language?: { code?: unknown }; components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[] };
}

const graphError = (status: number, code: number, message: string, details?: string): Answer => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  },
});

export async function startFakeWhatsApp(opts: {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  /** Approved templates by `name:language`, each its body text with `{{1}}`, `{{2}}` … */
  templates: Record<string, string>;
  port?: number;
}) {
  const sent: FakeWhatsAppSent[] = [];
  const invalidNumbers = new Set<string>();
  const failures: Answer[] = [];

  function answer(req: Recorded): Answer {
    const path = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(req.url);
    if (req.method !== 'POST' || !path) return graphError(400, 2500, 'Unknown path components');
    if (req.headers.authorization !== `Bearer ${opts.accessToken}`) return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (path[2] !== opts.phoneNumberId) return graphError(400, 100, `Unsupported post request. Object with ID '${path[2]}' does not exist`);
    const failure = failures.shift();
    if (failure) return failure;
    const body = jsonOf(req) as SendBody | null;
    if (body?.messaging_product !== 'whatsapp' || body.type !== 'template') return graphError(400, 100, '(#100) Invalid parameter');
    const to = String(body.to ?? '');
    if (!/^\+?[1-9]\d{7,14}$/.test(to)) return graphError(400, 100, '(#100) Invalid parameter', 'to is not a phone number');
    if (invalidNumbers.has(to)) return graphError(400, 131026, '(#131026) Message undeliverable', 'Message failed to send because the recipient cannot receive it');
    const name = String(body.template?.name);
    const language = String(body.template?.language?.code);
    const approved = opts.templates[`${name}:${language}`];
    if (approved === undefined) return graphError(404, 132001, '(#132001) Template name does not exist in the translation', `template name (${name}) does not exist in ${language}`);
    const components = Array.isArray(body.template?.components) ? body.template.components : [];
    const params = components.find((c) => c?.type === 'body')?.parameters ?? [];
    const expected = approved.match(/\{\{\d+\}\}/g)?.length ?? 0;
    if (params.length !== expected || params.some((p) => p?.type !== 'text' || typeof p.text !== 'string')) {
      return graphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params', `body: number of localizable_params (${params.length}) does not match the expected number of params (${expected})`);
    }
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    sent.push({ wamid, to, template: name, language, text: approved.replace(/\{\{(\d+)\}\}/g, (_, n: string) => String(params[Number(n) - 1]!.text)) });
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to.replace('+', '') }], messages: [{ id: wamid }] } };
  }

  const server = await startServer(answer, opts.port);

  /** Posts `payload` to `url` as Meta does: the exact bytes, signed with the app secret (or a given signature). */
  function deliver(url: string, payload: unknown, signature?: string) {
    const body = JSON.stringify(payload);
    const sig = signature ?? `sha256=${createHmac('sha256', opts.appSecret).update(body).digest('hex')}`;
    return postWebhook(url, body, { 'content-type': 'application/json', 'x-hub-signature-256': sig });
  }
  const envelope = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: opts.phoneNumberId }, ...value } }] }],
  });
  const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

  return {
    ...server,
    sent,
    /** Numbers (as sent in `to`) Meta refuses as undeliverable. */
    invalidNumbers,
    /** The next send answers HTTP 429 with 130429, HTTP 400 with 131056, or HTTP 500. */
    failNext(kind: 'rate_limit' | 'pair_rate_limit' | 'server_error') {
      failures.push(
        kind === 'rate_limit'
          ? graphError(429, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.')
          : kind === 'pair_rate_limit'
            ? graphError(400, 131056, '(#131056) (Business Account, Consumer Account) pair rate limit hit')
            : graphError(500, 131000, '(#131000) Something went wrong'),
      );
    },
    deliver,
    /** A status webhook for a sent message (a failure with Meta's error object). */
    status(url: string, s: { wamid: string; status: 'sent' | 'delivered' | 'read' | 'failed'; at: Date; to: string; error?: { code: number; title: string; details: string } }) {
      const errors = s.error ? { errors: [{ code: s.error.code, title: s.error.title, message: s.error.title, error_data: { details: s.error.details } }] } : {};
      return deliver(url, envelope({ statuses: [{ id: s.wamid, status: s.status, timestamp: seconds(s.at), recipient_id: s.to.replace('+', ''), ...errors }] }));
    },
    /** A parent's text message (a reply of STOP). */
    inbound(url: string, m: { from: string; text: string; at: Date }) {
      const waId = m.from.replace('+', '');
      return deliver(
        url,
        envelope({
          contacts: [{ profile: { name: 'Parent' }, wa_id: waId }],
          messages: [{ from: waId, id: `wamid.${randomBytes(24).toString('base64url')}`, timestamp: seconds(m.at), type: 'text', text: { body: m.text } }],
        }),
      );
    },
    /** The verification GET Meta sends when the callback URL is saved; its status, text and the challenge asked. */
    async verify(url: string, verifyToken: string) {
      const challenge = String(randomBytes(4).readUInt32BE());
      const q = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.challenge': challenge, 'hub.verify_token': verifyToken });
      const res = await fetch(`${url}?${q}`, { signal: AbortSignal.timeout(5_000) });
      return { status: res.status, text: await res.text(), challenge };
    },
  };
}
