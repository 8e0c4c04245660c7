import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { createNotice, getNotice, listNotices, noticeBoard, setNoticeStatus, updateNotice } from './service.js';

/** The notice board (issue 10): the principal's notices and each role's board. */
export default async function noticesRoutes(app: App) {
  serve(app, API.noticeCreate, (deps, caller, req) => createNotice(deps, caller, req.body), 'Notice published');
  serve(app, API.noticeList, (deps, caller, req) => listNotices(deps, caller, req.query));
  serve(app, API.noticeBoard, (deps, caller, req) => noticeBoard(deps, caller, req.query));
  serve(app, API.noticeGet, (deps, caller, req) => getNotice(deps, caller, req.params.noticeId));
  serve(app, API.noticeUpdate, (deps, caller, req) => updateNotice(deps, caller, req.params.noticeId, req.body), 'Saved');
  serve(app, API.noticeStatus, (deps, caller, req) => setNoticeStatus(deps, caller, req.params.noticeId, req.body.status), 'Saved');
}
