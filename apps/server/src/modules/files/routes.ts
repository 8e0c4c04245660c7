import type { FastifyRequest } from 'fastify';
import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller, scopeOf } from '../../policy/index.js';
import { asPlatform, tenantDb } from '../../db/scope.js';
import { safeError } from '../../log.js';
import { ORPHAN_SWEEP_MS, openUpload, sweepOrphans, uploadFiles, uploadImage } from './service.js';

export default async function fileRoutes(app: App) {
  const storage = app.deps.storage;
  // Each request works in its caller's scope; the orphan sweep is the platform's.
  const dbOf = (req: FastifyRequest) => tenantDb(app.deps, scopeOf(requireCaller(req)));

  app.route({
    ...fromContract(API.upload),
    handler: async (req, reply) => ({ result: await uploadImage(dbOf(req), storage, requireCaller(req), req, reply) }),
  });
  app.route({
    ...fromContract(API.uploadMulti),
    handler: async (req, reply) => ({ result: await uploadFiles(dbOf(req), storage, requireCaller(req), req, reply) }),
  });
  // Private: a session of the file's school (the web fetches it with the token and shows a blob URL).
  app.route({
    ...fromContract(API.uploaded),
    handler: async (req, reply) => {
      const file = await openUpload(dbOf(req), storage, requireCaller(req), req.params.name);
      const disposition = file.mime.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        // An API answer has no page policy (app.ts): a file shown inline gets one that runs nothing.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `${disposition}; filename="${req.params.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  });

  // At start the uploads folder is made (0700); files never attached to a record go after a
  // day: at start and every hour.
  const sweep = () =>
    void sweepOrphans(asPlatform(app.deps), storage).catch((err: unknown) => app.log.warn({ err: safeError(err) }, 'orphan file sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await storage.prepare?.();
    sweep();
    timer = setInterval(sweep, ORPHAN_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
