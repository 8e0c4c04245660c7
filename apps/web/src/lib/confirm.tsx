import type { ReactNode } from 'react';
import i18n from 'i18next';
import { Text, type MantineColor } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * Asks before an action: a title, a line of text, the confirm button (`color`: red for a removal)
 * and Cancel; `onConfirm` runs on the confirm button.
 */
export function confirmAction({ title, text, confirm, color, onConfirm }: { title: string; text: ReactNode; confirm: string; color?: MantineColor; onConfirm: () => void }): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: i18n.t('common.cancel') },
    confirmProps: color ? { color } : undefined,
    onConfirm,
  });
}
