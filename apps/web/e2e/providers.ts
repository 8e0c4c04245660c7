import http from 'node:http';
import { startFakeMsg91 } from '../../server/test/fakes/msg91';
import { startFakeWhatsApp } from '../../server/test/fakes/whatsapp';
import { MSG91_TEMPLATES, PROVIDERS, WHATSAPP_TEMPLATES } from './providers-config';

/**
 * The journeys' fake MSG91 and WhatsApp Cloud API (the server tests' fakes, on fixed loopback
 * ports), and a control port: `GET /sent` answers what each got; `POST /report` makes a fake post
 * a delivery report to Shala as the provider does (its answer's status and text back):
 * - `{ channel: 'sms', url, requestId, status, number, date }`: MSG91's report (webhook version 2)
 *   to `url`, the school's report URL with its token (status `1` delivered, `2` failed, …);
 * - `{ channel: 'whatsapp', url, wamid, status, to }`: a status webhook signed with the app
 *   secret, to `url` (`<server>/api/hooks/whatsapp`).
 * Started by playwright.config.ts; stops with the run.
 */
const sms = await startFakeMsg91({ authKey: PROVIDERS.msg91AuthKey, templates: MSG91_TEMPLATES, port: PROVIDERS.msg91Port });
const whatsapp = await startFakeWhatsApp({ ...PROVIDERS.whatsapp, templates: WHATSAPP_TEMPLATES, port: PROVIDERS.whatsappPort });

type Report =
  | { channel: 'sms'; url: string; requestId: string; status: string; number: string; date: string }
  | { channel: 'whatsapp'; url: string; wamid: string; status: 'sent' | 'delivered' | 'read' | 'failed'; to: string };

function report(r: Report) {
  return r.channel === 'sms'
    ? sms.report(r.url, r.requestId, { status: r.status, number: r.number, date: r.date })
    : whatsapp.status(r.url, { wamid: r.wamid, status: r.status, at: new Date(), to: r.to });
}

const answer = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/sent') {
      answer(res, 200, { sms: sms.sent, whatsapp: whatsapp.sent });
      return;
    }
    if (req.method === 'POST' && req.url === '/report') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void Promise.resolve()
          .then(() => report(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Report))
          .then(
            (posted) => answer(res, 200, posted),
            (err: unknown) => answer(res, 500, { error: String(err) }),
          );
      });
      return;
    }
    res.writeHead(404);
    res.end();
  })
  .listen(PROVIDERS.controlPort, '127.0.0.1');
