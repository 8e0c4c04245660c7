import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, renderAt, signIn } from '../../test/utils';
import NoticeBoardCard, { BOARD_PAGE_SIZE } from './NoticeBoardCard';
import { noticeBody } from './noticeForm';

const notice = (n: number, over: Record<string, unknown> = {}) => ({
  noticeId: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
  title: `Notice ${n}`,
  description: `Text of notice ${n}`,
  date: '2026-07-01',
  roles: [114],
  status: true,
  authorName: 'Anita Sharma',
  createdAt: '2026-07-01T04:00:00.000Z',
  updatedAt: '2026-07-01T04:00:00.000Z',
  ...over,
});

describe('the notice form', () => {
  it('sends trimmed text and the roles as numbers in the roles’ order, each once', () => {
    expect(noticeBody({ title: '  Sports day ', description: ' Come early\n', date: '2026-07-01', roles: ['116', '114', '115'] })).toEqual({
      title: 'Sports day',
      description: 'Come early',
      date: '2026-07-01',
      roles: [114, 115, 116],
    });
  });
});

describe('the notice board card', () => {
  it('shows the notices newest first as the server gives them, with date and author, and more on request', async () => {
    const six = Array.from({ length: 6 }, (_, i) => notice(i + 1));
    const fetch = mockFetch({
      'GET /api/school/noticeboard/board': (url) => {
        const q = new URL(url, 'http://x').searchParams;
        const page = Number(q.get('page'));
        const size = Number(q.get('pageSize'));
        return json(200, { result: { items: six.slice((page - 1) * size, page * size), total: six.length, page, pageSize: size } });
      },
    });
    signIn(114);
    const user = userEvent.setup();
    renderAt(<NoticeBoardCard />);
    const card = await screen.findByRole('region', { name: 'Notice board' });
    await waitFor(() => expect(within(card).getAllByTestId('board-notice')).toHaveLength(BOARD_PAGE_SIZE));
    expect(within(card).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(six.slice(0, 5).map((n) => n.title));
    expect(card).toHaveTextContent('6 notices');
    expect(within(card).getAllByText('From Anita Sharma')).toHaveLength(5);
    await user.click(within(card).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(card).getAllByTestId('board-notice')).toHaveLength(6));
    expect(within(card).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('says so when there is no notice', async () => {
    mockFetch({ 'GET /api/school/noticeboard/board': () => json(200, { result: { items: [], total: 0, page: 1, pageSize: 5 } }) });
    signIn(116);
    renderAt(<NoticeBoardCard />);
    expect(await screen.findByText('No notices')).toBeInTheDocument();
  });
});

describe('/viewall_notice', () => {
  it('lists notices with their status; switching one off asks first, then tells of a failure with the spec’s text', async () => {
    const fetch = mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/noticeboard': () => json(200, pageOf([notice(1, { roles: [114, 115] }), notice(2, { status: false })])),
      [`PATCH /api/school/noticeboard/${notice(1).noticeId}/status`]: () => json(404, { error: 'NOT_FOUND', message: 'Notice not found.' }),
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/viewall_notice');
    const first = await screen.findByRole('row', { name: /Notice 1/ }, { timeout: 10_000 });
    expect(within(first).getByText('Teacher, Parent')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Notice 2/ })).getByText('Inactive')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Notice 1' })).toHaveAttribute('href', `/editnoticeboard/${notice(1).noticeId}`);
    await user.click(within(first).getByRole('switch', { name: 'Active: Notice 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Do you want to make the notice “Notice 1” inactive?');
    const patches = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, deactivate!' }));
    expect(await screen.findByText('Failed to update notice status')).toBeInTheDocument();
    expect(JSON.parse(String(patches()[0]![1]!.body))).toEqual({ status: false });
  });

  it('shows the empty state', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/noticeboard': () => json(200, pageOf([])) });
    signIn(113);
    renderApp('/viewall_notice');
    expect(await screen.findByText('No notices yet. Publish the first one with Add notice.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
