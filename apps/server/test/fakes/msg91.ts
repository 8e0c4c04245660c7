import { randomBytes } from 'node:crypto';
import { jsonOf, postWebhook, startServer, type Answer, type Recorded } from './server.js';

/**
 * A fake MSG91 for tests (issue 24): the Flow API (`POST /api/v5/flow/`) on 127.0.0.1, checking
 * what Shala sends as MSG91 would (the `authkey` header; a template it knows, sent under that
 * template's DLT header and DLT template id; a recipient in international form `91XXXXXXXXXX`;
 * exactly the template's `##varN##` variables; `unicode: 1` for Hindi) and answering as MSG91
 * does, `{ message: <request id>, type: 'success' }` or `{ type: 'error', message, code }`. It can
 * fail on demand (429 with Retry-After, 500) and refuse numbers it is told are invalid, and it posts
 * delivery reports as MSG91's webhook version 2 does: a form whose `data` is a JSON array.
 */

export interface FakeMsg91Template {
  dltTemplateId: string;
  header: string;
  /** The text with `##var1##`, `##var2##` … where the variables go. */
  body: string;
}

export interface FakeMsg91Sent {
  requestId: string;
  /** `91XXXXXXXXXX`, as sent. */
  mobiles: string;
  templateId: string;
  /** The template's text with the variables put in: what the parent would read. */
  text: string;
}

const error = (status: number, message: string, code?: string): Answer => ({ status, body: { type: 'error', message, ...(code ? { code } : {}) } });

export async function startFakeMsg91(opts: { authKey: string; templates: Record<string, FakeMsg91Template>; port?: number }) {
  const sent: FakeMsg91Sent[] = [];
  const invalidNumbers = new Set<string>();
  const failures: Answer[] = [];

  function answer(req: Recorded): Answer {
    if (req.method !== 'POST' || !/^\/api\/v5\/flow\/?$/.test(req.url)) return error(404, 'Not found');
    if (req.headers.authkey !== opts.authKey) return error(401, 'Invalid authkey', '207');
    const failure = failures.shift();
    if (failure) return failure;
    const body = jsonOf(req) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return error(400, 'Invalid JSON');
    const template = typeof body.template_id === 'string' ? opts.templates[body.template_id] : undefined;
    if (!template) return error(400, 'Template ID missing or invalid');
    if (body.sender !== template.header) return error(400, 'Sender ID does not match the template');
    if (body.DLT_TE_ID !== undefined && body.DLT_TE_ID !== template.dltTemplateId) return error(400, 'DLT template id does not match the template');
    const recipients = Array.isArray(body.recipients) ? (body.recipients as Record<string, unknown>[]) : [];
    if (recipients.length === 0) return error(400, 'Recipients missing');
    const names = [...template.body.matchAll(/##(\w+)##/g)].map((m) => m[1]!);
    const batch: FakeMsg91Sent[] = [];
    for (const r of recipients) {
      const mobiles = String(r.mobiles ?? '');
      if (!/^91[6-9]\d{9}$/.test(mobiles)) return error(400, 'Invalid mobile number', '202');
      // MSG91 answers a refused number with HTTP 200 and type "error": the client must read `type`.
      if (invalidNumbers.has(mobiles)) return error(200, 'Invalid mobile number', '202');
      const given = Object.keys(r).filter((k) => k !== 'mobiles');
      if (given.length !== names.length || names.some((n) => typeof r[n] !== 'string')) return error(400, 'Variables do not match the template');
      const text = template.body.replace(/##(\w+)##/g, (_, n: string) => String(r[n]));
      if (/[\u0900-\u097F]/.test(text) && body.unicode !== 1) return error(400, 'Unicode text sent without unicode=1');
      batch.push({ requestId: randomBytes(12).toString('hex'), mobiles, templateId: String(body.template_id), text });
    }
    sent.push(...batch);
    return { status: 200, body: { message: batch[0]!.requestId, type: 'success' } };
  }

  const server = await startServer(answer, opts.port);
  return {
    ...server,
    sent,
    /** Numbers (`91XXXXXXXXXX`) MSG91 refuses as invalid. */
    invalidNumbers,
    /** The next send answers 429 (Retry-After: 7) or 500. */
    failNext(kind: 'rate_limit' | 'server_error') {
      failures.push(kind === 'rate_limit' ? { ...error(429, 'Too many requests'), headers: { 'retry-after': '7' } } : error(500, 'Internal server error'));
    },
    /**
     * Posts a delivery report for `requestId` to `url` (the webhook URL the school set in MSG91,
     * token included), as webhook version 2: `application/x-www-form-urlencoded`, `data` = JSON.
     */
    report(url: string, requestId: string, r: { status: string; number: string; date: string; desc?: string; failedReason?: string }) {
      const data = JSON.stringify([{ senderId: 'SHALAS', requestId, report: [{ date: r.date, number: r.number, status: r.status, desc: r.desc ?? '', failedReason: r.failedReason ?? '' }], userId: '1', campaignName: 'API' }]);
      return postWebhook(url, new URLSearchParams({ data }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    },
  };
}
