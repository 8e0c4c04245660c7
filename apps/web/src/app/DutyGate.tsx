import type { ReactNode } from 'react';
import { admits, needsDuty, type Role, type WebRoute } from '@shala/contract/web';
import { useAuth } from '../api/auth';
import { useProfile } from '../api/queries';
import { PageLoader } from '../components/PageLoader';
import { Forbidden } from './guards';

/**
 * A route that a role opens only with a duty (issue 42: a teacher's arrangement register): once the
 * profile says the caller's duties, the screen or the 403 page. Other roles pass at once. (Apart
 * from `guards.tsx`, which the login page loads: the profile's query is the signed-in layout's.)
 */
export function DutyGate({ route, children }: { route: WebRoute; children: ReactNode }) {
  const { role } = useAuth();
  return needsDuty(route, role) ? <DutyCheck route={route} role={role}>{children}</DutyCheck> : <>{children}</>;
}

function DutyCheck({ route, role, children }: { route: WebRoute; role: Role | null; children: ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  return admits(route, role, profile.data?.duties ?? []) ? <>{children}</> : <Forbidden />;
}
