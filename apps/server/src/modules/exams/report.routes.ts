import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { readLogo } from '../../pdf/text.js';
import { sendAnswer, serializeAnswer, storedReads } from '../../db/versions.js';
import { requireCaller } from '../../policy/index.js';
import { examsPolicy } from '../../policy/exams.js';
import { localDate } from '../calendar/index.js';
import { sendDownload } from '../../http/download.js';
import { classResultsFor, reportCardFor } from './report.js';
import { createReportBatch, getReportBatch, openBatchFile } from './report-batch.js';
import { renderReportCard } from './report-pdf.js';

/** Routes of exams: results, report cards and their PDFs, a class's cards in one PDF (helper 3). */
export async function reportRoutes(app: App): Promise<void> {
  const storage = app.deps.storage;
  // A card's PDF per language and day it is made on, stored with the versions of the card
  // (report.ts): on result day each is drawn once, then sent as stored bytes (at most 64 MB a node).
  const pdfs = storedReads<{ fileName: string; pdf: Buffer }>(app.deps.data, 'reportCardPdf', {
    maxEntries: 5_000,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (v) => v.pdf.length,
  });
  app.route({
    ...fromContract(API.classResults),
    handler: async (req, reply) =>
      sendAnswer(reply, await classResultsFor(app.deps, requireCaller(req), req.params.assignClassId, (results) => serializeAnswer(reply, results))),
  });
  app.route({
    ...fromContract(API.reportCard),
    handler: async (req) => ({ result: (await reportCardFor(app.deps, requireCaller(req), req.params.studentId, req.query.sessionId)).card }),
  });
  // Raw answers: the PDF's bytes, never cached, never sniffed, always saved (not shown inline).
  app.route({
    ...fromContract(API.reportCardPdf),
    handler: async (req, reply) => {
      const caller = requireCaller(req);
      const { card, timeZone, versions } = await reportCardFor(app.deps, caller, req.params.studentId, req.query.sessionId, 'reportcardPdf');
      const madeOn = localDate(timeZone);
      const key = [card.student.studentId, card.sessionId, examsPolicy.publishedOnly(caller) ? 'published' : 'all', req.query.lang, madeOn, card.school.logo].join('|');
      const { fileName, pdf } = await pdfs.get(key, versions, async () =>
        renderReportCard(card, req.query.lang, { logo: await readLogo(storage, card.school.logo), madeOn }),
      );
      return sendDownload(reply, { mime: 'application/pdf', fileName, body: pdf });
    },
  });
  serve(app, API.reportBatchCreate, (deps, caller, req) => createReportBatch(deps, caller, req.params.assignClassId, req.body));
  serve(app, API.reportBatchGet, (deps, caller, req) => getReportBatch(deps, caller, req.params.batchId));
  app.route({
    ...fromContract(API.reportBatchFile),
    handler: async (req, reply) => {
      const file = await openBatchFile(app.deps, storage, requireCaller(req), req.params.batchId);
      return sendDownload(reply, { mime: 'application/pdf', fileName: file.originalName, body: file.stream, size: file.size });
    },
  });
}
