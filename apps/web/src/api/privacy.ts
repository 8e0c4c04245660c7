import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditAction, ConsentFilter, ConsentInput, ReportLang } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/**
 * Children's data rights: a child's consent (the parent), the consent report and the audit log
 * (admins), the export and the erasure. Keys live under ['privacy', …]: any change refreshes all,
 * and the people lists too (an erased student's name changes).
 */
export const privacyKeys = {
  all: ['privacy'] as const,
  consent: (studentId: string) => ['privacy', 'consent', studentId] as const,
  report: (query: ConsentReportParams) => ['privacy', 'report', query] as const,
  audit: (query: AuditParams) => ['privacy', 'audit', query] as const,
};

export interface ConsentReportParams {
  page: number;
  pageSize: number;
  search?: string;
  status: ConsentFilter;
}

export interface AuditParams {
  page: number;
  pageSize: number;
  studentId?: string;
  search?: string;
  action?: AuditAction;
}

export function useChildConsent(studentId: string | undefined) {
  return useQuery({
    queryKey: privacyKeys.consent(studentId ?? ''),
    queryFn: ({ signal }) => call('consentGet', { params: { studentId: studentId ?? '' }, signal }),
    enabled: !!studentId,
  });
}

export function useConsentReport(query: ConsentReportParams) {
  return useQuery({
    queryKey: privacyKeys.report(query),
    queryFn: ({ signal }) =>
      call('consentReport', { query: { page: query.page, pageSize: query.pageSize, search: query.search?.trim() || undefined, status: query.status }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditParams) {
  return useQuery({
    queryKey: privacyKeys.audit(query),
    queryFn: ({ signal }) => call('auditList', { query: { page: query.page, pageSize: query.pageSize, studentId: query.studentId, search: query.search?.trim() || undefined, action: query.action }, signal }),
    placeholderData: keepPreviousData,
  });
}

function usePrivacyMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: privacyKeys.all });
      await client.invalidateQueries({ queryKey: ['people'] });
    },
  });
}

export const useGiveConsent = () =>
  usePrivacyMutation(({ studentId, body }: { studentId: string; body: ConsentInput }) => call('consentGive', { params: { studentId }, body }));
export const useWithdrawConsent = () => usePrivacyMutation(({ studentId }: { studentId: string }) => call('consentWithdraw', { params: { studentId } }));
export const useEraseStudent = () =>
  usePrivacyMutation(({ studentId, confirmName }: { studentId: string; confirmName: string }) => call('privacyErase', { params: { studentId }, body: { confirmName } }));

/** Saves everything held about a student, as JSON or a PDF in the reader's language. */
export function downloadStudentData(studentId: string, format: 'json' | 'pdf', lang: ReportLang) {
  return downloadRoute('privacyExport', { params: { studentId }, query: { format, lang } }, `student-data.${format}`);
}
