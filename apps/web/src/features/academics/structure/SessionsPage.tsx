import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { useMarkCurrentSession } from '../../../api/academics-structure';
import { useSessions } from '../../../api/queries';
import { DataTable } from '../../../components/DataTable';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../lib/screen';
import { formatDate } from '../../../lib/format';
import { nextSession, type SessionFormValues } from './sessionForm';
import { SessionFormModal } from './SessionFormModal';
import { SchoolDaysCard } from './SchoolDaysCard';
import { toastOutcome } from '../../../lib/notify';
import { RowAction } from '../../../components/RowAction';
import { confirmAction } from '../../../lib/confirm';

type Target = { mode: 'edit'; session: AcademicSession } | { mode: 'create'; values: SessionFormValues };

/** The school's sessions (academic years): add, edit, mark one current; and its school days. */
export default function SessionsPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const [target, setTarget] = useState<Target | null>(null);
  const markCurrent = useMarkCurrentSession();
  const items = sessions.data ?? [];
  const date = (value: string) => formatDate(value, i18n.language);

  const askCurrent = (session: AcademicSession) => {
    confirmAction({
      title: t('sessions.confirmTitle'),
      text: t('sessions.confirmText', { label: session.sessionYear }),
      confirm: t('sessions.confirm'),
      onConfirm: () => markCurrent.mutate(session.sessionId, toastOutcome(t('sessions.madeCurrent', { label: session.sessionYear }), t('sessions.currentFailed'))),
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
      <RowAction tip={t('common.edit')} label={t('sessions.editNamed', { label: session.sessionYear })} icon={IconPencil} onClick={() => setTarget({ mode: 'edit', session })} />
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
        <DataTable
          label={t('sessions.listLabel')}
          items={items}
          rowKey={(s) => s.sessionId}
          state={{ query: sessions, emptyText: t('sessions.empty') }}
          columns={[
            {
              key: 'label',
              header: t('sessions.label'),
              cell: (s) => (
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {s.sessionYear}
                  </Text>
                  {currentBadge(s)}
                </Group>
              ),
            },
            { key: 'start', header: t('sessions.startDate'), cell: (s) => date(s.startDate), wrap: 'nowrap' },
            { key: 'end', header: t('sessions.endDate'), cell: (s) => date(s.endDate), wrap: 'nowrap' },
          ]}
          card={(s) => (
            <>
              <Group gap="xs" justify="space-between">
                <Title order={2} size="h4">
                  {s.sessionYear}
                </Title>
                {currentBadge(s)}
              </Group>
              <Text size="sm" mt={4}>
                {t('sessions.range', { start: date(s.startDate), end: date(s.endDate) })}
              </Text>
            </>
          )}
          rowActions={actions}
        />
        <SchoolDaysCard />
      </Stack>
      <SessionFormModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
