import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { readLogo } from '../../pdf/text.js';
import { cancelCertificate, certificateForPrint, certificatePreview, issueCertificate, listCertificates, myCertificates, verifyToken } from './certificates.js';
import { renderCertificate } from './certificate-pdf.js';
import { verifyUrl } from './idcards.js';

/** A verification page is public: a client may ask this many times a minute (tokens cannot be guessed; this stops a scan). */
const VERIFY_PER_MINUTE = 30;

/** Certificates, part "certificates": issue, the register, the PDFs, cancel, and the public verification (certificates.ts). */
export default async function certificatesRoutes(app: App) {
  const storage = app.deps.storage;
  serve(app, API.certificateIssue, (deps, caller, req) => issueCertificate(deps, caller, req.body), 'Certificate issued');
  serve(app, API.certificatePreview, (deps, caller, req) => certificatePreview(deps, caller, req.query));
  serve(app, API.certificateList, (deps, caller, req) => listCertificates(deps, caller, req.query));
  serve(app, API.myCertificates, (deps, caller, req) => myCertificates(deps, caller, req.query));
  serve(app, API.certificateCancel, (deps, caller, req) => cancelCertificate(deps, caller, req.params.certificateId, req.body), 'Certificate cancelled');
  app.route({
    ...fromContract(API.certificatePdf),
    handler: async (req, reply) => {
      const c = await certificateForPrint(app.deps, requireCaller(req), req.params.certificateId, req.query.lang);
      const logo = await readLogo(storage, c.body.school.logo);
      const pdf = await renderCertificate({ ...c, verifyUrl: verifyUrl(app.deps.config, c.token), logo }, req.query.lang);
      return sendDownload(reply, { mime: 'application/pdf', fileName: `${c.type}-${c.number}${c.duplicate ? '-duplicate' : ''}.pdf`, body: pdf });
    },
  });
  const verify = fromContract(API.certificateVerify);
  app.route({
    ...verify,
    config: { ...verify.config, rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (req) => ({ result: await verifyToken(app.deps, req.params.token) }),
  });
}
