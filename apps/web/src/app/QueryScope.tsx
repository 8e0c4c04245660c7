import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/queryClient';
import { registerCache } from './session';

// The query client loads with the signed-in layout, not with the login page.
const shared = createQueryClient();
registerCache(shared);

/** Provides the app's query client, unless one is already given (tests give their own). */
export function QueryScope({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return <>{children}</>;
  return <QueryClientProvider client={shared}>{children}</QueryClientProvider>;
}
