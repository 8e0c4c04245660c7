import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassSummary } from '@shala/contract';
import { SESSION_FIXTURE as SESSION, classSummaryFixture } from '../../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, pageOf, personFixture, renderApp, signIn } from '../../../test/utils';

const TEACHER = personFixture({ userId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', loginId: 'DEMO-T0042', fullName: 'Sunita Rao' });

const summary = (over: Partial<ClassSummary>) =>
  classSummaryFixture({ assignClassId: '77777777-7777-4777-8777-777777777777', createdAt: '2026-04-02T09:00:00.000Z', ...over });

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);

describe('adding a class', () => {
  it('adds sections A and B with a class teacher in one request; a taken section lands on its row', async () => {
    let attempt = 0;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/school/teacher': () => json(200, pageOf([TEACHER])),
      'GET /api/school/class': () => json(200, pageOf([])),
      'POST /api/school/class': (_url, init) => {
        attempt++;
        const body = JSON.parse(String(init.body)) as { sections: Array<{ section: string }> };
        if (attempt === 1) return json(409, { error: 'CONFLICT', message: 'taken', reason: 'class_taken', field: 'sections.1.section', params: { className: '5', section: 'B' } });
        return json(200, { result: body.sections.map((s, i) => summary({ assignClassId: `7777777${i}-7777-4777-8777-777777777777`, section: s.section })) });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    const { router } = renderApp('/addclass');
    expect(await screen.findByText('Session 2026-27', {}, { timeout: 10_000 })).toBeInTheDocument();
    // Master order, names in the reader's language.
    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent).filter((x) => !['English', 'हिन्दी', '2026-27'].includes(x ?? ''));
    expect(options.slice(0, 5)).toEqual(['Nursery', 'LKG', 'UKG', 'Class 1', 'Class 2']);
    await user.click(screen.getByRole('option', { name: 'Class 5', hidden: true }));

    const first = screen.getByRole('group', { name: 'Section A' });
    expect(within(first).getByRole('textbox', { name: /^Section/ })).toHaveValue('A');
    expect(within(first).getByRole('button', { name: 'Remove Section A' })).toBeDisabled();
    await user.click(within(first).getByRole('combobox', { name: /Class teacher/ }));
    await user.click(await screen.findByRole('option', { name: 'Sunita Rao (DEMO-T0042)', hidden: true }));

    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const second = screen.getByRole('group', { name: 'Section B' });
    const limit = within(second).getByRole('textbox', { name: /Class limit/ });
    await user.clear(limit);
    await user.type(limit, '35');
    await user.click(screen.getByRole('button', { name: 'Save class' }));

    const sectionB = within(screen.getByRole('group', { name: 'Section B' })).getByRole('textbox', { name: /^Section/ });
    await waitFor(() => expect(sectionB).toHaveAttribute('aria-invalid', 'true'));
    expect(sectionB).toHaveAccessibleDescription(/Class 5 section B already exists/);
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/school/class')[0]?.[1]?.body))).toEqual({
      sessionId: SESSION.sessionId,
      masterClass: '5',
      sections: [
        { section: 'A', classLimit: 40, classTeacherId: TEACHER.userId },
        { section: 'B', classLimit: 35, classTeacherId: null },
      ],
    });

    await user.clear(sectionB);
    await user.type(sectionB, 'c');
    expect(sectionB).toHaveValue('C');
    await user.click(screen.getByRole('button', { name: 'Save class' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewclass'));
    expect(await screen.findByText('Class 5 added with sections A, C.')).toBeInTheDocument();
  });

  it('checks the class and each section in the browser, and removes a row', async () => {
    const fetch = mockFetch({ ...HEADER_MOCKS, 'GET /api/school/session': () => json(200, { result: [SESSION] }), 'GET /api/school/teacher': () => json(200, pageOf([])) });
    signIn(112);
    const user = userEvent.setup();
    renderApp('/addclass');
    await user.click(await screen.findByRole('button', { name: 'Add section' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByRole('group', { name: 'Section C' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Section B' }));
    expect(screen.queryByRole('group', { name: 'Section B' })).toBeNull();
    const c = within(screen.getByRole('group', { name: 'Section C' })).getByRole('textbox', { name: /^Section/ });
    await user.clear(c);
    await user.type(c, 'A-');
    await user.click(screen.getByRole('button', { name: 'Save class' }));
    expect(await screen.findByText('Use up to 3 letters or digits (A, B, A1)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveAccessibleDescription('Required');
    expect(calls(fetch, 'POST', '/api/school/class')).toHaveLength(0);
  });
});

describe('the class list', () => {
  it('lists the session’s classes with counts; filters by status; edit and delete tell why they are refused', async () => {
    const A = summary({ classTeacher: { userId: TEACHER.userId, fullName: 'Sunita Rao', loginId: 'DEMO-T0042' }, students: 2, teachers: 3, subjects: 4, status: 'incomplete' });
    const NUR = summary({ assignClassId: '88888888-8888-4888-8888-888888888888', masterClass: 'NUR', className: 'Nursery', section: 'B' });
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/school/teacher': () => json(200, pageOf([TEACHER])),
      'GET /api/school/class': (url) => {
        const status = new URL(url, 'http://x').searchParams.get('status');
        return json(200, pageOf(status === 'complete' ? [] : [NUR, A]));
      },
      [`PATCH /api/school/class/${A.assignClassId}`]: () =>
        json(409, { error: 'CONFLICT', message: 'full', reason: 'class_full', field: 'classLimit', params: { limit: 1, className: '5', section: 'A', free: 0, students: 2 } }),
      [`DELETE /api/school/class/${A.assignClassId}`]: () =>
        json(409, { error: 'CONFLICT', message: 'not empty', reason: 'class_not_empty', params: { students: 2, subjects: 4 } }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/viewclass');
    expect(await screen.findByRole('heading', { name: 'Classes: session 2026-27' }, { timeout: 10_000 })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Class 5 – A/ });
    expect(within(row).getByText('Sunita Rao')).toBeInTheDocument();
    expect(within(row).getByText('Incomplete')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Nursery – B/ })).getByText('Not chosen')).toBeInTheDocument();
    expect(new URL(String(calls(fetch, 'GET', '/api/school/class')[0]?.[0]), 'http://x').searchParams.get('sessionId')).toBe(SESSION.sessionId);

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Complete', 'Pending', 'Incomplete']);
    await user.selectOptions(status, 'complete');
    expect(await screen.findByText('No classes match the search or filter')).toBeInTheDocument();
    await user.selectOptions(status, 'all');

    await user.click(await screen.findByRole('button', { name: 'Edit Class 5 – A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class 5 – A' });
    const limit = within(dialog).getByRole('textbox', { name: /Class limit/ });
    await user.clear(limit);
    await user.type(limit, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(limit).toHaveAccessibleDescription(/This section has 2 students; the class limit cannot be lower./));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Class 5 – A' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('This section has 2 students and 4 subjects. Remove them first.')).toBeInTheDocument();
  });

  it('shows the empty state with the way to add a class', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/session': () => json(200, { result: [SESSION] }), 'GET /api/school/class': () => json(200, pageOf([])) });
    signIn(112);
    renderApp('/viewclass');
    expect(await screen.findByText('No classes in this session yet', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add class' })).toHaveAttribute('href', '/addclass');
  });
});
