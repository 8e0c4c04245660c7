import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayOrder, PayOrderInput, PayVerifyInput, RazorpaySettingsInput } from '@shala/contract';
import { call } from './client';

/**
 * Fees paid online (issue 25): the school's gateway settings (the principal), and a parent's order
 * and Checkout's return. A settled payment changes the child's fees: `['fees']` is invalidated.
 */
export const paymentSettingsKey = ['fees', 'paymentsettings'] as const;

export function useGatewaySettings() {
  return useQuery({ queryKey: paymentSettingsKey, queryFn: ({ signal }) => call('paymentSettingsGet', { signal }) });
}

export function useSaveRazorpay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RazorpaySettingsInput) => call('paymentSettingsRazorpay', { body }),
    onSuccess: (result) => client.setQueryData(paymentSettingsKey, result),
  });
}

export function useRemoveRazorpay() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => call('paymentSettingsRazorpayRemove', {}), onSuccess: (result) => client.setQueryData(paymentSettingsKey, result) });
}

export function useOpenOrder() {
  return useMutation({ mutationFn: (body: PayOrderInput) => call('payOrderCreate', { body }) });
}

export function useVerifyPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayVerifyInput) => call('payVerify', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['fees'] }),
  });
}

export type { PayOrder };

/** The principal refunds an unmatched online payment; the day's settlement then shows it refunded. */
export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (orderId: string) => call('feeOrderRefund', { params: { orderId } }), onSuccess: () => client.invalidateQueries({ queryKey: ['fees', 'reports'] }) });
}
