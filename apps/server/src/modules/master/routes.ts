import { API, type Place } from '@shala/contract';
import type { FastifyReply } from 'fastify';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { listCities, listDistricts, listStates } from './service.js';

/** Master data changes only with a release: the browser may keep a list for a day. */
function cached(reply: FastifyReply, result: Place[]) {
  reply.header('cache-control', 'private, max-age=86400');
  return { result };
}

export default async function masterRoutes(app: App) {
  app.route({
    ...fromContract(API.states),
    handler: async (_req, reply) => cached(reply, await listStates(app.deps)),
  });
  app.route({
    ...fromContract(API.districts),
    handler: async (req, reply) => cached(reply, await listDistricts(app.deps, req.params.stateId)),
  });
  app.route({
    ...fromContract(API.cities),
    handler: async (req, reply) => cached(reply, await listCities(app.deps, req.params.districtId)),
  });
}
