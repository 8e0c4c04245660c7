// Mantine's global styles; each component's come with it (mantine-styles.ts), in the `mantine` layer.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
// In the dev server only: all of Mantine's components' styles (mantine-styles.ts).
import 'virtual:mantine-components';
// The theme's CSS variables, written by the build (mantine-styles.ts), not computed as the app starts.
import 'virtual:mantine-variables.css';
import './app/global.css';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { WEB_BASE_PATH } from '@shala/contract/web';
import { AppProviders } from './app/App';
import { routes } from './app/routes';
import { wireClient } from './app/session';
import { ErrorBoundary } from './components/ErrorBoundary';
import { initI18n } from './i18n';

// The declarative router (BrowserRouter + useRoutes) rather than the data router: the same route
// table, and about 15 KB less JavaScript on the login page (its budget is 150 KB gzip).
function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => wireClient(() => void navigate('/', { replace: true })), [navigate]);
  return useRoutes(routes);
}

async function start(): Promise<void> {
  await initI18n();
  wireClient(() => window.location.assign(`${WEB_BASE_PATH}/`));

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <ErrorBoundary>
          <BrowserRouter basename={WEB_BASE_PATH}>
            <AppRoutes />
          </BrowserRouter>
        </ErrorBoundary>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
