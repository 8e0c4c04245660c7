import { Group, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@shala/contract';
import { useNoticeStatus } from '../../api/notices';
import { toastOutcome } from '../../lib/notify';
import { SWITCH_INPUT_ON_TOP } from '../../components/StatusToggle';

/**
 * A notice's Active / Inactive switch: asks first, then sends the change by the notice's id; a
 * success toast, or the spec's "Failed to update notice status" with the reason (spec sections 4, 8).
 */
export function NoticeStatusSwitch({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const mutation = useNoticeStatus();
  const name = notice.title;

  const ask = () => {
    const next = !notice.status;
    modals.openConfirmModal({
      title: t('status.confirmTitle'),
      children: <Text size="sm">{t(next ? 'notices.list.activateText' : 'notices.list.deactivateText', { title: name })}</Text>,
      labels: { confirm: next ? t('status.confirmActivate') : t('status.confirmDeactivate'), cancel: t('common.cancel') },
      confirmProps: { color: next ? 'green' : 'red' },
      onConfirm: () =>
        mutation.mutate({ noticeId: notice.noticeId, status: next }, toastOutcome(t(next ? 'notices.list.activated' : 'notices.list.deactivated', { title: name }), t('notices.list.statusFailed'))),
    });
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Switch
        checked={notice.status}
        onChange={ask}
        disabled={mutation.isPending}
        aria-label={t('status.switchLabel', { name })}
        size="sm"
        color="green"
        styles={SWITCH_INPUT_ON_TOP}
      />
    </Group>
  );
}
