import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { LoadingBlock } from '../../components/LoadingBlock';

/** The screen of a session once the header's session is known; a note when the school has none. */
export function SessionGate({ isLoading, session, children }: { isLoading: boolean; session: AcademicSession | null; children: (session: AcademicSession) => ReactNode }) {
  const { t } = useTranslation();
  if (isLoading) return <LoadingBlock h={160} radius="md" />;
  if (!session) {
    return (
      <Paper withBorder radius="md" p="xl" role="status">
        <Text ta="center">{t('calendar.noSession')}</Text>
      </Paper>
    );
  }
  return <>{children(session)}</>;
}
