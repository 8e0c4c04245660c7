import { useCallback } from 'react';
import { useFormat } from '../../lib/format';

/**
 * Dates of fees in the reader's language (`YYYY-MM-DD`, school-local). A module of its own: the
 * dashboard's cards use it without importing the fee screens.
 */
export function useFeeDate() {
  const { date } = useFormat();
  return useCallback((d: string) => date(d.slice(0, 10)), [date]);
}
