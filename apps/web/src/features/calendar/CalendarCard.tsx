import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MonthCalendar } from './MonthCalendar';

/** A month calendar card for the dashboards: holidays and weekly offs, and with `studentId` that child's attendance. */
export default function CalendarCard({ studentId }: { studentId?: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('calendar.cardTitle')}>
      <Text component="h2" fw={650} size="lg" mt={0} mb="sm">
        {t('calendar.cardTitle')}
      </Text>
      <MonthCalendar studentId={studentId} compact />
    </Card>
  );
}
