import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { createStorage } from '../../storage/index.js';
import { openUpload, uploadFiles, uploadImage } from './service.js';

export default async function fileRoutes(app: App) {
  const storage = createStorage(app.deps.config);

  app.route({
    ...fromContract(API.upload),
    handler: async (req, reply) => ({ result: await uploadImage(storage, req, reply) }),
  });
  app.route({
    ...fromContract(API.uploadMulti),
    handler: async (req, reply) => ({ result: await uploadFiles(storage, req, reply) }),
  });
  // Public: the unguessable name is the capability (avatars load in <img>, which sends no token).
  app.route({
    ...fromContract(API.uploaded),
    handler: async (req, reply) => {
      const file = await openUpload(storage, req.params.name);
      const disposition = file.mime.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${disposition}; filename="${req.params.name}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  });
}
