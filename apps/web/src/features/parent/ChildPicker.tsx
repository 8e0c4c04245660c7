import { useState } from 'react';
import { NativeSelect } from '@mantine/core';
import type { PersonSummary } from '@shala/contract';
import { useMyChildren } from '../../api/people';

/**
 * The parent's children and the one its screen shows: the first until the parent picks another.
 * `children` is the query (for the screen's loading, error and empty states).
 */
export function useChosenChild() {
  const children = useMyChildren();
  const items = children.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const child = items.find((c) => c.userId === chosen) ?? items[0];
  return { children, items, child, choose: setChosen };
}

/**
 * Picks one of a parent's children by name and login id (a native select: fine with long names
 * on a phone, and with any number of children). With one child there is nothing to pick: nothing
 * shows.
 */
export function ChildPicker({
  items,
  value,
  onChange,
  label,
}: {
  items: readonly PersonSummary[];
  value: string | undefined;
  onChange: (userId: string) => void;
  label: string;
}) {
  if (items.length < 2) return null;
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={items.map((c) => ({ value: c.userId, label: `${c.fullName} (${c.loginId})` }))}
      style={{ maxWidth: 420 }}
      data-testid="child-picker"
    />
  );
}
