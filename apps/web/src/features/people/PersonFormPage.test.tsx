import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../i18n';
import { HEADER_MOCKS, enter, json, mockFetch, pageOf, personFixture, renderApp, signIn } from '../../test/utils';

const TEACHER = personFixture({ userId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', loginId: 'DEMO-T0042', firstName: 'Sunita', lastName: 'Rao', fullName: 'Sunita Rao', email: 'sunita@example.org' });
const PARENT = personFixture({ userId: 'cccccccc-bbbb-4ccc-8ddd-eeeeeeeeeeee', loginId: 'DEMO-G0003', roleId: 115, firstName: 'Meera', lastName: 'Shah', fullName: 'Meera Shah' });

function bodyOf(fetch: ReturnType<typeof mockFetch>, method: string, path: string): Record<string, unknown> | undefined {
  const found = fetch.mock.calls.find(([url, init]) => String(url).split('?')[0] === path && init?.method === method);
  return found ? (JSON.parse(String(found[1]?.body)) as Record<string, unknown>) : undefined;
}

describe('adding a person', () => {
  it('checks the form with the contract rules and sends nothing while it is invalid', async () => {
    const fetch = mockFetch({ ...HEADER_MOCKS, 'GET /api/states': () => json(200, { result: [] }) });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/addteacher');
    await enter(user, await screen.findByLabelText('Email'), 'not-an-email');
    await enter(user, screen.getByLabelText('PIN code'), '012345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Enter a 6-digit PIN code')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the login id and first password once, then goes to the details page', async () => {
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/states': () => json(200, { result: [] }),
      'POST /api/school/teacher': () => json(200, { result: { person: TEACHER, loginId: 'DEMO-T0042', password: 'k7#Pq2!vZx', mailed: true } }),
      [`GET /api/school/teacher/${TEACHER.userId}`]: () => json(200, { result: TEACHER }),
    });
    signIn(112);
    const user = userEvent.setup();
    const { router } = renderApp('/addteacher');
    await enter(user, await screen.findByLabelText(/First name/), 'Sunita');
    await enter(user, screen.getByLabelText('Last name'), 'Rao');
    await enter(user, screen.getByLabelText('Email'), 'sunita@example.org');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Account created' });
    expect(within(dialog).getByText('DEMO-T0042')).toBeInTheDocument();
    expect(within(dialog).getByText('k7#Pq2!vZx')).toBeInTheDocument();
    expect(within(dialog).getByText('Shown only once')).toBeInTheDocument();
    expect(within(dialog).getByText(/sent to the person's email/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy login ID' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
    expect(bodyOf(fetch, 'POST', '/api/school/teacher')).toMatchObject({ firstName: 'Sunita', lastName: 'Rao', email: 'sunita@example.org', gender: null, zip: null });

    await user.click(within(dialog).getByRole('button', { name: 'Done, show details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/detailsTeacher/${TEACHER.userId}`));
    expect(await screen.findByRole('heading', { name: 'Sunita Rao' })).toBeInTheDocument();
    expect(screen.queryByText('k7#Pq2!vZx')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the credentials were not mailed', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/states': () => json(200, { result: [] }),
      'POST /api/school/parent': () => json(200, { result: { person: PARENT, loginId: 'DEMO-G0003', password: 'x', mailed: false } }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/addParent');
    await enter(user, await screen.findByLabelText(/First name/), 'Meera');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account created' });
    expect(within(dialog).getByText(/No email was sent/)).toBeInTheDocument();
  });

  const CONFLICT = {
    error: 'CONFLICT',
    message: 'A teacher with this email already exists in this school.',
    reason: 'email_taken',
    field: 'email',
    params: { kind: 'teachers' },
  };

  it('shows a 409 conflict by its reason: next to the form, on the field it names and as a toast', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/states': () => json(200, { result: [] }),
      'POST /api/school/teacher': () => json(409, CONFLICT),
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/addteacher');
    await enter(user, await screen.findByLabelText(/First name/), 'Sunita');
    await enter(user, screen.getByLabelText('Email'), 'taken@example.org');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const text = 'An account of this kind with this email already exists in this school.';
    // On the field, beside the form and in the toast (which loads with the first toast).
    await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThanOrEqual(3));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Account created' })).toBeNull();
  });

  it('shows the reason in Hindi, never the server\'s English message', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/states': () => json(200, { result: [] }),
      'POST /api/school/teacher': () => json(409, CONFLICT),
    });
    await setLanguage('hi', { persist: false });
    try {
      signIn(112);
      const user = userEvent.setup();
      renderApp('/addteacher');
      await enter(user, await screen.findByLabelText(/पहला नाम/), 'Sunita');
      await enter(user, screen.getByLabelText('ईमेल'), 'taken@example.org');
      await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
      const shown = await screen.findAllByText('इस विद्यालय में इस प्रकार का एक खाता इसी ईमेल से पहले से है।');
      expect(shown.length).toBeGreaterThanOrEqual(2);
      expect(screen.queryByText(CONFLICT.message)).toBeNull();
    } finally {
      await setLanguage('en', { persist: false });
    }
  });

  it('maps the issues of a 400 VALIDATION_ERROR to their fields', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/states': () => json(200, { result: [] }),
      'POST /api/school/teacher': () =>
        json(400, {
          error: 'VALIDATION_ERROR',
          message: 'Invalid body',
          issues: [
            { path: 'body.contact', message: 'Enter a valid phone number', code: 'invalid_format', params: { format: 'regex' } },
            { path: 'body.lastName', message: 'Too big: expected string to have <=100 characters', code: 'too_big', params: { maximum: 100 } },
          ],
        }),
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/addteacher');
    await enter(user, await screen.findByLabelText(/First name/), 'Sunita');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Contact number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Use at most 100 characters')).toBeInTheDocument();
  });
});

describe("the student form's parent", () => {
  it('searches the parent list on the server and sends the chosen parentId', async () => {
    const searches: string[] = [];
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/states': () => json(200, { result: [] }),
      'GET /api/school/parent': (url) => {
        const search = new URL(url, 'http://x').searchParams.get('search') ?? '';
        searches.push(search);
        return json(200, pageOf(search && !'meera'.startsWith(search.toLowerCase()) ? [] : [PARENT]));
      },
      'POST /api/school/student': () =>
        json(200, {
          result: {
            person: personFixture({ roleId: 116, loginId: 'DEMO-S0100', fullName: 'Anu Shah', parentId: PARENT.userId, parentName: 'Meera Shah' }),
            loginId: 'DEMO-S0100',
            password: 'pw-once-1',
            mailed: false,
          },
        }),
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/addstudents');
    await enter(user, await screen.findByLabelText(/First name/), 'Anu');
    const parent = screen.getByRole('combobox', { name: 'Parent' });
    await user.click(parent);
    await enter(user, parent, 'mee');
    await waitFor(() => expect(searches).toContain('mee'));
    // Floating UI cannot measure in jsdom and hides detached dropdowns: query hidden options too.
    await user.click(await screen.findByRole('option', { name: 'Meera Shah (DEMO-G0003)', hidden: true }));
    expect(parent).toHaveValue('Meera Shah (DEMO-G0003)');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('dialog', { name: 'Account created' });
    expect(bodyOf(fetch, 'POST', '/api/school/student')).toMatchObject({ firstName: 'Anu', parentId: PARENT.userId });
  });
});
