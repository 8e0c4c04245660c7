import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/errors';

/** Loading, empty and failed states of the exams grids (marks, grades and remarks). */
export function GridLoading({ rowHeight = 48 }: { rowHeight?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={rowHeight} radius="md" />
      ))}
    </Stack>
  );
}

export function GridEmpty({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text c="dimmed" role="status">
        {text}
      </Text>
    </Paper>
  );
}

export function GridFailed({ error, retry, title }: { error: unknown; retry: () => void; title: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={title}>
      <Text size="sm" mb="sm">
        {apiErrorText(error, t)}
      </Text>
      <Button size="xs" variant="white" color="red" onClick={retry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
