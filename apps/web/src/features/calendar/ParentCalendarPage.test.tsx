import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { childFixture } from '../../test/fixtures';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';
import { shiftMonth, todayLocal } from './month';

const SESSION = { sessionId: '11111111-1111-4111-8111-111111111111', sessionYear: '2026-27', startDate: '2000-04-01', endDate: '2100-03-31', isCurrent: true };
const holiday = (title: string, startDate: string, endDate: string, days: number) => ({
  holidayId: '99999999-9999-4999-8999-999999999999',
  sessionId: SESSION.sessionId,
  title,
  description: null,
  startDate,
  endDate,
  days,
  createdAt: '2026-04-01T00:00:00.000Z',
});

/** A month as the server answers it: the 3rd a holiday, Sundays weekly offs; the first child present, late and absent on the 1st, 2nd and 4th. */
function monthOf(month: string, studentId: string | null) {
  const n = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const marks: Record<string, string> = studentId === childFixture(1, '').userId ? { '01': 'present', '02': 'late', '04': 'absent' } : {};
  const days = Array.from({ length: n }, (_, i) => {
    const dd = String(i + 1).padStart(2, '0');
    const date = `${month}-${dd}`;
    const sunday = new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
    const kind = dd === '03' ? 'holiday' : sunday ? 'weekly_off' : 'school';
    return { date, kind, holidayTitle: dd === '03' ? 'Founders day' : null, status: marks[dd] ?? null };
  });
  const marked = Object.keys(marks).length;
  return {
    month,
    today: `${month}-15`,
    days,
    counts: studentId ? { present: marked ? 1 : 0, absent: marked ? 1 : 0, late: marked ? 1 : 0, leave: 0, marked, percent: marked ? 66.7 : null } : null,
    holidays: [holiday('Founders day', `${month}-03`, `${month}-03`, 1)],
  };
}

describe('a parent’s calendar', () => {
  it('shows the first child’s month with its marks and percentage, another child on request, other months, and the coming holidays', async () => {
    const month = todayLocal().slice(0, 7);
    const next = shiftMonth(month, 1);
    const answer = (m: string) => (url: string) => json(200, { result: monthOf(m, new URL(url, 'http://x').searchParams.get('studentId')) });
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/session': () => json(200, { result: [SESSION] }),
      'GET /api/parent/children': () => json(200, { result: [childFixture(1, 'Aarav'), childFixture(4, 'Diya')] }),
      [`GET /api/school/calendar/${month}`]: answer(month),
      [`GET /api/school/calendar/${next}`]: answer(next),
      'GET /api/school/adminnoticeboard': () => json(200, { result: [holiday('Diwali', '2026-11-08', '2026-11-10', 3)] }),
    });
    signIn(115);
    const user = userEvent.setup();
    renderApp('/parentviewcalender');

    const grid = await screen.findByRole('table', { name: /\d{4}/ }, { timeout: 10_000 });
    // Seven columns, Monday first, full names as titles.
    const heads = within(grid).getAllByRole('columnheader');
    expect(heads).toHaveLength(7);
    expect(heads[0]!.querySelector('abbr')?.getAttribute('title')).toBe('Monday');
    const cell = (d: string) => grid.querySelector(`td[data-date="${month}-${d}"]`) as HTMLElement;
    expect(cell('01')).toHaveAttribute('data-status', 'present');
    expect(cell('02')).toHaveAttribute('data-status', 'late');
    expect(cell('03')).toHaveAttribute('data-kind', 'holiday');
    expect(cell('03')).toHaveTextContent('Holiday: Founders day');
    expect(cell('04')).toHaveTextContent('Absent');
    expect(screen.getByTestId('month-percent')).toHaveTextContent('Attendance this month: 66.7% (2 of 3 marked days)');
    const today = grid.querySelector('td[aria-current="date"]');
    // Today is the school's (the server's answer), not the browser's clock.
    expect(today?.getAttribute('data-date')).toBe(`${todayLocal().slice(0, 7)}-15`);
    expect(screen.getByRole('heading', { name: "Aarav Verma's month" })).toBeInTheDocument();
    // The coming holidays of the session.
    const coming = screen.getByRole('region', { name: 'Coming holidays' });
    expect(within(coming).getByText('Diwali')).toBeInTheDocument();
    expect(within(coming).getByText('3 days')).toBeInTheDocument();

    // The other child: asked by its id, nothing marked.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Child' }), childFixture(4, 'Diya').userId);
    await waitFor(() => expect(screen.getByTestId('month-percent')).toHaveTextContent('No attendance data for this month'));
    expect(fetch.mock.calls.some(([url]) => String(url).includes(`studentId=${childFixture(4, '').userId}`))).toBe(true);

    // The next month.
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(screen.getByRole('table', { name: /\d{4}/ }).querySelector(`td[data-date="${next}-01"]`)).not.toBeNull());
  });
});
