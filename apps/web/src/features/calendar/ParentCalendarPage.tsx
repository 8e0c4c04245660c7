import { Badge, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHolidayNotices } from '../../api/calendar';
import { useCurrentSession } from '../../lib/useCurrentSession';
import type { ScreenProps } from '../../lib/screen';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { ChildPicker, ChildrenState, useChosenChild } from '../parent';
import { localeOf } from '../../lib/format';
import { useHolidayDates } from './HolidayList';
import { MonthCalendar } from './MonthCalendar';

/** The coming holidays of the session (holiday notices), soonest first. */
function ComingHolidays({ sessionId }: { sessionId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const notices = useHolidayNotices(sessionId);
  const dates = useHolidayDates();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const items = notices.data ?? [];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="coming-holidays">
      <Text component="h2" id="coming-holidays" fw={650} size="lg" mt={0} mb="sm">
        {t('calendar.coming')}
      </Text>
      <ListState
        query={notices}
        isEmpty={items.length === 0}
        emptyText={t('calendar.noComing')}
        rows={3}
      >
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="coming-holidays">
          {items.map((h) => (
            <li key={h.holidayId}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {h.title}
                </Text>
                <Badge variant="light" color="orange" style={{ textTransform: 'none', flexShrink: 0 }}>
                  {t('calendar.holidays.daysCount', { count: h.days, n: numbers.format(h.days) })}
                </Badge>
              </Group>
              <Text size="sm">{dates(h)}</Text>
              {h.description ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {h.description}
                </Text>
              ) : null}
            </li>
          ))}
        </Stack>
      </ListState>
    </Card>
  );
}

/** /parentviewcalender: a child's month (holidays, weekly offs, its attendance) and the coming holidays. */
export default function ParentCalendarPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { children, items, child, choose } = useChosenChild();
  const { current } = useCurrentSession();

  return (
    <>
      <PageHeading title={t(route.title)} description={t('calendar.parentDescription')} />
      <ChildrenState query={children} emptyText={t('calendar.noChildren')}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="child-calendar">
              <Stack gap="sm">
                <Text component="h2" id="child-calendar" fw={650} size="lg" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {child ? t('calendar.childCalendar', { name: child.fullName }) : t('calendar.cardTitle')}
                </Text>
                <ChildPicker items={items} value={child?.userId} onChange={choose} label={t('calendar.child')} />
                {child ? <MonthCalendar studentId={child.userId} /> : <Skeleton h={300} />}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <ComingHolidays sessionId={current?.sessionId} />
          </Grid.Col>
        </Grid>
      </ChildrenState>
    </>
  );
}
