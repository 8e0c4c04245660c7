import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { createNotice, getNotice, listNotices, noticeBoard, setNoticeStatus, updateNotice } from './service.js';

/** The notice board (issue 10): the principal's notices and each role's board. */
export default async function noticesRoutes(app: App) {
  app.route({
    ...fromContract(API.noticeCreate),
    handler: async (req) => ({ message: 'Notice published', result: await createNotice(app.deps, requireCaller(req), req.body) }),
  });
  app.route({
    ...fromContract(API.noticeList),
    handler: async (req) => ({ result: await listNotices(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.noticeBoard),
    handler: async (req) => ({ result: await noticeBoard(app.deps, requireCaller(req), req.query) }),
  });
  app.route({
    ...fromContract(API.noticeGet),
    handler: async (req) => ({ result: await getNotice(app.deps, requireCaller(req), req.params.noticeId) }),
  });
  app.route({
    ...fromContract(API.noticeUpdate),
    handler: async (req) => ({ message: 'Saved', result: await updateNotice(app.deps, requireCaller(req), req.params.noticeId, req.body) }),
  });
  app.route({
    ...fromContract(API.noticeStatus),
    handler: async (req) => ({ message: 'Saved', result: await setNoticeStatus(app.deps, requireCaller(req), req.params.noticeId, req.body.status) }),
  });
}
