import type { ReactNode } from 'react';
import { Badge, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClassWork } from '@shala/contract';
import { downloadClassWorkFile } from '../../api/classwork';
import { FileDownloadButton } from '../../components/FileUploads';
import { ListState } from '../../components/ListState';
import { schoolToday } from '../attendance';
import { useFeeDate } from '../fees';

/** One piece of work: subject, title, class, teacher, dates (overdue marked), description, files. */
export function WorkItem({ work, showClass, actions }: { work: ClassWork; showClass?: boolean; actions?: ReactNode }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  const overdue = !!work.dueDate && work.dueDate < schoolToday();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={work.title} data-testid="class-work">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" style={{ textTransform: 'none' }}>
                {work.subjectName}
              </Badge>
              {showClass ? (
                <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
                  {t('classwork.classSection', { name: work.className, section: work.section })}
                </Badge>
              ) : null}
            </Group>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {work.title}
            </Title>
          </Stack>
          {actions}
        </Group>
        <Text size="sm" c="dimmed">
          {t('classwork.byOn', { teacher: work.teacherName, date: date(work.date) })}
        </Text>
        {work.dueDate ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600} c={overdue ? 'red.8' : undefined}>
              {t('classwork.dueOn', { date: date(work.dueDate) })}
            </Text>
            {overdue ? (
              <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
                {t('classwork.overdue')}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {work.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {work.description}
          </Text>
        ) : null}
        {work.files.length > 0 ? (
          <Group gap="xs" wrap="wrap" aria-label={t('classwork.files')}>
            {work.files.map((f) => (
              <FileDownloadButton key={f.name} file={f} download={() => downloadClassWorkFile(work, f)} />
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface PageQueryResult {
  data?: { items: ClassWork[]; total: number; pageSize: number };
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A paged list of works with its loading, error and empty states. */
export function WorkList({
  query,
  page,
  onPage,
  showClass,
  actions,
  emptyText,
}: {
  query: PageQueryResult;
  page: number;
  onPage: (page: number) => void;
  showClass?: boolean;
  actions?: (work: ClassWork) => ReactNode;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const items = query.data?.items ?? [];
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  return (
    <ListState
      query={query}
      isEmpty={items.length === 0}
      emptyText={emptyText ?? t('classwork.empty')}
      rows={3}
    >
      <Stack gap="md" maw={960}>
        {items.map((w) => (
          <WorkItem key={w.workId} work={w} showClass={showClass} actions={actions?.(w)} />
        ))}
        {pages > 1 ? <Pagination total={pages} value={page} onChange={onPage} size="sm" aria-label={t('classwork.pages')} /> : null}
      </Stack>
    </ListState>
  );
}
