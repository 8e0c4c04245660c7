import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../i18n';
import { classSummaryFixture } from '../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, pageOf, personFixture, renderApp, signIn } from '../../test/utils';

/** The students list, details and form in the header's session: class, section and roll number. */

const CURRENT = 'e1e1e1e1-0000-4000-8000-000000000001';
const SESSIONS = [
  { sessionId: CURRENT, sessionYear: '2025-26', startDate: '2025-04-01', endDate: '2026-03-31', isCurrent: true },
  { sessionId: 'e1e1e1e1-0000-4000-8000-000000000002', sessionYear: '2024-25', startDate: '2024-04-01', endDate: '2025-03-31', isCurrent: false },
];
const FIVE_A = 'c1c1c1c1-0000-4000-8000-00000000005a';
const FIVE_B = 'c1c1c1c1-0000-4000-8000-00000000005b';
const classSummary = (assignClassId: string, section: string) =>
  classSummaryFixture({ assignClassId, sessionId: CURRENT, sessionYear: '2025-26', section, students: 2, teachers: 1, subjects: 3, status: 'incomplete', createdAt: '2025-04-01T00:00:00.000Z' });
const placement = (assignClassId: string, section: string, rollNo: number | null) => ({ assignClassId, masterClass: '5', className: '5', section, rollNo });
const AARAV = personFixture({ userId: '00000000-0000-4000-8000-000000000001', loginId: 'DEMO-S0001', roleId: 116, fullName: 'Aarav Verma', placement: placement(FIVE_A, 'A', 1) });
const ROHAN = personFixture({ userId: '00000000-0000-4000-8000-000000000002', loginId: 'DEMO-S0003', roleId: 116, fullName: 'Rohan Mehta', placement: placement(FIVE_A, 'A', null) });
const KABIR = personFixture({ userId: '00000000-0000-4000-8000-000000000003', loginId: 'DEMO-S0005', roleId: 116, fullName: 'Kabir Singh', placement: placement(FIVE_B, 'B', 1) });
const DIYA = personFixture({ userId: '00000000-0000-4000-8000-000000000004', loginId: 'DEMO-S0004', roleId: 116, fullName: 'Diya Verma', placement: null });

/** The cell of a row under the column with this header. */
function cellOf(row: HTMLElement, header: string) {
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  return within(row).getAllByRole('cell')[headers.indexOf(header)]!;
}

function queries(fetch: ReturnType<typeof mockFetch>, path: string) {
  return fetch.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.split('?')[0] === path)
    .map((url) => new URL(url, 'http://x').searchParams);
}

function mocks(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    ...HEADER_MOCKS,
    'GET /api/school/session': () => json(200, { result: SESSIONS }),
    'GET /api/school/class': () => json(200, pageOf([classSummary(FIVE_A, 'A'), classSummary(FIVE_B, 'B')])),
    'GET /api/school/student': (url) => {
      const q = new URL(url, 'http://x').searchParams;
      const classId = q.get('assignClassId');
      const rows = classId === FIVE_A ? [AARAV, ROHAN] : classId === FIVE_B ? [KABIR] : [DIYA, KABIR, ROHAN, AARAV];
      return json(200, pageOf(rows));
    },
    ...extra,
  });
}

describe('the students list in a session', () => {
  it("shows each student's class and roll number in the header's session and filters by class", async () => {
    const fetch = mocks();
    signIn(113);
    const user = userEvent.setup();
    const { router } = renderApp('/viewstudent');
    const aarav = await screen.findByRole('row', { name: /Aarav Verma/ });
    expect(cellOf(aarav, 'Class')).toHaveTextContent('Class 5 – A');
    expect(cellOf(aarav, 'Roll no.')).toHaveTextContent(/^1$/);
    expect(cellOf(screen.getByRole('row', { name: /Diya Verma/ }), 'Class')).toHaveTextContent('Not in a class');
    expect(cellOf(screen.getByRole('row', { name: /Rohan Mehta/ }), 'Roll no.')).toHaveTextContent('—');
    // Asked once, with the session (never first without it).
    const asked = queries(fetch, '/api/school/student');
    expect(asked.every((q) => q.get('sessionId') === CURRENT)).toBe(true);
    expect(queries(fetch, '/api/school/class')[0]?.get('sessionId')).toBe(CURRENT);

    const filter = screen.getByRole('combobox', { name: 'Class' });
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Class 5 – B', hidden: true }));
    await waitFor(() => expect(queries(fetch, '/api/school/student').at(-1)?.get('assignClassId')).toBe(FIVE_B));
    expect(queries(fetch, '/api/school/student').at(-1)?.get('sessionId')).toBe(CURRENT);
    expect(await screen.findByRole('row', { name: /Kabir Singh/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Aarav Verma/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe(`?class=${FIVE_B}`);
  });

  it('names classes in Hindi', async () => {
    mocks();
    signIn(112);
    await setLanguage('hi', { persist: false });
    try {
      renderApp(`/viewstudent?class=${FIVE_A}`);
      const aarav = await screen.findByRole('row', { name: /Aarav Verma/ });
      expect(cellOf(aarav, 'कक्षा')).toHaveTextContent('कक्षा 5 – A');
      expect(cellOf(aarav, 'अनुक्रमांक')).toHaveTextContent(/^1$/);
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'कक्षा' })).toHaveValue('कक्षा 5 – A'));
    } finally {
      await setLanguage('en', { persist: false });
    }
  });

  it('drops a class of another session from the address before asking for it', async () => {
    const fetch = mocks();
    signIn(113);
    const { router } = renderApp('/viewstudent?class=c1c1c1c1-0000-4000-8000-0000000000ff');
    expect(await screen.findByRole('row', { name: /Diya Verma/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(queries(fetch, '/api/school/student').some((q) => q.has('assignClassId'))).toBe(false);
  });
});

describe("a student's details and form in a session", () => {
  const STUDENT = personFixture({
    userId: AARAV.userId,
    loginId: 'DEMO-S0001',
    roleId: 116,
    firstName: 'Aarav',
    lastName: 'Verma',
    fullName: 'Aarav Verma',
    placement: placement(FIVE_A, 'A', 1),
  });

  it('shows the class (a link to it), section and roll number, and no adult-only fields', async () => {
    const fetch = mocks({ [`GET /api/school/student/${AARAV.userId}`]: () => json(200, { result: STUDENT }) });
    signIn(113);
    renderApp(`/viewstudentdetail/${AARAV.userId}`);
    const link = await screen.findByRole('link', { name: 'Class 5 – A' });
    expect(link).toHaveAttribute('href', `/detailsviewAssignedclasses/${FIVE_A}`);
    expect(screen.getByText('Class in 2025-26')).toBeInTheDocument();
    expect(screen.getByText('Roll no.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    // A student's fields, filled or named in the line of what is missing; never an adult's.
    const shown = `${main.textContent}`;
    expect(within(main).getByTestId('details-missing')).toHaveTextContent('Religion');
    for (const label of ['Marital status', 'Qualification', 'Subjects']) expect(shown).not.toContain(label);
    expect(queries(fetch, `/api/school/student/${AARAV.userId}`).map((q) => q.get('sessionId'))).toEqual([CURRENT]);
  });

  it('edits a student without the adult-only fields and shows its class in the session', async () => {
    const fetch = mocks({
      'GET /api/states': () => json(200, { result: [] }),
      [`GET /api/school/student/${AARAV.userId}`]: () => json(200, { result: STUDENT }),
      [`PATCH /api/school/student/${AARAV.userId}`]: () => json(200, { result: { ...STUDENT, placement: undefined, contact: '9876543210' } }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/editstudent/${AARAV.userId}`);
    expect(await screen.findByText('Class 5 – A, roll number 1.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assign or move to a class' })).toHaveAttribute('href', '/assignedstudent');
    const main = screen.getByRole('main');
    for (const label of ['Marital status', 'Qualification', 'Subjects']) expect(within(main).queryByLabelText(label)).not.toBeInTheDocument();
    expect(within(main).getByLabelText('Religion')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contact number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Back on the details: the class stays shown from the cache while the list refreshes.
    expect(await screen.findByRole('link', { name: 'Class 5 – A' })).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    const body = JSON.parse(String(sent[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ contact: '9876543210' });
    for (const key of ['maritalStatus', 'qualification', 'subjects']) expect(body).not.toHaveProperty(key);
  });

  it("keeps marital status, qualification and subjects on a teacher's form", async () => {
    mocks({ 'GET /api/states': () => json(200, { result: [] }) });
    signIn(113);
    renderApp('/addteacher');
    expect(await screen.findByLabelText('Qualification')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByLabelText('Subjects')).toBeInTheDocument();
    expect(within(main).getByLabelText('Marital status')).toBeInTheDocument();
  });
});
