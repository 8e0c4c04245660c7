import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { WEB_BASE_PATH, landingFor } from '@shala/contract/web';
import { createQueryClient } from '../api/queryClient';
import { readAuth } from '../api/auth';
import { prefetchLanding as prefetch } from '../api/dashboard';
import { registerCache } from './session';

// The query client loads with the signed-in layout, not with the login page.
const shared = createQueryClient();
registerCache(shared);

/** On the role's landing page (after the sign-in), asks for its dashboard's one answer before the layout renders (api/dashboard.ts). */
export function prefetchLanding(): void {
  const { role } = readAuth();
  if (role !== null && window.location.pathname === `${WEB_BASE_PATH}${landingFor(role)}`) prefetch(shared, role);
}

/** Provides the app's query client, unless one is already given (tests give their own). */
export function QueryScope({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return <>{children}</>;
  return <QueryClientProvider client={shared}>{children}</QueryClientProvider>;
}
