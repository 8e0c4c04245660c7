import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportBatch, ReportLang } from '@shala/contract';
import { call } from './client';
import { examKeys } from './exams';
import { downloadRoute } from './transfer';

/** Results and report cards (issue 11, part 3), under `examKeys.all` so any exam save refreshes them. */
export const reportKeys = {
  classResults: (assignClassId: string) => [...examKeys.all, 'results', assignClassId] as const,
  card: (studentId: string, sessionId: string | null) => [...examKeys.all, 'card', studentId, sessionId] as const,
  batch: (batchId: string) => [...examKeys.all, 'batch', batchId] as const,
};

/** A class's results over its session's exams (staff). */
export function useClassResults(assignClassId: string) {
  return useQuery({
    queryKey: reportKeys.classResults(assignClassId),
    queryFn: ({ signal }) => call('classResults', { params: { assignClassId }, signal }),
    enabled: !!assignClassId,
  });
}

/** A student's report card (null session: the current one). */
export function useReportCard(studentId: string | null | undefined, sessionId: string | null = null) {
  return useQuery({
    queryKey: reportKeys.card(studentId ?? '', sessionId),
    queryFn: ({ signal }) => call('reportCard', { params: { studentId: studentId! }, query: { sessionId: sessionId ?? undefined }, signal }),
    enabled: !!studentId,
  });
}

/** Saves a student's report card as a PDF in a language. */
export function downloadReportCard(studentId: string, lang: ReportLang, sessionId?: string | null) {
  return downloadRoute('reportCardPdf', { params: { studentId }, query: { lang, sessionId: sessionId ?? undefined } }, `report-card-${lang}.pdf`);
}

/** Asks for a class's cards in one PDF (made off the request path). */
export function useCreateReportBatch(assignClassId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lang: ReportLang) => call('reportBatchCreate', { params: { assignClassId }, body: { lang } }),
    onSuccess: (batch) => qc.setQueryData(reportKeys.batch(batch.batchId), batch),
  });
}

const waiting = (b: ReportBatch | undefined) => b?.status === 'queued' || b?.status === 'running';

/** A batch's state, asked every second while it is being made. */
export function useReportBatch(batchId: string | null) {
  return useQuery({
    queryKey: reportKeys.batch(batchId ?? ''),
    queryFn: ({ signal }) => call('reportBatchGet', { params: { batchId: batchId! }, signal }),
    enabled: !!batchId,
    refetchInterval: (q) => (waiting(q.state.data) ? 1000 : false),
  });
}

/** Saves a finished batch's PDF. */
export function downloadReportBatch(batchId: string) {
  return downloadRoute('reportBatchFile', { params: { batchId } }, 'report-cards.pdf');
}
