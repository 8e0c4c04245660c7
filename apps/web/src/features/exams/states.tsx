import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ListState';

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
  return <ErrorAlert title={title} error={error} onRetry={retry} />;
}
