import { useQuery } from '@tanstack/react-query';
import { call } from './client';

const FOREVER = { staleTime: Infinity, gcTime: 60 * 60_000 } as const;

/** States and union territories (api/states); master data rarely changes. */
export function useStates() {
  return useQuery({ queryKey: ['master', 'states'], queryFn: ({ signal }) => call('states', { signal }), ...FOREVER });
}

export function useDistricts(stateId: string | null | undefined) {
  return useQuery({
    queryKey: ['master', 'districts', stateId],
    queryFn: ({ signal }) => call('districts', { params: { stateId: stateId ?? '' }, signal }),
    enabled: !!stateId,
    ...FOREVER,
  });
}

export function useCities(districtId: string | null | undefined) {
  return useQuery({
    queryKey: ['master', 'cities', districtId],
    queryFn: ({ signal }) => call('cities', { params: { districtId: districtId ?? '' }, signal }),
    enabled: !!districtId,
    ...FOREVER,
  });
}
