import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentSession } from '../../lib/useCurrentSession';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { HolidayList } from './HolidayList';
import { SessionGate } from './SessionGate';

/** /viewholidays (113): the session's holidays, all or the coming ones; edit in a modal, remove after a confirmation. */
export default function ViewHolidaysPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentSession();
  return (
    <>
      <PageHeading title={t(route.title)} />
      <Group justify="flex-end" mb="md">
        <Button component={Link} to="/holidays" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('calendar.holidays.add')}
        </Button>
      </Group>
      <SessionGate isLoading={isLoading} session={current}>
        {(session) => <HolidayList session={session} editable heading={t('calendar.holidays.listTitle', { label: session.sessionYear })} />}
      </SessionGate>
    </>
  );
}
