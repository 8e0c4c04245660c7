import type { ReactNode } from 'react';
import { Alert, Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../api/errors';
import { LoadingBlock } from './LoadingBlock';

/** What a query gives a list's states (a TanStack query fits as it is). */
export interface QueryState {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  refetch: () => unknown;
}

type Props = {
  /** Nothing to show: the empty state (spec section 8 texts). */
  isEmpty: boolean;
  emptyText: string;
  emptyAction?: ReactNode;
  /** Title of the error alert; defaults to a generic one. */
  errorTitle?: string;
  rows?: number;
  children: ReactNode;
} & (
  | {
      /** The query whose loading, error and retry these are. */
      query: QueryState;
      isLoading?: never;
      isError?: never;
      error?: never;
      isFetching?: never;
      onRetry?: never;
    }
  | { query?: never; isLoading: boolean; isError: boolean; error: unknown; isFetching?: boolean; onRetry: () => void }
);

/** A failed load: its title, the error's text and Retry (busy while `retrying`). */
export function ErrorAlert({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm" mb="sm">
        {apiErrorText(error, t)}
      </Text>
      <Button size="xs" variant="white" color="red" onClick={onRetry} loading={retrying}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/** ErrorAlert of a query: Retry refetches it. */
export function QueryError({ query, title }: { query: QueryState; title: string }) {
  return <ErrorAlert title={title} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}

/**
 * The loading, error and empty states every list shares, then the list itself:
 * `<ListState query={query} isEmpty={items.length === 0} emptyText={t('x.empty')}>…</ListState>`
 * (or `isLoading`, `isError`, `error`, `isFetching` and `onRetry` one by one).
 */
export function ListState(props: Props) {
  const { isEmpty, emptyText, emptyAction, errorTitle, rows = 5, children } = props;
  const { query } = props;
  const isLoading = query ? query.isLoading : props.isLoading;
  const isError = query ? query.isError : props.isError;
  const error = query ? query.error : props.error;
  const isFetching = query ? query.isFetching : props.isFetching;
  const onRetry = query ? () => void query.refetch() : props.onRetry;
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
    return <ErrorAlert title={errorTitle ?? t('list.loadError')} error={error} onRetry={onRetry} retrying={isFetching} />;
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

/**
 * Loading and error states of one record (details and edit screens):
 * `<RecordState query={query}>{() => …}</RecordState>` (or `isLoading`, `isError`, `error`, `onRetry`).
 */
export function RecordState(
  props: { children: () => ReactNode } & (
    | { query: QueryState; isLoading?: never; isError?: never; error?: never; onRetry?: never }
    | { query?: never; isLoading: boolean; isError: boolean; error: unknown; onRetry: () => void }
  ),
) {
  const { t } = useTranslation();
  const { query, children } = props;
  const isLoading = query ? query.isLoading : props.isLoading;
  const isError = query ? query.isError : props.isError;
  const error = query ? query.error : props.error;
  const onRetry = query ? () => void query.refetch() : props.onRetry;
  if (isLoading) return <LoadingBlock h={260} radius="md" />;
  if (isError) {
    return <ErrorAlert title={t('common.loadRecordError')} error={error} onRetry={onRetry} />;
  }
  return <>{children()}</>;
}
