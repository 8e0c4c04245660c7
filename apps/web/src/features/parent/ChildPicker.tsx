/**
 * The one child picker of a parent's screens.
 *
 * - `<ChosenChild label={t('x.child')}>{(child) => …}</ChosenChild>`: the children's loading, error
 *   and empty states, a framed picker when there are several, then the chosen child's part.
 * - For a layout of one's own: `const { children, items, child, choose } = useChosenChild()`, then
 *   `<ChildrenState query={children} emptyText=…>` and `<ChildPicker items value onChange label />`
 *   where the picker belongs (it shows nothing with one child).
 *
 * The chosen child is kept in the address (`?child=<userId>`, through `useAddressParams`), so a
 * reload or going back keeps it; none or an unknown one is the first child.
 */
import type { ReactNode } from 'react';
import { NativeSelect, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonSummary } from '@shala/contract';
import { useMyChildren } from '../../api/people';
import { ListState } from '../../components/ListState';
import { useAddressParams } from '../../lib/useListParams';

/** The parent's children and the one its screen shows (`?child=`, else the first). */
export function useChosenChild() {
  const children = useMyChildren();
  const items = children.data ?? [];
  const { params, update } = useAddressParams();
  const chosen = params.get('child');
  const child = items.find((c) => c.userId === chosen) ?? items[0];
  return { children, items, child, choose: (userId: string) => update({ child: userId }) };
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

/** The children's loading, error and empty states, then `children`. */
export function ChildrenState({ query, emptyText, children }: { query: ReturnType<typeof useMyChildren>; emptyText?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListState
      query={query}
      isEmpty={(query.data ?? []).length === 0}
      emptyText={emptyText ?? t('wards.empty')}
      rows={2}
    >
      {children}
    </ListState>
  );
}

/**
 * A parent's screen about one child: the children's loading, error and empty states, the picker
 * when there are several, then `children(child)` for the chosen one.
 */
export function ChosenChild({ label, children: render }: { label: string; children: (child: PersonSummary) => ReactNode }) {
  const { children, items, child, choose } = useChosenChild();
  return (
    <ChildrenState query={children}>
      <Stack gap="lg">
        {items.length > 1 ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
            <ChildPicker items={items} value={child?.userId} onChange={choose} label={label} />
          </Paper>
        ) : null}
        {child ? render(child) : null}
      </Stack>
    </ChildrenState>
  );
}
