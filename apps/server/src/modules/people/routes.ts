import { API, PEOPLE_API, PEOPLE_KINDS, type PeopleKind } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createPerson, getPerson, listPeople, myChild, myChildren, setPersonStatus, updatePerson } from './service.js';
import { exportPeople, importPeople } from './bulk.js';

/** The routes of one kind of person, from its entry in the contract's PEOPLE_API. */
function mountKind(app: App, kind: PeopleKind) {
  const r: (typeof PEOPLE_API)[PeopleKind] = PEOPLE_API[kind];
  serve(app, r.list, (deps, caller, req) => listPeople(deps, caller, kind, req.query));
  app.route({
    ...fromContract(r.get),
    // Students take `?sessionId=` (their class in that session); the other kinds have no query.
    handler: async (req) => ({ result: await getPerson(app.deps, requireCaller(req), kind, req.params.userId, (req.query ?? {}) as { sessionId?: string }) }),
  });
  serve(app, r.update, (deps, caller, req) => updatePerson(deps, caller, kind, req.params.userId, req.body), 'Saved');
  app.route({
    ...fromContract(r.status),
    handler: async (req) => {
      const result = await setPersonStatus(app.deps, requireCaller(req), kind, req.params.userId, req.body.status);
      return { message: result.status ? 'Activated' : 'Deactivated', result };
    },
  });
  if ('create' in r) {
    serve(app, r.create, (deps, caller, req) => createPerson(deps, caller, kind, req.body), 'Account created');
  }
}

export default async function peopleRoutes(app: App) {
  for (const kind of PEOPLE_KINDS) mountKind(app, kind);

  serve(app, API.myChildren, (deps, caller) => myChildren(deps, caller));
  serve(app, API.myChild, (deps, caller, req) => myChild(deps, caller, req.params.userId));

  app.route({
    ...fromContract(API.importPeople),
    handler: async (req, reply) => ({ result: await importPeople(app.deps, requireCaller(req), req.params.kind, req.query.dryRun, req, reply) }),
  });
  app.route({
    ...fromContract(API.exportPeople),
    handler: async (req, reply) => exportPeople(app.deps, requireCaller(req), req.params.kind, req.query, reply),
  });
}
