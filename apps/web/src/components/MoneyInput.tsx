import { useState } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * Money and percent inputs whose value is an integer: paise (₹12.34 → 1234) and basis points
 * (12.5 % → 1250), as the API carries them. The reader types rupees or a percent with at most two
 * decimals; the value is converted with Math.round(x × 100), so no float drift reaches a form
 * (0.29 × 100 is 28.999… in binary: it still gives 29 paise).
 */

/** Rupees (or a percent) as typed → paise (or basis points); null when nothing is typed yet. */
export function toHundredths(raw: number | string): number | null {
  if (raw === '' || raw === '-' || raw === '.' || raw === '-.') return null;
  const n = typeof raw === 'number' ? raw : Number(raw);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** Paise (or basis points) → the number shown in the input (rupees or a percent). */
export const fromHundredths = (value: number | null | undefined): number | '' => (value == null ? '' : value / 100);

type Common = Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'decimalScale' | 'fixedDecimalScale' | 'prefix' | 'suffix'> & {
  /** Paise (MoneyInput) or basis points (PercentInput); null: empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** Bounds in the same unit as the value (paise, basis points); the input clamps to them on blur. */
  min?: number;
  max?: number;
};

/**
 * A NumberInput of hundredths: keeps what the reader types (a trailing "." or "-" included) and
 * reports the integer value; a new value from outside (a loaded record, a reset) replaces the text.
 */
function HundredthsInput({ value, onChange, min, max, onFocus, onBlur, ...props }: Common & Pick<NumberInputProps, 'prefix' | 'suffix' | 'thousandSeparator' | 'thousandsGroupStyle'>) {
  const [raw, setRaw] = useState<number | string>(fromHundredths(value));
  const [seen, setSeen] = useState(value);
  const [focused, setFocused] = useState(false);
  // A value from outside that is not what the text says: show it.
  if (value !== seen) {
    setSeen(value);
    if (value !== toHundredths(raw)) setRaw(fromHundredths(value));
  }
  return (
    <NumberInput
      {...props}
      value={raw}
      onChange={(next) => {
        setRaw(next);
        const parsed = toHundredths(next);
        setSeen(parsed);
        if (parsed !== value) onChange(parsed);
      }}
      min={min == null ? undefined : min / 100}
      max={max == null ? undefined : max / 100}
      allowNegative={props.allowNegative ?? (min != null && min < 0)}
      decimalScale={2}
      // Two decimals once the reader has left the field (₹1,250.50); free typing while in it.
      fixedDecimalScale={!focused && raw !== ''}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      hideControls
    />
  );
}

/** Rupees with Indian grouping (₹1,23,456.50) and the ₹ sign; the value is paise. */
export function MoneyInput(props: Common) {
  return <HundredthsInput prefix="₹" thousandSeparator="," thousandsGroupStyle="lakh" {...props} />;
}

/** A percent with two decimals (12.50 %); the value is basis points (1250). */
export function PercentInput(props: Common) {
  return <HundredthsInput suffix="%" {...props} />;
}
