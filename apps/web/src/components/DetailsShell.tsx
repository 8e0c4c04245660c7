import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailGrid, type DetailItem } from './DetailGrid';
import { RecordState } from './ListState';
import { PageHeading } from './PageHeading';

interface RecordQuery<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The details-page shell every details screen uses: heading, 'back to the list', the record's
 * loading and error states, then the record.
 */
export function DetailsPage<T>({ title, backTo, query, children }: { title: string; backTo: string; query: RecordQuery<T>; children: (record: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={title} />
      <Button component={Link} to={backTo} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} mb="md" px={0}>
        {t('common.backToList')}
      </Button>
      <RecordState query={query}>
        {() => (query.data ? <Stack gap="lg" maw={960}>{children(query.data)}</Stack> : null)}
      </RecordState>
    </>
  );
}

/** The record's card: picture, name, badges and status, the edit button, then its fields. */
export function RecordCard({
  picture,
  name,
  badges,
  editTo,
  items,
  cols = 3,
}: {
  picture: ReactNode;
  name: string;
  badges: ReactNode;
  editTo?: string | null;
  items: DetailItem[];
  cols?: number;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Group gap="lg" align="center" wrap="wrap">
        {picture}
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Group gap="xs" wrap="wrap">
            {badges}
          </Group>
        </Stack>
        {editTo ? (
          <Button component={Link} to={editTo} leftSection={<IconPencil size={16} aria-hidden />}>
            {t('common.edit')}
          </Button>
        ) : null}
      </Group>
      <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
        <DetailGrid items={items} cols={cols} editTo={editTo} />
      </div>
    </Paper>
  );
}
