import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { requireCaller } from '../../policy/index.js';
import { markSheet, saveMarkSheet } from './marks.js';
import { examNotesOf, saveExamNotes } from './notes.js';

/** Routes of exams: marks entry and co-scholastic notes (helper 2). */
export async function marksRoutes(app: App): Promise<void> {
  app.route({ ...fromContract(API.markSheet), handler: async (req) => ({ result: await markSheet(app.deps, requireCaller(req), req.params) }) });
  app.route({ ...fromContract(API.markSheetSave), handler: async (req) => ({ result: await saveMarkSheet(app.deps, requireCaller(req), req.params, req.body) }) });
  app.route({ ...fromContract(API.examNotes), handler: async (req) => ({ result: await examNotesOf(app.deps, requireCaller(req), req.params) }) });
  app.route({ ...fromContract(API.examNotesSave), handler: async (req) => ({ result: await saveExamNotes(app.deps, requireCaller(req), req.params, req.body) }) });
}
