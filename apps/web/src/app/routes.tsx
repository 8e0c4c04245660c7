import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { LANDING, WEB_ROUTES, type WebRoute } from '@shala/contract';
import { RouteError } from '../components/RouteError';
import { PageLoader } from '../components/PageLoader';
import { PublicOnly, RequireAuth, RoleGate, ToLanding } from './guards';

// Every screen loads on demand; the layout (header, socket.io) too, so the login chunk stays small.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const OtpPage = lazy(() => import('../features/auth/OtpPage'));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const ComingSoonPage = lazy(() => import('../features/placeholder/ComingSoonPage'));

export interface ScreenProps {
  route: WebRoute;
}

const DASHBOARD_PATHS = new Set<string>(['/dashboard', ...Object.values(LANDING)]);

/** The screen that renders a route of the contract's table. */
export function screenFor(route: WebRoute): ComponentType<ScreenProps> {
  if (DASHBOARD_PATHS.has(route.path)) return DashboardPage;
  if (route.path === '/profile') return ProfilePage;
  return ComingSoonPage;
}

function screenRoute(route: WebRoute): RouteObject {
  const Screen = screenFor(route);
  return {
    path: route.path,
    element: (
      <RoleGate route={route}>
        <Suspense fallback={<PageLoader />}>
          <Screen route={route} />
        </Suspense>
      </RoleGate>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicOnly />,
        children: [{ path: '/', element: <LoginPage /> }],
      },
      {
        element: (
          <Suspense fallback={<PageLoader minHeight="100vh" />}>
            <Outlet />
          </Suspense>
        ),
        children: [
          { path: '/frgtpass', element: <ForgotPasswordPage /> },
          { path: '/otp', element: <OtpPage /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [...WEB_ROUTES.map(screenRoute), { path: '*', element: <ToLanding /> }],
          },
        ],
      },
    ],
  },
];
