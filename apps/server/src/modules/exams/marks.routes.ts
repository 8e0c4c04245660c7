import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { markSheet, saveMarkSheet } from './marks.js';
import { examNotesOf, saveExamNotes } from './notes.js';

/** Routes of exams: marks entry and co-scholastic notes (helper 2). */
export async function marksRoutes(app: App): Promise<void> {
  serve(app, API.markSheet, (deps, caller, req) => markSheet(deps, caller, req.params));
  serve(app, API.markSheetSave, (deps, caller, req) => saveMarkSheet(deps, caller, req.params, req.body));
  serve(app, API.examNotes, (deps, caller, req) => examNotesOf(deps, caller, req.params));
  serve(app, API.examNotesSave, (deps, caller, req) => saveExamNotes(deps, caller, req.params, req.body));
}
