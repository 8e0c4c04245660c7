import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, List, Modal, Paper, SimpleGrid, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXAM_TEMPLATE_EXAMS, EXAM_TEMPLATES, type AcademicSession, type Exam, type ExamStatus, type ExamTemplate } from '@shala/contract';
import { useExams, useExamScheme } from '../../../api/exams';
import { useApplyTemplate, useDeleteExam } from '../../../api/exams-scheme';
import { useCurrentSession } from '../../../app/layout/SessionPicker';
import type { ScreenProps } from '../../../app/screen';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState, RecordState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { SessionGate } from '../../calendar/SessionGate';
import { ExamForm } from './ExamForm';
import { SchemeForm } from './SchemeForm';
import { weightSum } from './grades';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { notifyError, notifySaved } from '../../../lib/notify';
import { useFormat } from '../../../lib/format';

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

/**
 * /examscheme (112, 113): the header's session's exams (ready-made schemes to start from while it
 * has none; add, edit, remove) and its scheme (pass mark, ranks, co-scholastic areas, grading scale).
 */
export default function SchemePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentSession();
  return (
    <>
      <PageHeading title={t(route.title)} description={current ? t('examScheme.description', { label: current.sessionYear }) : undefined} />
      <SessionGate isLoading={isLoading} session={current}>
        {(session) => (
          <Stack gap="xl">
            <ExamsSection session={session} />
            <SchemeSection session={session} />
          </Stack>
        )}
      </SessionGate>
    </>
  );
}

function SchemeSection({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const scheme = useExamScheme(session.sessionId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="scheme-title">
      <Text component="h2" id="scheme-title" fw={650} size="lg" mt={0} mb="md">
        {t('examScheme.form.title')}
      </Text>
      <RecordState isLoading={scheme.isLoading} isError={scheme.isError} error={scheme.error} onRetry={() => void scheme.refetch()}>
        {() => (scheme.data ? <SchemeForm key={`${scheme.data.sessionId}-${String(scheme.data.saved)}`} scheme={scheme.data} /> : null)}
      </RecordState>
    </Card>
  );
}

function TemplateCards({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const apply = useApplyTemplate();
  const start = (template: ExamTemplate) =>
    apply.mutate(
      { sessionId: session.sessionId, template },
      {
        onSuccess: () => notifySaved(t('examScheme.templates.started', { name: t(`examScheme.templates.${template}`) })),
        onError: (error) => notifyError(error, t('examScheme.templates.failed')),
      },
    );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('examScheme.templates.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {EXAM_TEMPLATES.map((template) => (
          <Paper key={template} withBorder radius="md" p="md" component="article" aria-labelledby={`template-${template}`}>
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Text fw={650} id={`template-${template}`}>
                  {t(`examScheme.templates.${template}`)}
                </Text>
                <List size="sm" spacing={2} mt="xs">
                  {EXAM_TEMPLATE_EXAMS[template].map((e) => (
                    <List.Item key={e.name}>{t('examScheme.templates.exam', { name: e.name, weight: e.weight, max: e.maxMarks })}</List.Item>
                  ))}
                </List>
              </div>
              <Button variant="light" onClick={() => start(template)} loading={apply.isPending && apply.variables?.template === template} disabled={apply.isPending}>
                {t('examScheme.templates.use')}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ExamsSection({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const exams = useExams(session.sessionId);
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const [editing, setEditing] = useState<Exam | 'new' | null>(null);
  const remove = useDeleteExam();
  const numbers = new Intl.NumberFormat(fmt.locale);
  const list = exams.data ?? [];
  const sum = weightSum(list);
  const term = (e: Exam) => t('examScheme.exams.term', { start: fmt.date(e.termStart), end: fmt.date(e.termEnd) });

  const askRemove = (e: Exam) =>
    modals.openConfirmModal({
      title: t('examScheme.exams.removeTitle'),
      children: <Text size="sm">{t('examScheme.exams.removeText', { name: e.name })}</Text>,
      labels: { confirm: t('examScheme.exams.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(e.examId, {
          onSuccess: () => notifySaved(t('examScheme.exams.removed', { name: e.name })),
          onError: (error) => notifyError(error, t('examScheme.exams.removeFailed')),
        }),
    });

  const actions = (e: Exam) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={e.status === 'draft' ? t('common.edit') : t('examScheme.exams.lockedHint')}>
        <ActionIcon variant="subtle" aria-label={t('common.editNamed', { name: e.name })} disabled={e.status !== 'draft'} onClick={() => setEditing(e)}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={e.markCount > 0 ? t('examScheme.exams.hasMarksHint') : t('examScheme.exams.remove')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('examScheme.exams.removeNamed', { name: e.name })} disabled={e.markCount > 0} onClick={() => askRemove(e)}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="exams-title">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Text component="h2" id="exams-title" fw={650} size="lg" m={0}>
          {t('examScheme.exams.title')}
        </Text>
        {list.length ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('examScheme.exams.add')}
          </Button>
        ) : null}
      </Group>
      {exams.isLoading ? (
        <LoadingBlock h={120} radius="md" />
      ) : (
        <ListState
          isLoading={false}
          isError={exams.isError}
          error={exams.error}
          onRetry={() => void exams.refetch()}
          isEmpty={false}
          emptyText=""
        >
          {list.length === 0 ? (
            <Stack gap="md">
              <TemplateCards session={session} />
              <Group justify="center">
                <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                  {t('examScheme.exams.addOwn')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="sm">
              {cards ? (
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
              ) : (
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
              )}
              <Text size="sm" data-testid="weight-sum">
                {t('examScheme.exams.weightSum', { sum: numbers.format(sum) })}
              </Text>
              {sum !== 100 ? (
                <Alert color="blue" variant="light" p="xs">
                  <Text size="sm">{t('examScheme.exams.weightNote')}</Text>
                </Alert>
              ) : null}
            </Stack>
          )}
        </ListState>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t(editing === 'new' ? 'examScheme.exams.addTitle' : 'examScheme.exams.editTitle')} size="lg">
        {editing !== null ? <ExamForm exam={editing === 'new' ? null : editing} session={session} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
      </Modal>
    </Card>
  );
}
