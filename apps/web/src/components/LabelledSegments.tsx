import { useId } from 'react';
import { SegmentedControl, Text } from '@mantine/core';

/** A full-width segmented choice under a visible label, which also names it for screen readers. */
export function LabelledSegments<T extends string>({
  label,
  value,
  onChange,
  data,
  color,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
  color?: string;
}) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={id}>
        {label}
      </Text>
      <SegmentedControl fullWidth aria-labelledby={id} value={value} onChange={(v) => onChange(v as T)} color={color} data={data} />
    </div>
  );
}
