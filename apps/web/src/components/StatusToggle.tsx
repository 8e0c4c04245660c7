import { Group, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySaved } from '../lib/notify';

/**
 * A switch without a visible label: its real checkbox covers the track (invisibly), so a pointer or
 * a test clicks the input itself.
 */
export const SWITCH_INPUT_ON_TOP = { input: { position: 'absolute', inset: 0, width: '100%', height: '100%', margin: 0, zIndex: 1, cursor: 'pointer' } } as const;

interface Props {
  /** Current status: true is Active. */
  status: boolean;
  /** Who or what is toggled, for the prompt and the toast. */
  name: string;
  /** Sends the new status; resolves when the server has it. */
  onChange: (next: boolean) => Promise<unknown>;
  /** Called after a successful change (refresh lists). */
  onDone?: () => void;
  /** Show the Active / Inactive text beside the switch. */
  withText?: boolean;
  size?: 'xs' | 'sm' | 'md';
  /** The question asked before a change, when the default (accounts: "…is signed out") does not fit. */
  confirmText?: (next: boolean) => string;
}

/**
 * Active / Inactive switch: asks first ('Are you sure?'), then sends the change and shows a success
 * toast (spec section 4). Its accessible name names its row ('Active: Asha Verma'); checked means active.
 */
export function StatusToggle({ status, name, onChange, onDone, withText = true, size = 'sm', confirmText }: Props) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: onChange,
    onSuccess: (_data, next) => {
      notifySaved(next ? t('status.activated', { name }) : t('status.deactivated', { name }));
      onDone?.();
    },
    onError: (error) => notifyError(error, t('status.failed')),
  });

  const ask = () => {
    const next = !status;
    modals.openConfirmModal({
      title: t('status.confirmTitle'),
      children: <Text size="sm">{confirmText ? confirmText(next) : next ? t('status.activateText', { name }) : t('status.deactivateText', { name })}</Text>,
      labels: { confirm: next ? t('status.confirmActivate') : t('status.confirmDeactivate'), cancel: t('common.cancel') },
      confirmProps: { color: next ? 'green' : 'red' },
      onConfirm: () => mutation.mutate(next),
    });
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Switch
        checked={status}
        onChange={ask}
        disabled={mutation.isPending}
        aria-label={t('status.switchLabel', { name })}
        size={size}
        color="green"
        styles={SWITCH_INPUT_ON_TOP}
      />
      {withText ? (
        <Text size="sm" c={status ? 'green.8' : 'dimmed'} fw={500} style={{ whiteSpace: 'nowrap' }}>
          {status ? t('status.active') : t('status.inactive')}
        </Text>
      ) : null}
    </Group>
  );
}
