import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE, type StudentLeave } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, pageOf, personFixture, renderApp, signIn } from '../../test/utils';
import { schoolToday } from '../attendance';
import { askBody, filterOf, plusDays } from './logic';

const AARAV = personFixture({ userId: '11111111-1111-4111-8111-111111111111', loginId: 'DEMO-S0001', fullName: 'Aarav Verma', roleId: ROLE.STUDENT });
const DIYA = personFixture({ userId: '44444444-4444-4444-8444-444444444444', loginId: 'DEMO-S0004', fullName: 'Diya Verma', roleId: ROLE.STUDENT });
const CLASS = { assignClassId: 'c0000000-0000-4000-8000-000000000001', masterClass: '5', className: '5', section: 'A' };
const leave = (n: number, over: Partial<StudentLeave> = {}): StudentLeave => ({
  leaveId: `b0000000-0000-4000-8000-00000000000${n}`,
  studentId: AARAV.userId as string,
  studentName: 'Aarav Verma',
  class: CLASS,
  fromDate: '2026-12-10',
  toDate: '2026-12-11',
  days: 2,
  reason: 'illness',
  note: 'Fever',
  file: null,
  status: 'pending',
  requestedByName: 'Sunil Verma',
  decidedByName: null,
  decidedAt: null,
  comment: null,
  createdAt: '2026-12-01T04:30:00.000Z',
  canCancel: false,
  canDecide: false,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('leave asked by parents: logic', () => {
  it('builds the body (a blank note is none) and reads the status filter from the address', () => {
    expect(askBody({ studentId: 's', fromDate: '2026-12-10', toDate: '2026-12-10', reason: 'travel', note: '  ' }, null)).toEqual({
      studentId: 's',
      fromDate: '2026-12-10',
      toDate: '2026-12-10',
      reason: 'travel',
      note: null,
      file: null,
    });
    expect(plusDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(filterOf(null)).toBe('pending');
    expect(filterOf('all')).toBe('all');
    expect(filterOf('bogus')).toBe('pending');
  });

});

describe('/leave', () => {
  it('a parent sees its requests, asks for one child’s one-day leave, meets the server’s refusal by its reason, and cancels a request', async () => {
    const asked: unknown[] = [];
    let cancelled: unknown;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/parent/children': () => json(200, { result: [AARAV, DIYA] }),
      'GET /api/school/leave': () => json(200, pageOf([leave(1, { status: 'approved', canCancel: true, comment: 'Get well soon', decidedByName: 'Ravi Kumar', decidedAt: '2026-12-02T04:30:00.000Z' })])),
      'POST /api/school/leave': (_url, init) => {
        asked.push(JSON.parse(String(init.body)));
        return json(409, { error: 'CONFLICT', message: 'no school day', reason: 'no_working_days' });
      },
      'POST /api/school/leave/b0000000-0000-4000-8000-000000000001/cancel': (_url, init) => {
        cancelled = JSON.parse(String(init.body));
        return json(200, { result: leave(1, { status: 'cancelled' }) });
      },
    });
    signIn(ROLE.PARENT);
    const user = userEvent.setup();
    renderApp('/leave');
    const row = await screen.findByTestId('student-leave', {}, { timeout: 30_000 });
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(row).toHaveTextContent('2 school days');
    expect(row).toHaveTextContent('Illness');
    expect(row).toHaveTextContent('Comment: Get well soon');

    await user.click(screen.getByRole('button', { name: 'Ask for leave' }));
    const form = await screen.findByRole('form', { name: 'Leave request' });
    const today = schoolToday();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Child/ }), DIYA.userId as string);
    // The last day follows the first: a one-day leave unless the parent chooses another last day.
    const first = within(form).getByRole('textbox', { name: /First day/ });
    await user.clear(first);
    await user.type(first, plusDays(today, 1));
    await user.click(within(form).getByRole('radio', { name: 'Function (wedding etc.)' }));
    await user.type(within(form).getByRole('textbox', { name: /Note for the teacher/ }), 'Cousin’s wedding');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ studentId: DIYA.userId, fromDate: plusDays(today, 1), toDate: plusDays(today, 1), reason: 'function', note: 'Cousin’s wedding', file: null });
    expect(await within(form).findByText(/These dates hold no school day/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    await user.click(within(row).getByRole('button', { name: /^Cancel the request for Aarav Verma/ }));
    const confirm = await screen.findByRole('form', { name: 'Cancel this request?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(cancelled).toEqual({ comment: null }));
    expect(await screen.findByText('Request cancelled')).toBeInTheDocument();
  }, 90_000);
});

describe('/leaverequests', () => {
  it('a class teacher sees the pending requests and approves one with a comment', async () => {
    let decided: unknown;
    const lists: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/leave': (url) => {
        lists.push(url);
        return json(200, pageOf([leave(2, { canDecide: true })]));
      },
      'POST /api/school/leave/b0000000-0000-4000-8000-000000000002/decision': (_url, init) => {
        decided = JSON.parse(String(init.body));
        return json(200, { result: leave(2, { status: 'approved' }) });
      },
    });
    signIn(ROLE.TEACHER);
    const user = userEvent.setup();
    renderApp('/leaverequests');
    const row = await screen.findByTestId('student-leave', {}, { timeout: 30_000 });
    expect(lists[0]).toContain('status=pending');
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    expect(row).toHaveTextContent('Aarav Verma · Class 5 – A');
    expect(row).toHaveTextContent('Asked by Sunil Verma');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('form', { name: 'Approve this leave?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Get well soon');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decided).toEqual({ decision: 'approve', comment: 'Get well soon' }));
    expect(await screen.findByText('Leave approved')).toBeInTheDocument();
  }, 90_000);
});
