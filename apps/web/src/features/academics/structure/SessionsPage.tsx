import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { useMarkCurrentSession } from '../../../api/academics-structure';
import { apiErrorText } from '../../../api/errors';
import { useSessions } from '../../../api/queries';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../app/screen';
import { formatDate } from '../../people/format';
import { nextSession, type SessionFormValues } from './sessionForm';
import { SessionFormModal } from './SessionFormModal';
import { SchoolDaysCard } from './SchoolDaysCard';

type Target = { mode: 'edit'; session: AcademicSession } | { mode: 'create'; values: SessionFormValues };

/** The school's sessions (academic years): add, edit, mark one current; and its school days. */
export default function SessionsPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const [target, setTarget] = useState<Target | null>(null);
  const markCurrent = useMarkCurrentSession();
  const items = sessions.data ?? [];
  const date = (value: string) => formatDate(value, i18n.language);

  const askCurrent = (session: AcademicSession) => {
    modals.openConfirmModal({
      title: t('sessions.confirmTitle'),
      children: <Text size="sm">{t('sessions.confirmText', { label: session.sessionYear })}</Text>,
      labels: { confirm: t('sessions.confirm'), cancel: t('common.cancel') },
      onConfirm: () =>
        markCurrent.mutate(session.sessionId, {
          onSuccess: () => notifications.show({ color: 'green', message: t('sessions.madeCurrent', { label: session.sessionYear }) }),
          onError: (error) => notifications.show({ color: 'red', title: t('sessions.currentFailed'), message: apiErrorText(error, t) }),
        }),
    });
  };

  const currentBadge = (session: AcademicSession) =>
    session.isCurrent ? (
      <Badge color="green" variant="light">
        {t('sessions.current')}
      </Badge>
    ) : null;

  const actions = (session: AcademicSession) => (
    <>
      <Tooltip label={t('common.edit')}>
        <ActionIcon variant="subtle" aria-label={t('sessions.editNamed', { label: session.sessionYear })} onClick={() => setTarget({ mode: 'edit', session })}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {session.isCurrent ? null : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          onClick={() => askCurrent(session)}
          aria-label={t('sessions.markCurrentNamed', { label: session.sessionYear })}
        >
          {t('sessions.markCurrent')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeading title={t(route.title)} description={t('sessions.description')} />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setTarget({ mode: 'create', values: nextSession(items) })}>
          {t('sessions.add')}
        </Button>
      </Group>
      <Stack gap="lg">
        <ListState
          isLoading={sessions.isLoading}
          isError={sessions.isError}
          error={sessions.error}
          isFetching={sessions.isFetching}
          onRetry={() => void sessions.refetch()}
          isEmpty={items.length === 0}
          emptyText={t('sessions.empty')}
        >
          {cards ? (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('sessions.listLabel')}>
              {items.map((s) => (
                <Paper key={s.sessionId} component="li" withBorder radius="md" p="md">
                  <Group gap="xs" justify="space-between">
                    <Title order={2} size="h4">
                      {s.sessionYear}
                    </Title>
                    {currentBadge(s)}
                  </Group>
                  <Text size="sm" mt={4}>
                    {t('sessions.range', { start: date(s.startDate), end: date(s.endDate) })}
                  </Text>
                  <Group justify="flex-end" gap="xs" mt="sm">
                    {actions(s)}
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('sessions.listLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('sessions.label')}</Table.Th>
                    <Table.Th>{t('sessions.startDate')}</Table.Th>
                    <Table.Th>{t('sessions.endDate')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((s) => (
                    <Table.Tr key={s.sessionId}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text fw={600} size="sm">
                            {s.sessionYear}
                          </Text>
                          {currentBadge(s)}
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(s.startDate)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(s.endDate)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          {actions(s)}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </ListState>
        <SchoolDaysCard />
      </Stack>
      <SessionFormModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
