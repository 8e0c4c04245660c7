import { API } from '@shala/contract';
import { fromContract } from '../../http/route.js';
import type { App } from '../../http/types.js';
import { requireCaller } from '../../policy/index.js';
import { examAnalysis, studentProgress } from './analysis.js';

/** Routes of exams: analysis and progress (helper 4). */
export async function analysisRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(API.examAnalysis),
    handler: async (req) => ({ result: await examAnalysis(app.deps, requireCaller(req), req.params.examId, req.params.assignClassId) }),
  });
  app.route({
    ...fromContract(API.studentProgress),
    handler: async (req) => ({ result: await studentProgress(app.deps, requireCaller(req), req.params.studentId, req.query.sessionId) }),
  });
}
