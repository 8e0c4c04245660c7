import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ALL_ROLES, ROLE, WEB_ROUTES } from '@shala/contract';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { AppProviders } from './App';
import { createQueryClient } from '../api/queryClient';
import { i18n } from '../i18n';
import { HEADER_MOCKS, mockFetch, renderApp, signIn } from '../test/utils';
import { screenFor } from './signedIn';

const SAMPLE_ID = '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

describe('every route of the contract', () => {
  it('has a screen', () => {
    expect(WEB_ROUTES.filter((route) => !screenFor(route)).map((route) => route.path)).toEqual([]);
  });

  // The principal's screens are each opened by the principal in a real browser (apps/web/e2e/screens.spec.ts,
  // which opens every route by the first of 113, 112, 111, 114, 115, 116 that may): here, every other
  // role's, the screens it shares with the principal included.
  it.each(ALL_ROLES.filter((role) => role !== ROLE.PRINCIPAL).map((role) => [role]))('opens each screen role %i may open, with its translated title', async (role) => {
    mockFetch(HEADER_MOCKS);
    signIn(role);
    const paths = WEB_ROUTES.filter((r) => (r.roles as readonly number[]).includes(role));
    const { router } = renderApp('/profile');
    for (const route of paths) {
      const path = route.path.replace(/:\w+/g, route.path.includes(':date') ? '2025-06-01' : SAMPLE_ID);
      await act(() => router.navigate(path));
      expect(router.state.location.pathname).toBe(path);
      const title = i18n.t(route.title);
      expect(title).not.toBe(route.title);
      await waitFor(() => expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(title));
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument());
    }
    // Every screen of the role loads its chunk and renders in jsdom: about 10 s alone for role 112,
    // more than 30 s beside the journeys on a loaded machine.
  }, 120_000);
});

describe('error boundary', () => {
  it('shows a translated, friendly message and no stack trace', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('kaboom at Broken (Broken.tsx:1:1)');
    }
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('kaboom');
    expect(document.body).not.toHaveTextContent('Broken.tsx');
  });
});
