import { useState, type ReactNode } from 'react';
import { NativeSelect, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonSummary } from '@shala/contract';
import { useMyChildren } from '../../api/people';
import { ListState } from '../../components/ListState';

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

/**
 * A parent's screen about one child: the children's loading, error and empty states, the picker
 * when there are several, then `children(child)` for the chosen one.
 */
export function ChosenChild({ label, children: render }: { label: string; children: (child: PersonSummary) => ReactNode }) {
  const { t } = useTranslation();
  const { children, items, child, choose } = useChosenChild();
  return (
    <ListState
      isLoading={children.isLoading}
      isError={children.isError}
      error={children.error}
      isFetching={children.isFetching}
      onRetry={() => void children.refetch()}
      isEmpty={items.length === 0}
      emptyText={t('wards.empty')}
      rows={2}
    >
      <Stack gap="lg">
        {items.length > 1 ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
            <ChildPicker items={items} value={child?.userId} onChange={choose} label={label} />
          </Paper>
        ) : null}
        {child ? render(child) : null}
      </Stack>
    </ListState>
  );
}
