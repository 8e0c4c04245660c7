import { API } from '@shala/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { sendDownload } from '../../http/download.js';
import { listAudit } from './audit.js';
import { consentReport, getConsent, giveConsent, withdrawConsent, type Evidence } from './consent.js';
import { eraseStudent } from './erase.js';
import { studentBundle } from './export.js';
import { renderExport } from './export-pdf.js';

/** What a consent is recorded with: the client's address and browser. */
const evidenceOf = (req: FastifyRequest): Evidence => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/** Children's data rights (issue 12): consent, the consent report, export, erasure, audit log. */
export default async function privacyRoutes(app: App) {
  serve(app, API.consentGet, (deps, caller, req) => getConsent(deps, caller, req.params.studentId));
  app.route({
    ...fromContract(API.consentGive),
    handler: async (req) => ({ message: 'Consent recorded', result: await giveConsent(app.deps, requireCaller(req), req.params.studentId, req.body, evidenceOf(req)) }),
  });
  app.route({
    ...fromContract(API.consentWithdraw),
    handler: async (req) => ({ message: 'Consent withdrawn', result: await withdrawConsent(app.deps, requireCaller(req), req.params.studentId, evidenceOf(req)) }),
  });
  serve(app, API.consentReport, (deps, caller, req) => consentReport(deps, caller, req.query));
  serve(app, API.studentConsent, (deps, caller, req) => getConsent(deps, caller, req.params.studentId));
  app.route({
    ...fromContract(API.privacyExport),
    handler: async (req, reply) => {
      const bundle = await studentBundle(app.deps, requireCaller(req), req.params.studentId);
      const base = `student-data-${bundle.profile.loginId}`;
      const pdf = req.query.format === 'pdf';
      return sendDownload(reply, {
        mime: pdf ? 'application/pdf' : 'application/json; charset=utf-8',
        fileName: `${base}.${pdf ? 'pdf' : 'json'}`,
        body: pdf ? await renderExport(bundle, req.query.lang) : Buffer.from(JSON.stringify(bundle, null, 2)),
      });
    },
  });
  serve(app, API.privacyErase, (deps, caller, req) => eraseStudent(deps, caller, req.params.studentId, req.body), 'Erased');
  serve(app, API.auditList, (deps, caller, req) => listAudit(deps, caller, req.query));
}
