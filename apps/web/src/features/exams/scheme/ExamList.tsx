import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Exam, ExamStatus } from '@shala/contract';

export const STATUS_COLOR: Record<ExamStatus, string> = { draft: 'gray', locked: 'orange', published: 'green' };

/** An exam's status as a badge. */
export function ExamStatusBadge({ status }: { status: ExamStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`examScheme.status.${status}`)}
    </Badge>
  );
}

interface ListProps {
  list: Exam[];
  /** The exam's term, in words. */
  term: (e: Exam) => string;
  numbers: Intl.NumberFormat;
  /** Edit and remove. */
  actions: (e: Exam) => ReactNode;
}

/** The session's exams as cards (on a phone). */
export function ExamCards({ list, term, numbers, actions }: ListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {list.map((e) => (
        <Paper key={e.examId} withBorder radius="md" p="sm" component="article" aria-label={e.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {e.name}
              </Text>
              <Text size="sm" c="dimmed">
                {term(e)}
              </Text>
            </div>
            <ExamStatusBadge status={e.status} />
          </Group>
          <Group justify="space-between" mt="xs" wrap="nowrap">
            <Text size="sm">
              {t('examScheme.exams.summary', { weight: numbers.format(e.weight), max: numbers.format(e.maxMarks), marks: numbers.format(e.markCount) })}
            </Text>
            {actions(e)}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The session's exams as a table. */
export function ExamTable({ list, term, numbers, actions }: ListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-labelledby="exams-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('examScheme.exams.name')}</Table.Th>
            <Table.Th>{t('examScheme.exams.termLabel')}</Table.Th>
            <Table.Th ta="right">{t('examScheme.exams.weight')}</Table.Th>
            <Table.Th ta="right">{t('examScheme.exams.maxMarks')}</Table.Th>
            <Table.Th>{t('examScheme.exams.status')}</Table.Th>
            <Table.Th ta="right">{t('examScheme.exams.marks')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('examScheme.exams.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((e) => (
            <Table.Tr key={e.examId}>
              <Table.Td fw={600}>{e.name}</Table.Td>
              <Table.Td>{term(e)}</Table.Td>
              <Table.Td ta="right">{numbers.format(e.weight)}</Table.Td>
              <Table.Td ta="right">
                {numbers.format(e.maxMarks)}
                {e.subjectMax.length ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {t('examScheme.exams.subjectMaxCount', { count: e.subjectMax.length })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <ExamStatusBadge status={e.status} />
              </Table.Td>
              <Table.Td ta="right">{numbers.format(e.markCount)}</Table.Td>
              <Table.Td>{actions(e)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
