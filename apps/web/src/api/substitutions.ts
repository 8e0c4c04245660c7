import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubstitutionBody, SubstitutionDay } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/**
 * Substitution, the arrangement register (issue 42): a date's uncovered periods with their
 * suggestions, the save, the register's PDF and a teacher's own covers. Keys under ['substitutions'].
 */
export const substitutionKeys = {
  all: ['substitutions'] as const,
  day: (date: string) => ['substitutions', 'day', date] as const,
  mine: (from: string) => ['substitutions', 'mine', from] as const,
};

/** A date's uncovered periods, each with its saved arrangement, the free teachers ranked and a proposal. */
export function useSubstitutionDay(date: string | null) {
  return useQuery({
    queryKey: substitutionKeys.day(date ?? ''),
    queryFn: ({ signal }) => call('substitutionDay', { query: { date: date ?? '' }, signal }),
    enabled: !!date,
    staleTime: 30_000,
  });
}

/** Confirms (or removes) arrangements, all or none; the answer is the day again, put into the cache. */
export function useSaveSubstitutions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubstitutionBody) => call('substitutionSave', { body }),
    onSuccess: (day: SubstitutionDay, body) => {
      client.setQueryData(substitutionKeys.day(body.date), day);
      // An admin may cover a period too: its own extra periods are read again.
      void client.invalidateQueries({ queryKey: ['substitutions', 'mine'] });
    },
  });
}

/** The caller's extra periods over 7 days from `from` (the school's today when not given). */
export function useMyCovers(from?: string) {
  return useQuery({
    queryKey: substitutionKeys.mine(from ?? ''),
    queryFn: ({ signal }) => call('substitutionMine', { query: from ? { from } : {}, signal }),
    staleTime: 60_000,
  });
}

/** The date's arrangement register as an A4 PDF, in English or Hindi. */
export function downloadArrangementRegister(date: string, lang: 'en' | 'hi') {
  return downloadRoute('substitutionRegister', { query: { date, lang } }, `arrangement-register-${date}-${lang}.pdf`);
}
