import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReceivedMessage } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';

const T = { timeout: 10_000 };
const ID = '3b0d6c1e-8f2a-4c5d-9e7f-1a2b3c4d5e6f';
const URL_OF = `/api/messages/${ID}`;

const message: ReceivedMessage = {
  messageId: ID,
  title: 'Annual day',
  body: 'The plan is attached.\nPlease bring it signed.',
  senderName: 'Demo Principal',
  createdAt: '2026-11-25T04:30:00.000Z',
  attachment: { name: 'c0ffee00-0000-4000-8000-000000000001.pdf', originalName: 'Rehearsal plan.pdf', mime: 'application/pdf', size: 2048 },
};

/** Downloads: the blob is saved through a link; the name it was saved under is kept. */
function catchDownloads() {
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { saved, restore: () => click.mockRestore() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/inbox/:messageId, a message as its recipient reads it', () => {
  it('shows the text as written, who sent it and when, and downloads its file', async () => {
    signIn(115);
    const fetched: string[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      [`GET ${URL_OF}`]: () => json(200, { result: message }),
      [`GET ${URL_OF}/attachment`]: (url) => {
        fetched.push(url);
        return new Response('%PDF-1.4\n', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="Rehearsal plan.pdf"` } });
      },
    });
    const downloads = catchDownloads();
    renderApp(`/inbox/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Annual day' }, T)).toBeInTheDocument();
    expect(screen.getByTestId('inbox-from')).toHaveTextContent(/^From Demo Principal · 25 Nov 2026/);
    // The line break stays.
    expect(screen.getByTestId('inbox-body').textContent).toBe(message.body);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Rehearsal plan.pdf' }));
    await waitFor(() => expect(downloads.saved).toEqual(['Rehearsal plan.pdf']), T);
    expect(fetched).toHaveLength(1);
    downloads.restore();
  });

  it('says plainly when the message is not the reader’s (404), and leads to the notifications', async () => {
    signIn(115);
    mockFetch({ ...HEADER_MOCKS, [`GET ${URL_OF}`]: () => json(404, { error: 'NOT_FOUND', message: 'Message not found' }) });
    renderApp(`/inbox/${ID}`);
    expect(await screen.findByText('This message was not found', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open notifications' })).toHaveAttribute('href', expect.stringMatching(/\/notifications$/));
  });
});
