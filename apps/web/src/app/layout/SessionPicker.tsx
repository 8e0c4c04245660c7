import { NativeSelect, Skeleton, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { SESSION_KEY, session } from '../../api/storage';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { confirmAction } from '../../lib/confirm';

export function SessionPicker({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const { sessions, current, isLoading } = useCurrentSession();

  if (role === ROLE.OWNER) return null; // the platform owner has no school and so no sessions
  if (isLoading) return <Skeleton h={30} w={fullWidth ? '100%' : 120} radius="md" />;
  if (!sessions?.length || !current) {
    return (
      <Text size="sm" c="dimmed">
        {t('header.noSessions')}
      </Text>
    );
  }

  const change = (sessionId: string) => {
    if (sessionId === current.sessionId) return;
    confirmAction({
      title: t('header.sessionConfirmTitle'),
      text: t('header.sessionConfirmText'),
      confirm: t('header.sessionConfirm'),
      onConfirm: () => {
        session.set(SESSION_KEY.sessionId, sessionId);
        window.location.reload();
      },
    });
  };

  return (
    <NativeSelect
      aria-label={t('header.session')}
      size="sm"
      w={fullWidth ? '100%' : 132}
      value={current.sessionId}
      onChange={(event) => change(event.currentTarget.value)}
      leftSection={<IconCalendar size={16} aria-hidden />}
      data={sessions.map((s) => ({ value: s.sessionId, label: s.sessionYear }))}
    />
  );
}
