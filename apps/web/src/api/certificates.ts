import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateInput, CertificateLang, CertificateStatus, CertificateType } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/**
 * Certificates (issue 26): the register (/certificates, 112 and 113), issuing with its preview
 * (the principal), cancelling, the PDFs, a parent's or student's shared certificates
 * (/mycertificates) and the public verification page (/verify/:token).
 */
export interface CertificateFilter {
  page: number;
  pageSize: number;
  type?: CertificateType;
  status?: CertificateStatus;
  sessionId?: string;
  studentId?: string;
  search?: string;
}

export const certificateKeys = {
  all: ['certificates'] as const,
  list: (q: CertificateFilter) => ['certificates', 'list', q] as const,
  mine: (page: number, pageSize: number) => ['certificates', 'mine', page, pageSize] as const,
  preview: (type: CertificateType, studentId: string, financialYear?: number) => ['certificates', 'preview', type, studentId, financialYear ?? null] as const,
  verify: (token: string) => ['certificates', 'verify', token] as const,
};

export function useCertificates(q: CertificateFilter) {
  return useQuery({
    queryKey: certificateKeys.list(q),
    queryFn: ({ signal }) => call('certificateList', { query: { ...q, search: q.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyCertificates(page: number, pageSize: number) {
  return useQuery({
    queryKey: certificateKeys.mine(page, pageSize),
    queryFn: ({ signal }) => call('myCertificates', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the form fills itself with (null student: not asked yet). */
export function useCertificatePreview(type: CertificateType, studentId: string | null, financialYear?: number) {
  return useQuery({
    queryKey: certificateKeys.preview(type, studentId ?? '', financialYear),
    queryFn: ({ signal }) => call('certificatePreview', { query: { type, studentId: studentId!, financialYear }, signal }),
    enabled: !!studentId,
    staleTime: 0,
  });
}

export function useIssueCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateInput) => call('certificateIssue', { body }),
    // A TC sets the student as left: the people lists change too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: certificateKeys.all }), client.invalidateQueries({ queryKey: ['people', 'students'] })]),
  });
}

export function useCancelCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateId, reason, restoreStudent }: { certificateId: string; reason: string; restoreStudent: boolean }) => call('certificateCancel', { params: { certificateId }, body: { reason, restoreStudent } }),
    // A TC cancelled with its student restored: the people lists change too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: certificateKeys.all }), client.invalidateQueries({ queryKey: ['people', 'students'] })]),
  });
}

/** Saves a certificate's PDF in a language (the server counts the print: the second says DUPLICATE). */
export function downloadCertificate(c: { certificateId: string; type: CertificateType; number: number }, lang: CertificateLang) {
  return downloadRoute('certificatePdf', { params: { certificateId: c.certificateId }, query: { lang } }, `${c.type}-${c.number}-${lang}.pdf`);
}

/** The public verification page's five facts (no sign-in). */
export function useVerification(token: string) {
  return useQuery({ queryKey: certificateKeys.verify(token), queryFn: ({ signal }) => call('certificateVerify', { params: { token }, signal }), retry: false });
}
