import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { MessageUsage } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';

const T = { timeout: 10_000 };

function open(usage: MessageUsage) {
  signIn(113);
  mockFetch({ ...HEADER_MOCKS, 'GET /api/school/messages/usage': () => json(200, { result: usage }) });
  renderApp('/messages/usage');
}

describe('/messages/usage', () => {
  it('shows each month and channel in the reader’s language: sent, failed, SMS parts (none for WhatsApp)', async () => {
    open({
      months: [
        { month: '2026-11', channel: 'sms', sent: 1200, failed: 3, parts: 2400 },
        { month: '2026-11', channel: 'whatsapp', sent: 40, failed: 1, parts: 40 },
        { month: '2026-10', channel: 'sms', sent: 5, failed: 0, parts: 5 },
      ],
      mobileCodes: { today: 12, cap: 200 },
    });
    expect(await screen.findByText('Mobile verification codes sent today: 12 of 200', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Today’s cap is reached')).toBeNull();
    const table = await screen.findByRole('table', { name: 'Usage by month and channel' }, T);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['November 2026', 'SMS', '1,200', '3', '2,400'],
      ['November 2026', 'WhatsApp', '40', '1', '—'],
      ['October 2026', 'SMS', '5', '0', '5'],
    ]);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    try {
      const hi = await screen.findByRole('table', { name: 'महीने और माध्यम के अनुसार उपयोग' }, T);
      expect(within(hi).getAllByText('नवंबर 2026')).toHaveLength(2);
      expect(within(hi).getByRole('columnheader', { name: 'एसएमएस भाग' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
      localStorage.removeItem('lang');
    }
  });

  it('says so when nothing went out, and warns when today’s mobile codes reached the cap', async () => {
    open({ months: [], mobileCodes: { today: 200, cap: 200 } });
    expect(await screen.findByText('Today’s cap is reached', {}, T)).toBeInTheDocument();
    expect(await screen.findByText('Nothing was sent by SMS or WhatsApp in the last 12 months.', {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
