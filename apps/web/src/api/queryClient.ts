import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not get better by asking again.
        retry: (failures, error) =>
          !(isApiError(error) && error.status != null && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
