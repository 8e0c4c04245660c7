import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { sendDownload } from '../../http/download.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { receiptPdf } from './receipt-pdf.js';
import { studentFeesFor } from './student.js';

/** A student's fees (for the school, its parent, itself) and its PDF receipts: of a payment, or of a batch (one collection at the counter). */
export default async function studentRoutes(app: App) {
  const storage = app.deps.storage;
  serve(app, API.studentFees, (deps, caller, req) => studentFeesFor(deps, caller, req.params));
  // Raw answers: the PDF's bytes, a private download.
  app.route({
    ...fromContract(API.feeReceipt),
    handler: async (req, reply) => {
      const { fileName, pdf } = await receiptPdf(app.deps, storage, requireCaller(req), { paymentId: req.params.paymentId }, req.query);
      return sendDownload(reply, { mime: 'application/pdf', fileName, body: pdf });
    },
  });
  app.route({
    ...fromContract(API.feeBatchReceipt),
    handler: async (req, reply) => {
      const { fileName, pdf } = await receiptPdf(app.deps, storage, requireCaller(req), { batchId: req.params.batchId }, req.query);
      return sendDownload(reply, { mime: 'application/pdf', fileName, body: pdf });
    },
  });
}
