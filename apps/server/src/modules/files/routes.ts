import { API } from '@shala/contract';
import type { App } from '../../app.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { safeError } from '../../log.js';
import { createStorage } from '../../storage/index.js';
import { ORPHAN_SWEEP_MS, openUpload, sweepOrphans, uploadFiles, uploadImage } from './service.js';

export default async function fileRoutes(app: App) {
  const storage = createStorage(app.deps.config);
  const { db } = app.deps;

  app.route({
    ...fromContract(API.upload),
    handler: async (req, reply) => ({ result: await uploadImage(db, storage, requireCaller(req), req, reply) }),
  });
  app.route({
    ...fromContract(API.uploadMulti),
    handler: async (req, reply) => ({ result: await uploadFiles(db, storage, requireCaller(req), req, reply) }),
  });
  // Private: a session of the file's school (the web fetches it with the token and shows a blob URL).
  app.route({
    ...fromContract(API.uploaded),
    handler: async (req, reply) => {
      const file = await openUpload(db, storage, requireCaller(req), req.params.name);
      const disposition = file.mime.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${disposition}; filename="${req.params.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  // Files never attached to a record go after a day: at start and every hour.
  const sweep = () =>
    void sweepOrphans(db, storage).catch((err: unknown) => app.log.warn({ err: safeError(err) }, 'orphan file sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, ORPHAN_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
