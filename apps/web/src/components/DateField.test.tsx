import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../i18n';
import { renderAt } from '../test/utils';
import { DateField } from './DateField';

function Harness({ initial, required = false }: { initial: string; required?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {/* jsdom has no layout: the calendar would count as scrolled out of view (hideDetached). */}
      <DateField label="Holiday date" required={required} value={value} onChange={setValue} popoverProps={{ hideDetached: false }} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: /Holiday date/ });
const valueOf = () => screen.getByTestId('value').textContent;

describe('DateField', () => {
  it('shows the day in the app’s English format (day first), not the browser’s, and keeps YYYY-MM-DD', () => {
    renderAt(<Harness initial="2026-11-26" />);
    expect(field()).toHaveValue('26 Nov 2026');
    expect(field()).not.toHaveAttribute('type', 'date');
    expect(valueOf()).toBe('2026-11-26');
  });

  it('shows Hindi month names in Hindi, in the calendar too', async () => {
    await setLanguage('hi');
    try {
      renderAt(<Harness initial="2026-11-26" />);
      expect(field()).toHaveValue('26 नव॰ 2026');
      await userEvent.click(field());
      expect(await screen.findByRole('button', { name: 'गुरुवार, 26 नवंबर 2026' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'अगला महीना' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('takes a typed date (day first or as shown) and shows it back in the app’s format', async () => {
    renderAt(<Harness initial="2026-11-26" />);
    await userEvent.clear(field());
    await userEvent.type(field(), '5/3/2026');
    expect(valueOf()).toBe('2026-03-05');
    await userEvent.tab();
    expect(field()).toHaveValue('5 Mar 2026');
    await userEvent.clear(field());
    await userEvent.type(field(), '1 January 2027');
    expect(valueOf()).toBe('2027-01-01');
    // Half a date changes nothing; leaving the field shows the day kept.
    await userEvent.clear(field());
    await userEvent.type(field(), '31/02/2027');
    await userEvent.tab();
    expect(valueOf()).toBe('');
    expect(field()).toHaveValue('');
  });

  it('opens the calendar on a click or ArrowDown, not on focus; picks a day; a required field is not cleared by emptying it', async () => {
    renderAt(<Harness initial="2026-11-26" required />);
    // Focus alone (a form showing its first wrong field) does not cover the form with a calendar.
    await userEvent.tab();
    expect(field()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Next month' })).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeInTheDocument();
    await userEvent.click(field());
    await userEvent.click(await screen.findByRole('button', { name: 'Tuesday, 3 November 2026' }));
    expect(valueOf()).toBe('2026-11-03');
    expect(field()).toHaveValue('3 Nov 2026');
    await userEvent.clear(field());
    await userEvent.tab();
    expect(valueOf()).toBe('2026-11-03');
    expect(field()).toHaveValue('3 Nov 2026');
  });
});
