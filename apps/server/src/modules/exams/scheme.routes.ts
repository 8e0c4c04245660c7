import { API } from '@shala/contract';
import { fromContract } from '../../http/route.js';
import type { App } from '../../http/types.js';
import { requireCaller } from '../../policy/index.js';
import { correctMark, examCompletion, listCorrections, lockExam, publishExam, unlockExam, withdrawExam } from './review.js';
import { applyTemplate, createExam, deleteExam, getScheme, listExams, saveScheme, updateExam } from './scheme.js';

/** Routes of exams: the scheme, exams, review, lock, publish and corrections (helper 1). */
export async function schemeRoutes(app: App): Promise<void> {
  const { deps } = app;
  app.route({ ...fromContract(API.examScheme), handler: async (req) => ({ result: await getScheme(deps, requireCaller(req), req.query) }) });
  app.route({ ...fromContract(API.examSchemeSave), handler: async (req) => ({ result: await saveScheme(deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.examSchemeTemplate), handler: async (req) => ({ result: await applyTemplate(deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.examList), handler: async (req) => ({ result: await listExams(deps, requireCaller(req), req.query) }) });
  app.route({ ...fromContract(API.examCreate), handler: async (req) => ({ result: await createExam(deps, requireCaller(req), req.body) }) });
  app.route({ ...fromContract(API.examUpdate), handler: async (req) => ({ result: await updateExam(deps, requireCaller(req), req.params.examId, req.body) }) });
  app.route({ ...fromContract(API.examDelete), handler: async (req) => ({ result: await deleteExam(deps, requireCaller(req), req.params.examId) }) });
  app.route({ ...fromContract(API.examLock), handler: async (req) => ({ result: await lockExam(deps, requireCaller(req), req.params.examId) }) });
  app.route({ ...fromContract(API.examUnlock), handler: async (req) => ({ result: await unlockExam(deps, requireCaller(req), req.params.examId) }) });
  app.route({ ...fromContract(API.examPublish), handler: async (req) => ({ result: await publishExam(deps, requireCaller(req), req.params.examId, req.body) }) });
  app.route({ ...fromContract(API.examWithdraw), handler: async (req) => ({ result: await withdrawExam(deps, requireCaller(req), req.params.examId, req.body) }) });
  app.route({ ...fromContract(API.examCompletion), handler: async (req) => ({ result: await examCompletion(deps, requireCaller(req), req.params.examId, req.query) }) });
  app.route({ ...fromContract(API.examCorrect), handler: async (req) => ({ result: await correctMark(deps, requireCaller(req), req.params.examId, req.body) }) });
  app.route({ ...fromContract(API.examCorrections), handler: async (req) => ({ result: await listCorrections(deps, requireCaller(req), req.params.examId, req.query) }) });
}
