import { API } from '@shala/contract';
import { serve } from '../../http/serve.js';
import type { App } from '../../http/types.js';
import { correctMark, examCompletion, listCorrections, lockExam, publishExam, unlockExam, withdrawExam } from './review.js';
import { applyTemplate, createExam, deleteExam, getScheme, listExams, saveScheme, updateExam } from './scheme.js';

/** Routes of exams: the scheme, exams, review, lock, publish and corrections (helper 1). */
export async function schemeRoutes(app: App): Promise<void> {
  serve(app, API.examScheme, (deps, caller, req) => getScheme(deps, caller, req.query));
  serve(app, API.examSchemeSave, (deps, caller, req) => saveScheme(deps, caller, req.body));
  serve(app, API.examSchemeTemplate, (deps, caller, req) => applyTemplate(deps, caller, req.body));
  serve(app, API.examList, (deps, caller, req) => listExams(deps, caller, req.query));
  serve(app, API.examCreate, (deps, caller, req) => createExam(deps, caller, req.body));
  serve(app, API.examUpdate, (deps, caller, req) => updateExam(deps, caller, req.params.examId, req.body));
  serve(app, API.examDelete, (deps, caller, req) => deleteExam(deps, caller, req.params.examId));
  serve(app, API.examLock, (deps, caller, req) => lockExam(deps, caller, req.params.examId));
  serve(app, API.examUnlock, (deps, caller, req) => unlockExam(deps, caller, req.params.examId));
  serve(app, API.examPublish, (deps, caller, req) => publishExam(deps, caller, req.params.examId, req.body));
  serve(app, API.examWithdraw, (deps, caller, req) => withdrawExam(deps, caller, req.params.examId, req.body));
  serve(app, API.examCompletion, (deps, caller, req) => examCompletion(deps, caller, req.params.examId, req.query));
  serve(app, API.examCorrect, (deps, caller, req) => correctMark(deps, caller, req.params.examId, req.body));
  serve(app, API.examCorrections, (deps, caller, req) => listCorrections(deps, caller, req.params.examId, req.query));
}
