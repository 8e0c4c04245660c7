import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMasterWeeks, useSetSundayWorking } from '../../../api/academics-structure';
import { toastOutcome } from '../../../lib/notify';
import { isHindi } from '../../../lib/format';

/** The school's week: Monday to Saturday are school days; Sunday is the school's choice. */
export function SchoolDaysCard() {
  const { t, i18n } = useTranslation();
  const weeks = useMasterWeeks();
  const setSunday = useSetSundayWorking();
  const hindi = isHindi(i18n.language);
  const days = weeks.data ?? [];
  const sunday = days.find((d) => d.day === 7);

  const change = (next: boolean) =>
    setSunday.mutate(next, toastOutcome(next ? t('sessions.days.sundayOn') : t('sessions.days.sundayOff'), t('sessions.days.failed')));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="school-days-title">
      <Title order={2} size="h4" id="school-days-title">
        {t('sessions.days.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('sessions.days.hint')}
      </Text>
      {weeks.isLoading ? (
        <Skeleton h={60} radius="sm" />
      ) : weeks.isError ? (
        <Alert color="red" role="alert" title={t('sessions.days.loadError')}>
          <Button size="xs" variant="white" color="red" onClick={() => void weeks.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('sessions.days.listLabel')}>
            {days
              .filter((d) => d.isSchoolDay)
              .map((d) => (
                <Badge key={d.code} component="li" variant="light" size="lg" leftSection={<IconCheck size={14} aria-hidden />} style={{ textTransform: 'none' }}>
                  {hindi ? d.nameHi : d.name}
                </Badge>
              ))}
          </Group>
          <Switch
            label={t('sessions.days.sunday')}
            checked={sunday?.isSchoolDay ?? false}
            disabled={setSunday.isPending}
            onChange={(event) => change(event.currentTarget.checked)}
          />
        </Stack>
      )}
    </Paper>
  );
}
