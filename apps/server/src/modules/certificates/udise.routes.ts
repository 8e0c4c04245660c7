import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { udiseCheck, udiseCsv, udiseRows, udiseXlsx } from './udise.js';

/** Certificates, part "UDISE+": the student data of a session for the school's UDISE+ entry (udise.ts). */
export default async function udiseRoutes(app: App) {
  app.route({
    ...fromContract(API.udiseExport),
    handler: async (req, reply) => {
      const { format, ...q } = req.query;
      const rows = await udiseRows(app.deps, requireCaller(req), q);
      if (format === 'check') return reply.send({ result: udiseCheck(rows) });
      if (format === 'xlsx') {
        return sendDownload(reply, { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: 'udise-students.xlsx', body: await udiseXlsx(rows) });
      }
      return sendDownload(reply, { mime: 'text/csv; charset=utf-8', fileName: 'udise-students.csv', body: Buffer.from(udiseCsv(rows)) });
    },
  });
}
