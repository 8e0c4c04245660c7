import { API, type PeopleKind } from '@shala/contract';
import type { App } from '../../app.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createPerson, getPerson, listPeople, myChild, myChildren, setPersonStatus, updatePerson } from './service.js';
import { exportPeople, importPeople } from './bulk.js';

/** Read, edit and toggle routes of one kind; create is separate where it takes a school. */
function mount(
  app: App,
  kind: PeopleKind,
  r: { list: typeof API.adminList; get: typeof API.teacherGet; update: typeof API.teacherUpdate; status: typeof API.teacherStatus },
) {
  app.route({
    ...fromContract(r.list),
    handler: async (req) => ({ result: await listPeople(app.deps, requireCaller(req), kind, req.query) }),
  });
  app.route({
    ...fromContract(r.get),
    handler: async (req) => ({ result: await getPerson(app.deps, requireCaller(req), kind, req.params.userId) }),
  });
  app.route({
    ...fromContract(r.update),
    handler: async (req) => ({
      message: 'Saved',
      result: await updatePerson(app.deps, requireCaller(req), kind, req.params.userId, req.body as never),
    }),
  });
  app.route({
    ...fromContract(r.status),
    handler: async (req) => {
      const result = await setPersonStatus(app.deps, requireCaller(req), kind, req.params.userId, req.body.status);
      return { message: result.status ? 'Activated' : 'Deactivated', result };
    },
  });
}

export default async function peopleRoutes(app: App) {
  mount(app, 'systemAdmins', { list: API.adminList, get: API.adminGet, update: API.adminUpdate, status: API.adminStatus });
  mount(app, 'principals', { list: API.principalList as typeof API.adminList, get: API.principalGet, update: API.principalUpdate, status: API.principalStatus });
  mount(app, 'teachers', { list: API.teacherList as typeof API.adminList, get: API.teacherGet, update: API.teacherUpdate, status: API.teacherStatus });
  mount(app, 'students', { list: API.studentList as typeof API.adminList, get: API.studentGet, update: API.studentUpdate as never, status: API.studentStatus });
  mount(app, 'parents', { list: API.parentList as typeof API.adminList, get: API.parentGet, update: API.parentUpdate as never, status: API.parentStatus });

  const creates = [
    ['principals', API.principalCreate],
    ['teachers', API.teacherCreate],
    ['students', API.studentCreate],
    ['parents', API.parentCreate],
  ] as const;
  for (const [kind, def] of creates) {
    app.route({
      ...fromContract(def),
      handler: async (req) => ({
        message: 'Account created',
        result: await createPerson(app.deps, requireCaller(req), kind, req.body as never),
      }),
    });
  }

  app.route({
    ...fromContract(API.myChildren),
    handler: async (req) => ({ result: await myChildren(app.deps, requireCaller(req)) }),
  });
  app.route({
    ...fromContract(API.myChild),
    handler: async (req) => ({ result: await myChild(app.deps, requireCaller(req), req.params.userId) }),
  });

  app.route({
    ...fromContract(API.importPeople),
    handler: async (req, reply) => ({ result: await importPeople(app.deps, requireCaller(req), req.params.kind, req.query.dryRun, req, reply) }),
  });
  app.route({
    ...fromContract(API.exportPeople),
    handler: async (req, reply) => exportPeople(app.deps, requireCaller(req), req.params.kind, req.query, reply),
  });
}
