import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { landingFor, type WebRoute } from '@shala/contract/web';
import { isSignedIn, useAuth } from '../api/auth';
import { PageLoader } from '../components/PageLoader';

/** Public pages that a signed-in user skips (the login page sends it to its landing route). */
export function PublicOnly() {
  const auth = useAuth();
  if (isSignedIn(auth)) return <Navigate to={landingFor(auth.role)} replace />;
  return (
    <Suspense fallback={<PageLoader minHeight="100vh" />}>
      <Outlet />
    </Suspense>
  );
}

/** Every non-public path: a visitor without a valid stored role (or token) goes to `/`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (!isSignedIn(auth)) return <Navigate to="/" replace />;
  return <Suspense fallback={<PageLoader minHeight="100vh" />}>{children}</Suspense>;
}

const StatusPage = lazy(() => import('../features/status/StatusPage'));

/** The 403 page (inside the layout). */
export function Forbidden() {
  return (
    <Suspense fallback={<PageLoader />}>
      <StatusPage status={403} />
    </Suspense>
  );
}

/**
 * A route the role may not open shows the 403 page (inside the layout), never a silent redirect.
 * A role that opens it only with a duty is checked against the profile's duties by `DutyGate`.
 */
export function RoleGate({ route, children }: { route: WebRoute; children: ReactNode }) {
  const { role } = useAuth();
  if (role == null || !(route.roles as readonly number[]).includes(role)) return <Forbidden />;
  return <>{children}</>;
}
