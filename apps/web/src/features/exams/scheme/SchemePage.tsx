import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXAM_TEMPLATE_EXAMS, EXAM_TEMPLATES, type AcademicSession, type Exam, type ExamTemplate } from '@shala/contract';
import { useExams, useExamScheme } from '../../../api/exams';
import { useApplyTemplate, useDeleteExam } from '../../../api/exams-scheme';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import type { ScreenProps } from '../../../lib/screen';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState, RecordState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { SessionGate } from '../../calendar';
import { ExamForm } from './ExamForm';
import { SchemeForm } from './SchemeForm';
import { weightSum } from './grades';
import { ExamCards, ExamTable } from './ExamList';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { toastOutcome } from '../../../lib/notify';
import { useFormat } from '../../../lib/format';
import { confirmAction } from '../../../lib/confirm';

export { ExamStatusBadge, STATUS_COLOR } from './ExamList';

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
      <RecordState query={scheme}>
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
      toastOutcome(t('examScheme.templates.started', { name: t(`examScheme.templates.${template}`) }), t('examScheme.templates.failed')),
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
    confirmAction({
      title: t('examScheme.exams.removeTitle'),
      text: t('examScheme.exams.removeText', { name: e.name }),
      confirm: t('examScheme.exams.remove'),
      color: 'red',
      onConfirm: () => remove.mutate(e.examId, toastOutcome(t('examScheme.exams.removed', { name: e.name }), t('examScheme.exams.removeFailed'))),
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
              {cards ? <ExamCards list={list} term={term} numbers={numbers} actions={actions} /> : <ExamTable list={list} term={term} numbers={numbers} actions={actions} />}
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
