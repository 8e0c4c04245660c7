import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamNotes, ExamNotesBody, MarkSheet, MarkSheetBody } from '@shala/contract';
import { call } from './client';
import { examKeys } from './exams';

/** Marks entry and co-scholastic notes (issue 11): a class's sheet in a subject, a class's notes. */
export const examMarkKeys = {
  sheet: (examId: string, assignClassId: string, subjectId: string) => [...examKeys.all, 'marks', examId, assignClassId, subjectId] as const,
  notes: (examId: string, assignClassId: string) => [...examKeys.all, 'notes', examId, assignClassId] as const,
};

export interface SheetKey {
  examId: string;
  assignClassId: string;
  subjectId: string;
}

/** A class's marks in one subject of an exam (null: nothing chosen yet). */
export function useMarkSheet(key: SheetKey | null) {
  return useQuery({
    queryKey: examMarkKeys.sheet(key?.examId ?? '', key?.assignClassId ?? '', key?.subjectId ?? ''),
    queryFn: ({ signal }) => call('markSheet', { params: key!, signal }),
    enabled: !!key,
  });
}

/** Saves the sheet in one request; the answer is the sheet, and every exam screen refreshes. */
export function useSaveMarkSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: SheetKey; body: MarkSheetBody }) => call('markSheetSave', { params: key, body }),
    onSuccess: (sheet: MarkSheet) => {
      client.setQueryData(examMarkKeys.sheet(sheet.examId, sheet.assignClassId, sheet.subjectId), sheet);
      void client.invalidateQueries({ queryKey: examKeys.all, predicate: (q) => q.queryKey[1] !== 'marks' });
    },
  });
}

export interface NotesKey {
  examId: string;
  assignClassId: string;
}

/** A class's co-scholastic grades, remarks and term attendance for an exam. */
export function useExamNotes(key: NotesKey | null) {
  return useQuery({
    queryKey: examMarkKeys.notes(key?.examId ?? '', key?.assignClassId ?? ''),
    queryFn: ({ signal }) => call('examNotes', { params: key!, signal }),
    enabled: !!key,
  });
}

export function useSaveExamNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: NotesKey; body: ExamNotesBody }) => call('examNotesSave', { params: key, body }),
    onSuccess: (notes: ExamNotes) => {
      client.setQueryData(examMarkKeys.notes(notes.examId, notes.assignClassId), notes);
    },
  });
}
