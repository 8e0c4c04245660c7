import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { RouteAnnouncer } from '../components/RouteAnnouncer';
import { PageLoader } from '../components/PageLoader';
import { loadAllTexts } from '../i18n';
import { PublicOnly, RequireAuth } from './guards';
import { loadSignedInApp, signedInApp } from './loadSignedIn';
import LoginPage from '../features/auth/LoginPage';

// Every screen loads on demand; the layout (header, socket.io) too, so the login chunk stays small.
// The sign-in page is in the login chunk itself (chunks.ts): imported as it is, it renders in the
// first pass, where a lazy one showed the loader first and itself a throttled moment later (React
// holds a revealed Suspense boundary back for 300 ms).

const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const OtpPage = lazy(() => import('../features/auth/OtpPage'));
// A certificate's public verification page (its QR code): signed in or not, with every text.
const VerifyPage = lazy(() => Promise.all([import('../features/certificates/VerifyPage'), loadAllTexts()]).then(([page]) => page));
// The signed-in layout comes with its texts and the dashboard's (the login screen has only its own;
// a screen brings the rest: signedIn.tsx), and with the screens' map (signedIn.tsx), all fetched
// once the sign-in form is touched (loadSignedIn.ts). The sign-in waits for them, so that after it
// the layout, the screens' map and the dashboard render at once, without a loader in between; a
// page opened signed in loads them here. The dashboard's data is asked for before the layout
// renders.
const LazyLayout = lazy(() => loadSignedInApp().then(({ layout }) => layout));
const LazyRoutes = lazy(() => loadSignedInApp().then(({ routes }) => routes));

function AppLayout() {
  const loaded = signedInApp();
  // Once as it mounts, before it renders: the landing's data is on its way while the layout draws.
  useState(() => loaded?.layout.prefetchLanding());
  return loaded ? <loaded.layout.default /> : <LazyLayout />;
}

function SignedInRoutes() {
  const loaded = signedInApp();
  return loaded ? <loaded.routes.default /> : <LazyRoutes />;
}

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
