import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { sendDownload } from '../../http/download.js';
import { classWorkOfClass, createClassWork, deleteClassWork, myClassWork, openClassWorkFile, teachingSlots } from './service.js';

/** The classwork routes (issue 10); registered in app.ts. */
export default async function classworkRoutes(app: App) {
  const storage = app.deps.storage;
  serve(app, API.classWorkSlots, (deps, caller) => teachingSlots(deps, caller));
  serve(app, API.classWorkCreate, (deps, caller, req) => createClassWork(deps, caller, req.body));
  serve(app, API.classWorkMine, (deps, caller, req) => myClassWork(deps, caller, req.query));
  serve(app, API.classWorkOfClass, (deps, caller, req) => classWorkOfClass(deps, caller, req.params.assignClassId, req.query));
  serve(app, API.classWorkDelete, (deps, caller, req) => deleteClassWork(deps, caller, req.params.workId));
  // A raw answer: the file's bytes, never cached, never sniffed, always saved (not shown inline).
  app.route({
    ...fromContract(API.classWorkFile),
    handler: async (req, reply) => {
      const file = await openClassWorkFile(app.deps, storage, requireCaller(req), req.params.workId, req.params.name);
      return sendDownload(reply, { mime: file.mime, fileName: file.originalName, body: file.stream, size: file.size });
    },
  });
}
