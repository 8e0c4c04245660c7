import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createStorage } from '../../storage/index.js';
import { receiptPdf } from './receipt-pdf.js';
import { studentFeesFor } from './student.js';

/** A student's fees (for the school, its parent, itself) and its PDF receipts. */
export default async function studentRoutes(app: App) {
  const storage = createStorage(app.deps.config);
  app.route({
    ...fromContract(API.studentFees),
    handler: async (req) => ({ result: await studentFeesFor(app.deps, requireCaller(req), req.params) }),
  });
  // A raw answer: the PDF's bytes (the app adds Cache-Control: no-store to every /api answer).
  app.route({
    ...fromContract(API.feeReceipt),
    handler: async (req, reply) => {
      const { fileName, pdf } = await receiptPdf(app.deps, storage, requireCaller(req), req.params.paymentId, req.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  });
}
