import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../test/utils';
import { MoneyInput, PercentInput, fromHundredths, toHundredths } from './MoneyInput';

function Harness({ initial, kind = 'money', min, max }: { initial: number | null; kind?: 'money' | 'percent'; min?: number; max?: number }) {
  const [value, setValue] = useState<number | null>(initial);
  const Input = kind === 'money' ? MoneyInput : PercentInput;
  return (
    <>
      <Input label="Amount" value={value} onChange={setValue} min={min} max={max} />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="button" onClick={() => setValue(250_075)}>
        Load
      </button>
      <button type="button" onClick={() => setValue(null)}>
        Reset
      </button>
    </>
  );
}

const valueOf = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as number | null;

describe('toHundredths / fromHundredths', () => {
  it('converts rupees to paise by rounding, never by truncating a float', () => {
    expect(toHundredths(0.29)).toBe(29); // 0.29 × 100 = 28.999999999999996
    expect(toHundredths(19.99)).toBe(1999);
    expect(toHundredths(1.15)).toBe(115); // 114.99999999999999
    expect(toHundredths('1234.5')).toBe(123_450);
    expect(toHundredths('12.')).toBe(1200);
    expect(toHundredths(-5.1)).toBe(-510);
    expect(toHundredths(10_000_000)).toBe(1_000_000_000);
    for (const empty of ['', '-', '.', '-.']) expect(toHundredths(empty)).toBeNull();
    expect(fromHundredths(1999)).toBe(19.99);
    expect(fromHundredths(null)).toBe('');
    // Every paisa value survives the round trip.
    for (let p = -1000; p <= 100_000; p += 7) expect(toHundredths(fromHundredths(p))).toBe(p);
  });
});

describe('MoneyInput', () => {
  it('shows paise as rupees with the ₹ sign and Indian grouping', () => {
    renderAt(<Harness initial={12_345_650} />);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('₹1,23,456.50');
  });

  it('shows ₹1 crore grouped in lakhs', () => {
    renderAt(<Harness initial={1_000_000_000} />);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('₹1,00,00,000.00');
  });

  it('gives paise while typing rupees, with two decimals at most and no float drift', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={null} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('');
    await user.type(input, '1234.5');
    expect(valueOf()).toBe(123_450);
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('₹1,234.50'));

    await user.clear(input);
    expect(valueOf()).toBeNull();
    await user.type(input, '0.29');
    expect(valueOf()).toBe(29);
    await user.clear(input);
    await user.type(input, '7.999');
    expect(valueOf()).toBe(799); // a third decimal is not taken
  });

  it('takes a new value from outside (a loaded record, a reset)', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={100} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('₹1.00');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect(input).toHaveValue('₹2,500.75');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('');
  });

  it('clamps to its bounds (in paise) when the reader leaves it, and refuses a minus sign when the minimum is 0', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={null} min={0} max={100_000} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(input, '5000');
    expect(valueOf()).toBe(500_000);
    await user.tab();
    expect(valueOf()).toBe(100_000);
    expect(input).toHaveValue('₹1,000.00');
    await user.clear(input);
    await user.type(input, '-12');
    expect(valueOf()).toBe(1200);
  });
});

describe('PercentInput', () => {
  it('gives basis points for a percent with two decimals', async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={1_800} kind="percent" min={0} max={10_000} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('18.00%');
    await user.clear(input);
    await user.type(input, '12.5');
    expect(valueOf()).toBe(1_250);
    await user.tab();
    // The two decimals come with the render after the blur (a loaded machine may be a tick late).
    await waitFor(() => expect(input).toHaveValue('12.50%'));
    await user.clear(input);
    await user.type(input, '150');
    await user.tab();
    expect(valueOf()).toBe(10_000);
  });
});
