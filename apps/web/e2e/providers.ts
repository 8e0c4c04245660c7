import http from 'node:http';
import { startFakeMsg91 } from '../../server/test/fakes/msg91';
import { startFakeWhatsApp } from '../../server/test/fakes/whatsapp';
import { startFakeRazorpay } from '../../server/test/fakes/razorpay';
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
const razorpay = await startFakeRazorpay({ ...PROVIDERS.razorpay, port: PROVIDERS.razorpayPort });

/**
 * Razorpay Checkout as the browser meets it, for the journeys: `window.Razorpay(options).open()`
 * shows a small dialog with the amount; "Pay" has the fake Razorpay take the money (a captured UPI
 * payment of the order) and hands `options.handler` what Checkout hands a page, signed as Razorpay
 * signs it; "Cancel" calls `options.modal.ondismiss`. Served from an origin of its own, as
 * checkout.razorpay.com is.
 */
const CHECKOUT_JS = `(() => {
  const origin = ${JSON.stringify(`http://127.0.0.1:${PROVIDERS.checkoutPort}`)};
  window.Razorpay = function (options) {
    this.on = function () {};
    this.open = function () {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', 'Razorpay Checkout (test)');
      Object.assign(dialog.style, { position: 'fixed', inset: '20% 10% auto 10%', background: '#fff', border: '2px solid #072654', padding: '16px', zIndex: '100000', fontFamily: 'sans-serif' });
      const text = document.createElement('p');
      text.textContent = options.name + ': INR ' + (options.amount / 100).toFixed(2) + ' (' + options.order_id + ')';
      const pay = document.createElement('button');
      pay.textContent = 'Pay with UPI (test)';
      const cancel = document.createElement('button');
      cancel.textContent = 'Cancel payment';
      dialog.append(text, pay, cancel);
      document.body.appendChild(dialog);
      pay.focus();
      pay.onclick = () => fetch(origin + '/pay', { method: 'POST', body: JSON.stringify({ order_id: options.order_id }) })
        .then((r) => r.json())
        .then((response) => { dialog.remove(); options.handler(response); });
      cancel.onclick = () => { dialog.remove(); options.modal && options.modal.ondismiss && options.modal.ondismiss(); };
    };
  };
})();`;

const readJson = (req: http.IncomingMessage) =>
  new Promise<Record<string, string>>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>));
  });

http
  .createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (req.method === 'GET' && req.url === '/v1/checkout.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(CHECKOUT_JS);
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (req.method === 'POST' && req.url === '/pay') {
      void readJson(req).then((body) => {
        try {
          res.writeHead(200, { 'content-type': 'application/json', ...cors });
          res.end(JSON.stringify(razorpay.pay(body.order_id!)));
        } catch (err) {
          res.writeHead(400, cors);
          res.end(String(err));
        }
      });
      return;
    }
    res.writeHead(404);
    res.end();
  })
  .listen(PROVIDERS.checkoutPort, '127.0.0.1');

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
      answer(res, 200, { sms: sms.sent, whatsapp: whatsapp.sent, razorpay: { orders: [...razorpay.orders.values()], payments: [...razorpay.payments.values()] } });
      return;
    }
    // Razorpay's webhook about a payment, to the school's webhook URL: `{ url, event, paymentId }`.
    if (req.method === 'POST' && req.url === '/razorpay/deliver') {
      void readJson(req)
        .then((b) => razorpay.deliver(b.url!, b.event as 'payment.captured', b.paymentId!))
        .then(
          (d) => answer(res, 200, { status: d.status, text: d.text }),
          (err: unknown) => answer(res, 500, { error: String(err) }),
        );
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
