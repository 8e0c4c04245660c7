import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { createIdCardBatch, getIdCardBatch, listIdCardBatches, openIdCardFile } from './idcards.js';

/** Certificates, part "idcards": batches of ID cards made off the request path, and their PDFs (idcards.ts). */
export default async function idCardsRoutes(app: App) {
  const storage = app.deps.storage;
  app.route({ ...fromContract(API.idCardCreate), handler: async (req) => ({ message: 'ID cards queued', result: await createIdCardBatch(app.deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.idCardList), handler: async (req) => ({ result: await listIdCardBatches(app.deps, requireCaller(req), req.query) }) });
  app.route({ ...fromContract(API.idCardGet), handler: async (req) => ({ result: await getIdCardBatch(app.deps, requireCaller(req), req.params.batchId) }) });
  app.route({
    ...fromContract(API.idCardPdf),
    handler: async (req, reply) => {
      const file = await openIdCardFile(app.deps, storage, requireCaller(req), req.params.batchId);
      return sendDownload(reply, { mime: 'application/pdf', fileName: file.originalName, body: file.stream, size: file.size });
    },
  });
}
