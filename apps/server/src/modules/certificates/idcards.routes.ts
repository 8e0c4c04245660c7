import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { createIdCardBatch, getIdCardBatch, listIdCardBatches, openIdCardFile } from './idcards.js';

/** Certificates, part "idcards": batches of ID cards made off the request path, and their PDFs (idcards.ts). */
export default async function idCardsRoutes(app: App) {
  const storage = app.deps.storage;
  serve(app, API.idCardCreate, (deps, caller, req) => createIdCardBatch(deps, caller, req.body), 'ID cards queued');
  serve(app, API.idCardList, (deps, caller, req) => listIdCardBatches(deps, caller, req.query));
  serve(app, API.idCardGet, (deps, caller, req) => getIdCardBatch(deps, caller, req.params.batchId));
  app.route({
    ...fromContract(API.idCardPdf),
    handler: async (req, reply) => {
      const file = await openIdCardFile(app.deps, storage, requireCaller(req), req.params.batchId);
      return sendDownload(reply, { mime: 'application/pdf', fileName: file.originalName, body: file.stream, size: file.size });
    },
  });
}
