import { API } from '@shala/contract';
import { serve } from '../../http/serve.js';
import type { App } from '../../http/types.js';
import { examAnalysis, studentProgress } from './analysis.js';

/** Routes of exams: analysis and progress (helper 4). */
export async function analysisRoutes(app: App): Promise<void> {
  serve(app, API.examAnalysis, (deps, caller, req) => examAnalysis(deps, caller, req.params.examId, req.params.assignClassId));
  serve(app, API.studentProgress, (deps, caller, req) => studentProgress(deps, caller, req.params.studentId, req.query.sessionId));
}
