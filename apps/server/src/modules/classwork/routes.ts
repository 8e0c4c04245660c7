import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { sendDownload } from '../../http/download.js';
import { classWorkOfClass, createClassWork, deleteClassWork, myClassWork, openClassWorkFile, teachingSlots } from './service.js';

/** The classwork routes (issue 10); registered in app.ts. */
export default async function classworkRoutes(app: App) {
  const storage = app.deps.storage;
  app.route({ ...fromContract(API.classWorkSlots), handler: async (req) => ({ result: await teachingSlots(app.deps, requireCaller(req)) }) });
  app.route({ ...fromContract(API.classWorkCreate), handler: async (req) => ({ result: await createClassWork(app.deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.classWorkMine), handler: async (req) => ({ result: await myClassWork(app.deps, requireCaller(req), req.query) }) });
  app.route({
    ...fromContract(API.classWorkOfClass),
    handler: async (req) => ({ result: await classWorkOfClass(app.deps, requireCaller(req), req.params.assignClassId, req.query) }),
  });
  app.route({ ...fromContract(API.classWorkDelete), handler: async (req) => ({ result: await deleteClassWork(app.deps, requireCaller(req), req.params.workId) }) });
  // A raw answer: the file's bytes, never cached, never sniffed, always saved (not shown inline).
  app.route({
    ...fromContract(API.classWorkFile),
    handler: async (req, reply) => {
      const file = await openClassWorkFile(app.deps, storage, requireCaller(req), req.params.workId, req.params.name);
      return sendDownload(reply, { mime: file.mime, fileName: file.originalName, body: file.stream, size: file.size });
    },
  });
}
