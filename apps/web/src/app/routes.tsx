import { lazy, Suspense } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { RouteAnnouncer } from '../components/RouteAnnouncer';
import { PageLoader } from '../components/PageLoader';
import { loadAllTexts } from '../i18n';
import { PublicOnly, RequireAuth } from './guards';
import { loadLayout, loadSignedIn } from './loadSignedIn';

// Every screen loads on demand; the layout (header, socket.io) too, so the login chunk stays small.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const OtpPage = lazy(() => import('../features/auth/OtpPage'));
// A certificate's public verification page (its QR code): signed in or not, with every text.
const VerifyPage = lazy(() => Promise.all([import('../features/certificates/VerifyPage'), loadAllTexts()]).then(([page]) => page));
// The signed-in layout comes with every text of the language (the login screen has only its own).
// Its screens' map is a module of its own (signedIn.tsx), fetched alongside rather than after it
// (the sign-in form starts fetching them all once touched: loadSignedIn.ts). Once they are in, the
// dashboard's data is asked for before the layout renders.
const AppLayout = lazy(() =>
  Promise.all([loadLayout(), loadAllTexts(), loadSignedIn()]).then(([layout]) => {
    layout.prefetchLanding();
    return layout;
  }),
);
const SignedInRoutes = lazy(loadSignedIn);

/**
 * Around every page: the route announcer (focus and a polite announcement on route changes) and
 * the error boundary (a crashed screen shows the friendly error; the next path gets another chance).
 */
function RouteBoundary() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteAnnouncer />
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RouteBoundary />,
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
          { path: '/verify/:token', element: <VerifyPage /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [{ path: '*', element: <SignedInRoutes /> }],
      },
    ],
  },
];
