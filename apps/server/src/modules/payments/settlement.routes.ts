import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { feeSettlement, settlementCsv } from './settlement.js';

/** Payments, part "settlement": one day's money by way of payment, as JSON or a CSV download (settlement.ts). */
export default async function settlementRoutes(app: App) {
  app.route({
    ...fromContract(API.feeSettlement),
    handler: async (req, reply) => {
      const report = await feeSettlement(app.deps, requireCaller(req), req.query);
      if (req.query.format === 'json') return { result: report };
      return sendDownload(reply, { mime: 'text/csv; charset=utf-8', fileName: `settlement-${report.date}.csv`, body: Buffer.from(settlementCsv(report, req.query.lang)) });
    },
  });
}
