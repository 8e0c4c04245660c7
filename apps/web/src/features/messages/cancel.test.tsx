import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageSummary } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';

const T = { timeout: 10_000 };
const ID = '3b0d6c1e-8f2a-4c5d-9e7f-1a2b3c4d5e6f';
const URL = `/api/school/messages/${ID}`;

const message = (over: Partial<MessageSummary> = {}): MessageSummary => ({
  messageId: ID,
  title: 'Sports day',
  body: 'Sports day moves to Monday.',
  audience: { kind: 'roles', roles: [115] },
  channels: ['sms'],
  status: 'scheduled',
  scheduledFor: '2026-11-26T04:30:00.000Z',
  senderName: 'Demo Principal',
  recipients: 0,
  createdAt: '2026-11-25T04:30:00.000Z',
  counts: {},
  attachment: null,
  ...over,
});

/** The message's page (the whole app: its layout has the confirm dialogs' provider), the message answering `now()`. */
function open(now: () => MessageSummary, cancel: () => Response) {
  signIn(113);
  const calls: string[] = [];
  mockFetch({
    ...HEADER_MOCKS,
    [`GET ${URL}`]: () => json(200, { result: now() }),
    [`GET ${URL}/deliveries`]: () => json(200, { result: { items: [], total: 0, page: 1, pageSize: 50 } }),
    [`POST ${URL}/cancel`]: () => {
      calls.push('cancel');
      return cancel();
    },
  });
  renderApp(`/messages/${ID}`);
  return calls;
}

async function cancelIt() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cancel sending' }, T));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this message?' }, T);
  expect(dialog).toHaveTextContent('"Sports day" will not be sent');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel sending' }));
}

describe('/messages/:messageId, a message set for later', () => {
  it('is cancelled after the confirmation, and then shows so', async () => {
    const calls = open(message, () => json(200, { message: 'Message cancelled', result: message({ status: 'cancelled' }) }));
    await cancelIt();
    expect(await screen.findByText('"Sports day" is cancelled: it will not be sent.', {}, T)).toBeInTheDocument();
    expect(calls).toEqual(['cancel']);
    expect(within(screen.getByRole('region', { name: 'Message' })).getByText('Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel sending' })).toBeNull(), T);
    expect(screen.getByText('The message was cancelled before it went: nothing was sent.')).toBeInTheDocument();
  });

  it('says why when it went meanwhile, and shows it sent', async () => {
    let current = message();
    open(
      () => current,
      () => {
        current = message({ status: 'sent', recipients: 4 });
        return json(409, { error: 'CONFLICT', reason: 'message_not_scheduled', message: 'Only a message set for later that has not gone yet can be cancelled.' });
      },
    );
    await cancelIt();
    expect(await screen.findByText('This message is no longer set for later: it has gone already or was cancelled.', {}, T)).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Message' })).findByText('Sent', {}, T)).toBeInTheDocument();
    // The dialog closes; the page offers no cancel any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel sending' })).toBeNull(), T);
  });
});
