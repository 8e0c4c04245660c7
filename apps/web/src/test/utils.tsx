import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { mergeThemeOverrides, Popover } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import { AppProviders } from '../app/App';
import { theme } from '../app/theme';
import { routes } from '../app/routes';
// Loaded with the file, as the app loads it with the signed-in layout: not inside a test's wait.
import '../app/signedIn';
import { createQueryClient } from '../api/queryClient';
import { setCookie } from '../api/cookies';
import type { UserEvent } from '@testing-library/user-event';
import { PROFILE_FIXTURE } from './fixtures';

/** A query client as the tests' app has it: no retries, nothing stale. */
export function testQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return queryClient;
}

/**
 * The app's theme for jsdom, which has no layout: every box measures 0 × 0, so a popover's (a menu's,
 * a select's) target counts as off screen, and Floating UI's answer, which comes a moment after the
 * dropdown opens, would hide it (`hideDetached`): a test that looked a moment late found the menu
 * gone (CI of 48442fa, enrolment.test.tsx "moves a student to another section").
 */
export const testTheme = mergeThemeOverrides(theme, { components: { Popover: Popover.extend({ defaultProps: { hideDetached: false } }) } });

/** Renders the real route table in memory, with every provider of the app (and the query client given, if one is). */
export function renderApp(path: string, routeTable: RouteObject[] = routes, queryClient = testQueryClient()) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  notifications.clean();
  const utils = render(
    <AppProviders queryClient={queryClient} themeOverride={testTheme}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}

/** Renders one element under a memory router at `path` (plus a stub for every other path). */
export function renderAt(element: ReactElement, path = '/', extra: RouteObject[] = []) {
  return renderApp(path, [
    { path, element },
    ...extra,
    { path: '*', element: <div data-testid="elsewhere" /> },
  ]);
}

export function signIn(role: number, userId = '7f1c5d0e-4b7a-4c39-9a51-2f4f7e3d6a10'): void {
  setCookie('token', 'test-token');
  setCookie('UserID', userId);
  setCookie('role', String(role));
  setCookie('schoolId', '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f');
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch; `routes` maps "METHOD /path" (no query) to a handler. Unknown calls answer 404. */
export function mockFetch(handlers: Record<string, Handler>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.split('?')[0]}`;
    const handler = handlers[key];
    if (!handler) return json(404, { error: 'NOT_FOUND', message: `No mock for ${key}` });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** Default answers of the header's calls for a signed-in user. */
export const HEADER_MOCKS: Record<string, Handler> = {
  [`GET /api/account/${PROFILE_FIXTURE.userId}`]: () => json(200, { result: PROFILE_FIXTURE }),
  'GET /api/school/session': () => json(200, { result: [] }),
  'GET /api/notifications': () => json(200, { result: { items: [], total: 0, page: 1, pageSize: 20, unread: 0 } }),
  'PUT /api/notifications/language': () => json(200, { result: { language: 'en' } }),
};

/** A person as the list and detail APIs answer it. */
export function personFixture(overrides: Record<string, unknown> = {}) {
  return {
    userId: '11111111-2222-4333-8444-555555555555',
    loginId: 'DEMO-T0007',
    roleId: 114,
    firstName: 'Ravi',
    lastName: 'Kumar',
    fullName: 'Ravi Kumar',
    email: null,
    contact: null,
    image: null,
    status: true,
    schoolId: '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f',
    schoolName: 'Demo Public School',
    parentId: null,
    parentName: null,
    createdAt: '2025-06-01T09:30:00.000Z',
    gender: null,
    dateOfBirth: null,
    address: null,
    state: null,
    district: null,
    city: null,
    zip: null,
    qualification: null,
    subjects: null,
    maritalStatus: null,
    category: null,
    religion: null,
    bloodGroup: null,
    fatherOccupation: null,
    motherName: null,
    motherOccupation: null,
    ...overrides,
  };
}

/** A page of a list API. */
export function pageOf(items: unknown[], total = items.length, page = 1, pageSize = 20) {
  return { result: { items, total, page, pageSize } };
}

/**
 * Puts text into a field in one input, as a paste or a phone keyboard's suggestion does: for tests
 * whose subject is what the form does with the value, not each keystroke (a big form re-renders on
 * every key, about 0.2 s a key in jsdom). Tests of typing itself (amounts, marks) use `user.type`.
 */
export async function enter(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
