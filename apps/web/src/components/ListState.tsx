import type { ReactNode } from 'react';
import { Alert, Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../api/errors';
import { LoadingBlock } from './LoadingBlock';

interface Props {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  onRetry: () => void;
  /** Nothing to show: the empty state (spec section 8 texts). */
  isEmpty: boolean;
  emptyText: string;
  emptyAction?: ReactNode;
  /** Title of the error alert; defaults to a generic one. */
  errorTitle?: string;
  rows?: number;
  children: ReactNode;
}

/** The loading, error and empty states every list shares, then the list itself. */
export function ListState({
  isLoading,
  isError,
  error,
  isFetching,
  onRetry,
  isEmpty,
  emptyText,
  emptyAction,
  errorTitle,
  rows = 5,
  children,
}: Props) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')} role="status">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (isError) {
    return (
      <Alert color="red" title={errorTitle ?? t('list.loadError')} role="alert">
        <Text size="sm" mb="sm">
          {apiErrorText(error, t)}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={isFetching}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconDatabaseOff size={28} stroke={1.5} aria-hidden />}
          withIndicatorBackground
          title={emptyText}
          role="status"
        >
          {emptyAction}
        </EmptyState>
      </Paper>
    );
  }
  return <>{children}</>;
}

/** Loading and error states of one record (details and edit screens). */
export function RecordState({
  isLoading,
  isError,
  error,
  onRetry,
  children,
}: {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) return <LoadingBlock h={260} radius="md" />;
  if (isError) {
    return (
      <Alert color="red" title={t('common.loadRecordError')} role="alert">
        <Text size="sm" mb="sm">
          {apiErrorText(error, t)}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children()}</>;
}
