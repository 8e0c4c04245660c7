import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LateFeeRuleInput } from '@shala/contract';
import { call } from './client';
import { feeRecordKeys, useStudentAnswer } from './fees-records';

/**
 * Late fees (issue 25): a session's rule and its late fees (/latefee), and a late fee waived
 * (/addfeeemi). Keys under ['fees']: a saved rule changes the late fees every fee screen shows,
 * so it refreshes them all.
 */
export const lateFeeKeys = {
  settings: (sessionId: string) => ['fees', 'late', sessionId] as const,
};

/** The session's rule (null: none yet) and the late fees charged and waived on its unpaid instalments. */
export function useLateFeeSettings(sessionId: string) {
  return useQuery({
    queryKey: lateFeeKeys.settings(sessionId),
    queryFn: ({ signal }) => call('lateFeeGet', { query: { sessionId }, signal }),
  });
}

/** Saves the rule: the answer goes into the cache, then every other fee screen refreshes. */
export function useSaveLateFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LateFeeRuleInput) => call('lateFeeSave', { body }),
    onSuccess: async (settings) => {
      client.setQueryData(lateFeeKeys.settings(settings.sessionId), settings);
      await client.invalidateQueries({ queryKey: feeRecordKeys.all, predicate: (q) => q.queryKey[1] !== 'late' });
    },
  });
}

/** Waives an instalment's late fee with a reason; answers the student's fees. */
export function useWaiveLateFee() {
  const answer = useStudentAnswer();
  return useMutation({
    mutationFn: ({ emiId, reason }: { emiId: string; reason: string }) => call('lateFeeWaive', { params: { emiId }, body: { reason } }),
    onSuccess: answer,
  });
}
