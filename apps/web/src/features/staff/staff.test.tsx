import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffDay, StaffMember, StaffMonth } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../test/utils';
import { schoolToday } from '../attendance';
import { allPresent, changedCount, countsOf, dayBody, recentMonths, refusalReason } from './logic';

const DATE = '2026-11-24';
const person = (kind: 'user' | 'member', n: number, fullName: string, roleId: number | null, designation: string | null, status: StaffDay['people'][number]['status'] = 'present') => ({
  kind,
  personId: `${kind === 'user' ? 'd' : 'e'}0000000-0000-4000-8000-00000000000${n}`,
  fullName,
  roleId,
  designation,
  status,
  checkInAt: null,
  lateMinutes: null,
  checkInInside: null,
  leaveCode: null,
});
const PEOPLE = [person('user', 1, 'Sunita Rao', 113, null), person('user', 2, 'Ravi Kumar', 114, null), person('member', 3, 'Mohan Lal', null, 'Driver')];

function day(over: Partial<StaffDay> = {}): StaffDay {
  return {
    date: DATE,
    dayKind: 'school',
    holidayTitle: null,
    canMark: true,
    final: false,
    markedAt: null,
    people: PEOPLE,
    counts: { present: 3, absent: 0, halfDay: 0, onLeave: 0, onDuty: 0, total: 3 },
    ...over,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('staff register logic', () => {
  it('keeps approved leave, counts the shown statuses and sends the whole day', () => {
    const d = day({ people: [PEOPLE[0]!, { ...PEOPLE[1]!, status: 'on_leave' }, PEOPLE[2]!] });
    const changes = { [`user:${PEOPLE[1]!.personId}`]: 'absent' as const, [`member:${PEOPLE[2]!.personId}`]: 'half_first' as const };
    expect(changedCount(d, changes)).toBe(1);
    expect(countsOf(d, changes)).toEqual({ present: 1, absent: 0, halfDay: 1, onLeave: 1, onDuty: 0, total: 3 });
    expect(dayBody(d, changes).marks.map((m) => m.status)).toEqual(['present', 'on_leave', 'half_first']);
    expect(Object.keys(allPresent(d))).toHaveLength(2);
    expect(refusalReason(day({ canMark: false, dayKind: 'weekly_off' }))).toBe('attendance_weekly_off');
    expect(refusalReason(day())).toBeNull();
    expect(recentMonths('2026-02-10', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  }, 90_000);
});

describe('/staffattendance', () => {
  it("opens on the school's today with everyone present, marks one absent and one on half a day, and saves the whole day", async () => {
    let saved: unknown;
    const asked: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/staffattendance': (url) => {
        asked.push(url);
        return json(200, { result: day({ date: new URL(url, 'http://x').searchParams.get('date') ?? DATE }) });
      },
      'POST /api/school/staffattendance': (_url, init) => {
        saved = JSON.parse(String(init.body));
        const body = saved as { date: string; marks: { status: StaffDay['people'][number]['status'] }[] };
        return json(200, {
          result: day({ date: body.date, final: true, markedAt: '2026-11-25T04:30:00.000Z', people: PEOPLE.map((p, i) => ({ ...p, status: body.marks[i]!.status })) }),
        });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/staffattendance');
    const list = await screen.findByRole('list', { name: 'Staff register' }, { timeout: 30_000 });
    expect(asked[0]).toContain(`date=${schoolToday()}`);
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-status'))).toEqual(['present', 'present', 'present']);
    // Who each is: a role's name, or the designation.
    expect(within(list).getByRole('listitem', { name: 'Sunita Rao' })).toHaveTextContent('Principal');
    expect(within(list).getByRole('listitem', { name: 'Mohan Lal' })).toHaveTextContent('Driver');
    expect(screen.getByText('3 present · 0 absent · 0 half day · 0 on leave · 0 on duty')).toBeInTheDocument();
    // "On leave" only comes from approved leave: not offered.
    expect(within(screen.getByRole('combobox', { name: 'Status of Ravi Kumar' })).queryByRole('option', { name: 'On leave' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Ravi Kumar' }), 'absent');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Mohan Lal' }), 'half_second');
    expect(screen.getByText('1 present · 1 absent · 1 half day · 0 on leave · 0 on duty')).toBeInTheDocument();
    expect(screen.getByText('2 changes not saved')).toBeInTheDocument();

    // All present resets; then mark them again.
    await user.click(screen.getByRole('button', { name: 'All present' }));
    expect(screen.getByText('3 present · 0 absent · 0 half day · 0 on leave · 0 on duty')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Ravi Kumar' }), 'absent');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Mohan Lal' }), 'half_second');

    await user.click(screen.getByRole('button', { name: 'Save register' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({
      date: schoolToday(),
      marks: [
        { kind: 'user', personId: PEOPLE[0]!.personId, status: 'present' },
        { kind: 'user', personId: PEOPLE[1]!.personId, status: 'absent' },
        { kind: 'member', personId: PEOPLE[2]!.personId, status: 'half_second' },
      ],
    });
    expect(await screen.findByText(/^Saved on /)).toBeInTheDocument();
    expect(await screen.findByText(/Staff register saved/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save register' })).toBeDisabled();
  }, 90_000);

  it("shows a saved day's leave read-only, and the server's refusal by its reason", async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/staffattendance': () => json(200, { result: day({ people: [PEOPLE[0]!, { ...PEOPLE[1]!, status: 'on_leave' }, PEOPLE[2]!] }) }),
      'POST /api/school/staffattendance': () => json(400, { error: 'VALIDATION_ERROR', reason: 'on_leave_needs_leave', message: 'On leave needs approved leave' }),
    });
    signIn(112);
    const user = userEvent.setup();
    renderApp(`/staffattendance?date=${DATE}`);
    const ravi = await screen.findByRole('listitem', { name: 'Ravi Kumar' }, { timeout: 30_000 });
    expect(within(ravi).getByText('On leave')).toBeInTheDocument();
    expect(within(ravi).queryByRole('combobox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save register' }));
    expect(await screen.findByText('“On leave” comes only from approved leave: choose another status.')).toBeInTheDocument();
  }, 90_000);

  it("on a holiday says why, with no register and no Save", async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/staffattendance': () => json(200, { result: day({ canMark: false, dayKind: 'holiday', holidayTitle: 'Diwali' }) }) });
    signIn(113);
    renderApp(`/staffattendance?date=${DATE}`);
    expect(await screen.findByText('This day is a holiday (Diwali): attendance is not marked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save register' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Status of/ })).toBeNull();
  }, 90_000);

  it("shows the month's grid with each person's counts, and downloads its CSV in the reader's language", async () => {
    const month: StaffMonth = {
      month: '2026-11',
      days: Array.from({ length: 3 }, (_, i) => ({ date: `2026-11-0${i + 1}`, kind: i === 0 ? 'weekly_off' : 'school', holidayTitle: null })),
      savedDays: 2,
      people: [
        { kind: 'user', personId: PEOPLE[1]!.personId, fullName: 'Ravi Kumar', roleId: 114, designation: null, marks: '-PA', present: 1, absent: 1, halfDays: 0, onLeave: 0, onDuty: 0, late: 0, leaveByType: {}, withoutPay: 0 },
        { kind: 'member', personId: PEOPLE[2]!.personId, fullName: 'Mohan Lal', roleId: null, designation: 'Driver', marks: '-HD', present: 0, absent: 0, halfDays: 1, onLeave: 0, onDuty: 1, late: 0, leaveByType: {}, withoutPay: 0 },
      ],
    };
    const csvUrls: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/staffattendance/month': () => json(200, { result: month }),
      'GET /api/school/staffattendance/month/csv': (url) => {
        csvUrls.push(url);
        return new Response('Name,Role or designation,2026-11-01\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="staff-attendance-2026-11.csv"' } });
      },
    });
    const files: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/staffattendance?view=month&month=2026-11');
    const table = await screen.findByTestId('staff-month-table', {}, { timeout: 30_000 });
    const rows = within(table).getAllByTestId('staff-month-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ravi Kumar');
    expect(rows[0]).toHaveTextContent('Teacher');
    expect(within(rows[1]!).getByText('H')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('D')).toBeInTheDocument();
    expect(rows[0]!.querySelector('[data-count="present"]')).toHaveTextContent('1');
    expect(rows[1]!.querySelector('[data-count="onDuty"]')).toHaveTextContent('1');
    expect(screen.getByText('Working days saved this month: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toEqual(['staff-attendance-2026-11.csv']));
    expect(csvUrls[0]).toMatch(/\/api\/school\/staffattendance\/month\/csv\?month=2026-11&lang=en$/);
    click.mockRestore();
  }, 90_000);
});

describe('/staffmembers', () => {
  const member = (over: Partial<StaffMember> = {}): StaffMember => ({
    staffMemberId: 'f0000000-0000-4000-8000-000000000001',
    fullName: 'Mohan Lal',
    designation: 'Driver',
    phone: '9876543210',
    joinedOn: '2024-06-01',
    leftOn: null,
    createdAt: '2026-11-01T04:30:00.000Z',
    ...over,
  });

  it('lists the staff working now, and adds one with the contract’s checks', async () => {
    let created: unknown;
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/staffmembers': () => json(200, pageOf([member()])),
      'POST /api/school/staffmembers': (_url, init) => {
        created = JSON.parse(String(init.body));
        return json(200, { result: member({ staffMemberId: 'f0000000-0000-4000-8000-000000000002', fullName: 'Kamla Devi', designation: 'Attendant', phone: null }) });
      },
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/staffmembers');
    expect(await screen.findByText('Mohan Lal', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByText('Driver')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/school/staffmembers?') && String(url).includes('current=true'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const form = await screen.findByRole('form', { name: 'Add a staff member' });
    // Required fields first.
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(created).toBeUndefined();
    await user.type(within(form).getByRole('textbox', { name: /Full name/ }), 'Kamla Devi');
    await user.type(within(form).getByRole('textbox', { name: /Designation/ }), 'Attendant');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(created).toBeDefined());
    expect(created).toEqual({ fullName: 'Kamla Devi', designation: 'Attendant', phone: null, joinedOn: schoolToday(), leftOn: null });
    expect(await screen.findByText('Kamla Devi added to the staff register')).toBeInTheDocument();
  }, 90_000);

  it('says so when there is nobody yet', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/staffmembers': () => json(200, pageOf([])) });
    signIn(112);
    renderApp('/staffmembers');
    expect(await screen.findByText('No staff without a sign-in yet. Add drivers, attendants, guards and office staff here.')).toBeInTheDocument();
  }, 90_000);
});
