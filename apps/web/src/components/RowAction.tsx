import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * A row's icon button with its tooltip: `tip` shows on hover, `label` names it for screen readers
 * (with the row's name: "Edit Class 5"); a link with `to`, a button with `onClick`, red when `danger`.
 */
export function RowAction({ tip, label, icon: Glyph, to, onClick, danger }: { tip: string; label: string; icon: Icon; to?: string; onClick?: () => void; danger?: boolean }) {
  const color = danger ? 'red' : undefined;
  return (
    <Tooltip label={tip}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={label}>
          <Glyph size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
          <Glyph size={18} aria-hidden />
        </ActionIcon>
      )}
    </Tooltip>
  );
}
