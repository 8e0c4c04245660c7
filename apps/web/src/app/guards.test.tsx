import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { adminHomeFixture } from '../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../test/utils';

describe('role guard', () => {
  it('sends a visitor without a role cookie to /', async () => {
    mockFetch({});
    const { router } = renderApp('/viewstudent');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('treats an unknown role code as no role', async () => {
    mockFetch({});
    document.cookie = 'token=t; path=/';
    document.cookie = 'role=999; path=/';
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a 403 page, inside the layout, for a route the role may not open', async () => {
    mockFetch(HEADER_MOCKS);
    signIn(116);
    const { router } = renderApp('/viewSchool');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/viewSchool');
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/studentdashboard');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
  });

  it('shows a teacher without the arrangement duty the 403 page at /substitutions (issue 42)', async () => {
    mockFetch(HEADER_MOCKS);
    signIn(114);
    renderApp('/substitutions');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });

  it('opens an allowed route inside the layout with its breadcrumb', async () => {
    mockFetch(HEADER_MOCKS);
    signIn(112);
    renderApp('/feesdetails');
    expect(await screen.findByRole('heading', { name: 'Fees' })).toBeInTheDocument();
    // The fees hub (issue 9): the fee screens the role may open.
    expect(await screen.findByRole('heading', { name: 'Fee screens' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Home');
    expect(crumbs).toHaveTextContent('Fees');
  });

  it('shows a 404 page, inside the layout, for an unknown path', async () => {
    mockFetch(HEADER_MOCKS);
    signIn(113);
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('shows the dashboard counts as labelled cards', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/dashboard/home': () => json(200, { result: adminHomeFixture({ counts: { students: 120, teachers: 9 } }) }) });
    signIn(112);
    renderApp('/systemadmin');
    const students = await screen.findByRole('listitem', { name: 'Students' });
    expect(students).toHaveTextContent('120');
    expect(screen.getByRole('listitem', { name: 'Teachers' })).toHaveTextContent('9');
    expect(screen.queryByRole('listitem', { name: 'Schools' })).toBeNull();
  });

  it('has a main landmark and a skip link; a route change moves the focus to the heading and announces it', async () => {
    mockFetch(HEADER_MOCKS);
    signIn(112);
    const { router } = renderApp('/viewsubject');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subjects' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    await act(() => router.navigate('/viewclass'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Classes' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('route-announcer')).toHaveTextContent('Classes');
  });
});
