import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { WEB_BASE_PATH } from '@shala/contract';
import { AppProviders } from './app/App';
import { routes } from './app/routes';
import { wireClient } from './app/session';
import { createQueryClient } from './api/queryClient';
import { ErrorBoundary } from './components/ErrorBoundary';
import { initI18n } from './i18n';

async function start(): Promise<void> {
  await initI18n();
  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes, { basename: WEB_BASE_PATH });
  wireClient(queryClient, () => void router.navigate('/', { replace: true }));

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
