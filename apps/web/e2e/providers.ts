import http from 'node:http';
import { startFakeMsg91 } from '../../server/test/fakes/msg91';
import { startFakeWhatsApp } from '../../server/test/fakes/whatsapp';
import { MSG91_TEMPLATES, PROVIDERS, WHATSAPP_TEMPLATES } from './providers-config';

/**
 * The journeys' fake MSG91 and WhatsApp Cloud API (the server tests' fakes, on fixed loopback
 * ports), and a control port: `GET /sent` answers what each got. Started by playwright.config.ts;
 * stops with the run.
 */
const sms = await startFakeMsg91({ authKey: PROVIDERS.msg91AuthKey, templates: MSG91_TEMPLATES, port: PROVIDERS.msg91Port });
const whatsapp = await startFakeWhatsApp({ ...PROVIDERS.whatsapp, templates: WHATSAPP_TEMPLATES, port: PROVIDERS.whatsappPort });

http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/sent') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sms: sms.sent, whatsapp: whatsapp.sent }));
      return;
    }
    res.writeHead(404);
    res.end();
  })
  .listen(PROVIDERS.controlPort, '127.0.0.1');
