import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpiClaimStatus, UpiSettingsInput } from '@shala/contract';
import { call } from './client';

/**
 * Fees by UPI without a gateway and the daily settlement (issue 25): the school's UPI id (the
 * principal's /paymentsettings), an instalment's link and QR code and the parent's reference (the
 * fee screens of parents and students), the office's confirmations (/feeupiclaims) and the
 * settlement (/feereports). Keys under ['fees'], so a confirmation refreshes every fee screen.
 */
export const feeUpiKeys = {
  settings: ['fees', 'upi', 'settings'] as const,
  pay: (emiId: string) => ['fees', 'upi', 'pay', emiId] as const,
  claims: (status: UpiClaimStatus, page: number, pageSize: number) => ['fees', 'upi', 'claims', status, page, pageSize] as const,
  settlement: (date: string) => ['fees', 'reports', 'settlement', date] as const,
};

export function useUpiSettings() {
  return useQuery({ queryKey: feeUpiKeys.settings, queryFn: ({ signal }) => call('upiSettingsGet', { signal }) });
}

export function useSaveUpiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpiSettingsInput) => call('upiSettingsSave', { body }),
    onSuccess: async (saved) => {
      client.setQueryData(feeUpiKeys.settings, saved);
      // A student's fees say whether UPI is offered (payOptions).
      await client.invalidateQueries({ queryKey: ['fees', 'student'] });
    },
  });
}

/** An instalment's UPI link and QR code (fetched when the modal opens). */
export function useUpiPay(emiId: string) {
  return useQuery({ queryKey: feeUpiKeys.pay(emiId), queryFn: ({ signal }) => call('feeUpiPay', { params: { emiId }, signal }), staleTime: 0, gcTime: 0 });
}

export function useClaimUpi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ emiId, reference }: { emiId: string; reference: string }) => call('feeUpiClaim', { params: { emiId }, body: { reference } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fees'] }),
  });
}

export function useUpiClaims(status: UpiClaimStatus, page: number, pageSize: number) {
  return useQuery({
    queryKey: feeUpiKeys.claims(status, page, pageSize),
    queryFn: ({ signal }) => call('feeUpiClaims', { query: { status, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConfirmUpiClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, paidOn }: { claimId: string; paidOn?: string }) => call('feeUpiConfirm', { params: { claimId }, body: { paidOn } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fees'] }),
  });
}

export function useRejectUpiClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, reason }: { claimId: string; reason: string }) => call('feeUpiReject', { params: { claimId }, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fees', 'upi'] }),
  });
}

/** One school day's settlement (`enabled` false while the date is not a date). */
export function useSettlement(date: string, enabled = true) {
  return useQuery({
    queryKey: feeUpiKeys.settlement(date),
    queryFn: ({ signal }) => call('feeSettlement', { query: { date, format: 'json', lang: 'en' }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
