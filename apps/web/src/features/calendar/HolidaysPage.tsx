import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useCurrentSession } from '../../lib/useCurrentSession';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { HolidayForm } from './HolidayForm';
import { HolidayList } from './HolidayList';
import { SessionGate } from './SessionGate';

/**
 * /holidays: the principal adds a holiday to the header's session (and may announce it), with the
 * session's holidays below; a system admin, who may only view, sees the list alone.
 */
export default function HolidaysPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const { current, isLoading } = useCurrentSession();
  const manages = role === ROLE.PRINCIPAL;
  return (
    <>
      <PageHeading
        title={t(route.title)}
        description={current ? t(manages ? 'calendar.holidays.addDescription' : 'calendar.holidays.viewDescription', { label: current.sessionYear }) : undefined}
      />
      <SessionGate isLoading={isLoading} session={current}>
        {(session) => (
          <Stack gap="xl">
            {manages ? (
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-holiday">
                <Text component="h2" id="add-holiday" fw={650} size="lg" mb="md" mt={0}>
                  {t('calendar.holidays.add')}
                </Text>
                <HolidayForm target={{ mode: 'create', session }} />
              </Card>
            ) : null}
            <section>
              <HolidayList session={session} editable={manages} heading={t('calendar.holidays.listTitle', { label: session.sessionYear })} />
              {manages ? (
                <Group justify="flex-end" mt="sm">
                  <Anchor component={Link} to="/viewholidays" size="sm">
                    {t('calendar.holidays.viewAll')}
                  </Anchor>
                </Group>
              ) : null}
            </section>
          </Stack>
        )}
      </SessionGate>
    </>
  );
}
