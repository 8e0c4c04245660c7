import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, List, Modal, Paper, Radio, RingProgress, Select, Skeleton, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconLock, IconLockOpen, IconPencilCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAM_LIMITS, publishInput, ROLE, withdrawInput, type AcademicSession, type CompletionClass, type Exam, type PublishClass } from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { useExams } from '../../../api/exams';
import { useCorrections, useExamAction, useExamCompletion, usePublishExam, useWithdrawExam, type ExamAction } from '../../../api/exams-scheme';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import type { ScreenProps } from '../../../lib/screen';
import { CARDS_QUERY } from '../../../components/ListPage';
import { ListState } from '../../../components/ListState';
import { ListPager } from '../../../components/ListToolbar';
import { PageHeading } from '../../../components/PageHeading';
import { ReasonModal } from '../../../components/ReasonModal';
import { SessionGate } from '../../calendar';
import { ExamStatusBadge } from '../scheme/SchemePage';
import { CorrectionForm } from './CorrectionForm';
import { useMarkText } from './markText';
import { toastOutcome } from '../../../lib/notify';
import { useFormat } from '../../../lib/format';
import { useAddressParams } from '../../../lib/useListParams';

const CLASSES_PER_PAGE = 10;

/**
 * /exams (112, 113): an exam of the header's session, its status and (the principal) lock, unlock
 * and publish; how complete its marks are per class and subject, linking to the marks, remarks and
 * results screens; and its recorded corrections (the principal corrects a mark of a locked exam).
 */
export default function ReviewPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentSession();
  return (
    <>
      <PageHeading title={t(route.title)} description={current ? t('examReview.description', { label: current.sessionYear }) : undefined} />
      <SessionGate isLoading={isLoading} session={current}>
        {(session) => <Review session={session} />}
      </SessionGate>
    </>
  );
}

function Review({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const exams = useExams(session.sessionId);
  const { params, update } = useAddressParams();
  const list = exams.data ?? [];
  const chosen = list.find((e) => e.examId === params.get('examId')) ?? list[0] ?? null;
  const pick = (examId: string | null) => update({ examId });
  return (
    <ListState
      query={exams}
      isEmpty={list.length === 0}
      emptyText={t('examReview.noExams')}
      emptyAction={
        <Button component={Link} to="/examscheme" variant="light">
          {t('examReview.toScheme')}
        </Button>
      }
    >
      {chosen ? (
        <Stack gap="lg">
          <Select
            label={t('examReview.exam')}
            data={list.map((e) => ({ value: e.examId, label: e.name }))}
            value={chosen.examId}
            onChange={pick}
            allowDeselect={false}
            maw={360}
            comboboxProps={{ withinPortal: true }}
          />
          <StatusCard exam={chosen} />
          <Completion key={`c-${chosen.examId}`} exam={chosen} />
          <Corrections key={`k-${chosen.examId}`} exam={chosen} />
        </Stack>
      ) : null}
    </ListState>
  );
}

function StatusCard({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { role } = useAuth();
  const act = useExamAction();
  const principal = role === ROLE.PRINCIPAL;
  const date = (iso: string) => fmt.date(iso.slice(0, 10));
  // Every class of the session rides along with the completion's first page (the same query as its card's).
  const completion = useExamCompletion(exam.examId, 1, CLASSES_PER_PAGE);
  const classes = completion.data?.classes ?? [];
  const [dialog, setDialog] = useState<'publish' | 'withdraw' | null>(null);

  const ask = (action: ExamAction) =>
    modals.openConfirmModal({
      title: t(`examReview.actions.${action}Title`, { name: exam.name }),
      children: <Text size="sm">{t(`examReview.actions.${action}Text`, { name: exam.name })}</Text>,
      labels: { confirm: t(`examReview.actions.${action}`), cancel: t('common.cancel') },
      confirmProps: { color: action === 'publish' ? 'green' : action === 'lock' ? 'orange' : undefined },
      onConfirm: () =>
        act.mutate({ examId: exam.examId, action }, toastOutcome(t(`examReview.actions.${action}Done`, { name: exam.name }), t('examReview.actions.failed'))),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="exam-status">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <Text component="h2" id="exam-status" fw={650} size="lg" m={0}>
              {exam.name}
            </Text>
            <ExamStatusBadge status={exam.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {exam.status === 'published' && exam.publishedAt
              ? t('examReview.publishedOn', { date: date(exam.publishedAt) })
              : exam.status === 'locked' && exam.lockedAt
                ? t('examReview.lockedOn', { date: date(exam.lockedAt) })
                : t('examReview.draftHint')}
          </Text>
        </Stack>
        {principal ? (
          <Group gap="sm">
            {exam.status === 'draft' ? (
              <Button variant="light" color="orange" leftSection={<IconLock size={16} aria-hidden />} onClick={() => ask('lock')} loading={act.isPending && act.variables?.action === 'lock'}>
                {t('examReview.actions.lock')}
              </Button>
            ) : null}
            {exam.status === 'locked' ? (
              <Button variant="default" leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => ask('unlock')} loading={act.isPending && act.variables?.action === 'unlock'}>
                {t('examReview.actions.unlock')}
              </Button>
            ) : null}
            {classes.some((c) => !c.published) ? (
              <Button color="green" leftSection={<IconSend size={16} aria-hidden />} onClick={() => setDialog('publish')}>
                {t('examReview.actions.publish')}
              </Button>
            ) : null}
            {exam.status === 'published' ? (
              <Button variant="light" color="red" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setDialog('withdraw')}>
                {t('examReview.publish.withdraw')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {completion.data ? <Incomplete exam={exam} classes={classes} /> : null}
      {dialog === 'publish' ? <PublishDialog exam={exam} classes={classes} onClose={() => setDialog(null)} /> : null}
      {dialog === 'withdraw' ? <WithdrawDialog exam={exam} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}

const classNameOf = (c: Pick<PublishClass, 'className' | 'section'>) => `${c.className} ${c.section}`.trim();

/** The classes whose marks are incomplete, each with the subjects missing marks; how many classes are published. */
function Incomplete({ exam, classes }: { exam: Exam; classes: PublishClass[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const numbers = new Intl.NumberFormat(fmt.locale);
  const incomplete = classes.filter((c) => !c.complete);
  const published = classes.filter((c) => c.published).length;
  return (
    <Stack gap="xs" mt="md" data-testid="incomplete-classes">
      {exam.status === 'published' ? (
        <Text size="sm">{t('examReview.publish.publishedFor', { count: published, total: classes.length, n: numbers.format(published) })}</Text>
      ) : null}
      <Text component="h3" fw={600} size="sm" m={0}>
        {t('examReview.publish.incompleteTitle')}
      </Text>
      {incomplete.length ? (
        <List size="sm" spacing={4}>
          {incomplete.map((c) => (
            <List.Item key={c.assignClassId} style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} size="sm">
                {classNameOf(c)}
              </Text>
              {' — '}
              {t('examReview.publish.missing', { subjects: c.missing.length ? c.missing.join(', ') : t('examReview.publish.noSubjects') })}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {t('examReview.publish.incompleteNone')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Publishing: the complete classes chosen (only complete ones can be), or every class anyway with a
 * reason (kept in the audit log). Classes published already are not offered again.
 */
function PublishDialog({ exam, classes, onClose }: { exam: Exam; classes: PublishClass[]; onClose: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishExam();
  const open = classes.filter((c) => !c.published);
  const incomplete = open.filter((c) => !c.complete);
  const [mode, setMode] = useState<'complete' | 'all'>('complete');
  const [chosen, setChosen] = useState<string[]>(() => open.filter((c) => c.complete).map((c) => c.assignClassId));
  return (
    <ReasonModal
      title={t('examReview.publish.title', { name: exam.name })}
      size="lg"
      intro={
        <>
          <Text size="sm">{t('examReview.publish.intro')}</Text>
          {incomplete.length ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} style={{ overflowWrap: 'anywhere' }}>
              {t('examReview.publish.warning', { count: incomplete.length, classes: incomplete.map(classNameOf).join(', ') })}
            </Alert>
          ) : null}
          {incomplete.length ? (
            <Radio.Group label={t('examReview.publish.mode')} value={mode} onChange={(v) => setMode(v === 'all' ? 'all' : 'complete')}>
              <Stack gap="xs" mt="xs">
                <Radio value="complete" label={t('examReview.publish.modeComplete')} />
                <Radio value="all" label={t('examReview.publish.modeAll')} />
              </Stack>
            </Radio.Group>
          ) : null}
          {mode === 'complete' ? (
            <Checkbox.Group label={t('examReview.publish.classes')} value={chosen} onChange={setChosen}>
              <Stack gap="xs" mt="xs">
                {open.map((c) => (
                  <Checkbox
                    key={c.assignClassId}
                    value={c.assignClassId}
                    disabled={!c.complete}
                    label={c.complete ? classNameOf(c) : t('examReview.publish.incompleteClass', { name: classNameOf(c) })}
                  />
                ))}
                {open.some((c) => c.complete) ? null : (
                  <Text size="sm" c="dimmed">
                    {t('examReview.publish.noneComplete')}
                  </Text>
                )}
              </Stack>
            </Checkbox.Group>
          ) : null}
        </>
      }
      withReason={mode === 'all'}
      ready={(reason) => (mode === 'complete' ? chosen.length > 0 : reason.trim().length > 0)}
      reasonLabel={t('examReview.publish.reason')}
      reasonHint={t('examReview.publish.reasonHint')}
      maxLength={EXAM_LIMITS.reason}
      schema={publishInput}
      save={(reason) => publish.mutateAsync({ examId: exam.examId, body: mode === 'complete' ? { classIds: chosen } : { confirmIncomplete: true, reason } })}
      saved={() => t('examReview.publish.done', { name: exam.name })}
      submitLabel={t('examReview.publish.submit')}
      color="green"
      onClose={onClose}
    />
  );
}

/** Withdrawing every published class's results, with the reason students and parents are told. */
function WithdrawDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const { t } = useTranslation();
  const withdraw = useWithdrawExam();
  return (
    <ReasonModal
      title={t('examReview.publish.withdrawTitle', { name: exam.name })}
      intro={<Text size="sm">{t('examReview.publish.withdrawText', { name: exam.name })}</Text>}
      ready={(reason) => reason.trim().length > 0}
      reasonLabel={t('examReview.publish.withdrawReason')}
      maxLength={EXAM_LIMITS.reason}
      schema={withdrawInput}
      save={(reason) => withdraw.mutateAsync({ examId: exam.examId, body: { reason } })}
      saved={() => t('examReview.publish.withdrawDone', { name: exam.name })}
      submitLabel={t('examReview.publish.withdraw')}
      color="red"
      onClose={onClose}
    />
  );
}

/** A class-subject is complete when every student of the class has a mark. */
export const isComplete = (entered: number, students: number) => entered >= students;

function SubjectCell({ exam, cls, subject }: { exam: Exam; cls: CompletionClass; subject: CompletionClass['subjects'][number] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const numbers = new Intl.NumberFormat(fmt.locale);
  const done = isComplete(subject.entered, cls.students);
  const to = `/marks?examId=${exam.examId}&assignClassId=${cls.assignClassId}&subjectId=${subject.subjectId}`;
  return (
    <Tooltip label={subject.teacherName ? t('examReview.completion.teacher', { name: subject.teacherName, max: subject.maxMarks }) : t('examReview.completion.noTeacher', { max: subject.maxMarks })}>
      <Badge
        component={Link}
        to={to}
        color={done ? 'green' : subject.entered > 0 ? 'yellow' : 'gray'}
        variant="light"
        size="lg"
        radius="sm"
        style={{ cursor: 'pointer', textTransform: 'none', maxWidth: '100%' }}
        leftSection={done ? <IconCheck size={14} aria-hidden /> : null}
      >
        {subject.subjectName} {numbers.format(subject.entered)}/{numbers.format(cls.students)}
        {/* The name a screen reader hears is the text seen (axe: label-content-name-mismatch), and whether it is complete. */}
        {done && <VisuallyHidden>{`, ${t('examReview.completion.complete')}`}</VisuallyHidden>}
      </Badge>
    </Tooltip>
  );
}

function ClassLinks({ exam, cls }: { exam: Exam; cls: CompletionClass }) {
  const { t } = useTranslation();
  const name = `${cls.className} ${cls.section}`;
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} to={`/examresults/${cls.assignClassId}`} size="sm" aria-label={t('examReview.completion.resultsOf', { name })}>
        {t('examReview.completion.results')}
      </Anchor>
      <Anchor component={Link} to={`/examremarks?examId=${exam.examId}&assignClassId=${cls.assignClassId}`} size="sm" aria-label={t('examReview.completion.remarksOf', { name })}>
        {t('examReview.completion.remarks')}
      </Anchor>
    </Group>
  );
}

function Completion({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const query = useExamCompletion(exam.examId, page, CLASSES_PER_PAGE);
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const numbers = new Intl.NumberFormat(fmt.locale);
  const data = query.data;
  const percent = data && data.slots ? Math.round((data.complete / data.slots) * 100) : 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="completion-title">
      <Group justify="space-between" mb="md" wrap="nowrap" gap="sm">
        <div>
          <Text component="h2" id="completion-title" fw={650} size="lg" m={0}>
            {t('examReview.completion.title')}
          </Text>
          {data ? (
            <Text size="sm" c="dimmed" data-testid="completion-summary">
              {t('examReview.completion.summary', { complete: numbers.format(data.complete), slots: numbers.format(data.slots) })}
            </Text>
          ) : null}
        </div>
        {data && data.slots ? (
          <RingProgress
            size={64}
            thickness={6}
            roundCaps
            sections={[{ value: percent, color: percent === 100 ? 'green' : 'blue' }]}
            label={
              <Text ta="center" size="xs" fw={600}>
                {numbers.format(percent)}%
              </Text>
            }
            aria-label={t('examReview.completion.percent', { percent: numbers.format(percent) })}
          />
        ) : null}
      </Group>
      <ListState
        query={query}
        isEmpty={!data?.items.length}
        emptyText={t('examReview.completion.empty')}
      >
        {cards ? (
          <Stack gap="sm">
            {data?.items.map((cls) => (
              <Paper key={cls.assignClassId} withBorder radius="md" p="sm" component="article" aria-label={`${cls.className} ${cls.section}`}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>
                    {cls.className} {cls.section}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('examReview.completion.students', { count: cls.students, n: numbers.format(cls.students) })}
                  </Text>
                </Group>
                <Group gap={6} mt="xs">
                  {cls.subjects.length ? cls.subjects.map((s) => <SubjectCell key={s.subjectId} exam={exam} cls={cls} subject={s} />) : <Text size="sm">{t('examReview.completion.noSubjects')}</Text>}
                </Group>
                <Group mt="xs">
                  <ClassLinks exam={exam} cls={cls} />
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="sm" aria-labelledby="completion-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('examReview.completion.class')}</Table.Th>
                  <Table.Th ta="right">{t('examReview.completion.studentsLabel')}</Table.Th>
                  <Table.Th>{t('examReview.completion.subjects')}</Table.Th>
                  <Table.Th>{t('examReview.completion.links')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((cls) => (
                  <Table.Tr key={cls.assignClassId}>
                    <Table.Td fw={600}>
                      {cls.className} {cls.section}
                    </Table.Td>
                    <Table.Td ta="right">{numbers.format(cls.students)}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {cls.subjects.length ? cls.subjects.map((s) => <SubjectCell key={s.subjectId} exam={exam} cls={cls} subject={s} />) : <Text size="sm">{t('examReview.completion.noSubjects')}</Text>}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <ClassLinks exam={exam} cls={cls} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data ? <ListPager page={page} pageSize={CLASSES_PER_PAGE} total={data.total} onChange={setPage} /> : null}
      </ListState>
    </Card>
  );
}

function Corrections({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { role } = useAuth();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const query = useCorrections(exam.examId, page);
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const markText = useMarkText();
  const canCorrect = role === ROLE.PRINCIPAL && exam.status !== 'draft';
  const items = query.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="corrections-title">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <div>
          <Text component="h2" id="corrections-title" fw={650} size="lg" m={0}>
            {t('examReview.corrections.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {exam.status === 'draft' ? t('examReview.corrections.draftHint') : t('examReview.corrections.hint')}
          </Text>
        </div>
        {canCorrect ? (
          <Button variant="light" leftSection={<IconPencilCheck size={16} aria-hidden />} onClick={() => setOpen(true)}>
            {t('examReview.corrections.correct')}
          </Button>
        ) : null}
      </Group>
      {query.isLoading ? (
        <Skeleton h={80} radius="md" />
      ) : (
        <ListState isLoading={false} isError={query.isError} error={query.error} onRetry={() => void query.refetch()} isEmpty={items.length === 0} emptyText={t('examReview.corrections.empty')}>
          {cards ? (
            <Stack gap="sm">
              {items.map((c) => (
                <Paper key={c.correctionId} withBorder radius="md" p="sm" component="article" aria-label={c.studentName}>
                  <Text fw={600}>{c.studentName}</Text>
                  <Text size="sm" c="dimmed">
                    {c.className} {c.section} · {c.subjectName}
                  </Text>
                  <Text size="sm" mt={4}>
                    {t('examReview.corrections.change', { before: markText(c.before), after: markText(c.after) })}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {c.reason}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('examReview.corrections.by', { name: c.correctedBy, when: fmt.dateTime(c.createdAt) })}
                  </Text>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" aria-labelledby="corrections-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('examReview.corrections.student')}</Table.Th>
                    <Table.Th>{t('examReview.corrections.subject')}</Table.Th>
                    <Table.Th>{t('examReview.corrections.before')}</Table.Th>
                    <Table.Th>{t('examReview.corrections.after')}</Table.Th>
                    <Table.Th>{t('examReview.corrections.reason')}</Table.Th>
                    <Table.Th>{t('examReview.corrections.when')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((c) => (
                    <Table.Tr key={c.correctionId}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {c.studentName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {c.className} {c.section}
                        </Text>
                      </Table.Td>
                      <Table.Td>{c.subjectName}</Table.Td>
                      <Table.Td>{markText(c.before)}</Table.Td>
                      <Table.Td>{markText(c.after)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.reason}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{fmt.dateTime(c.createdAt)}</Text>
                        <Text size="xs" c="dimmed">
                          {c.correctedBy}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {query.data ? <ListPager page={page} pageSize={10} total={query.data.total} onChange={setPage} /> : null}
        </ListState>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('examReview.corrections.correct')} size="lg">
        {open ? <CorrectionForm exam={exam} onDone={() => setOpen(false)} onCancel={() => setOpen(false)} /> : null}
      </Modal>
    </Card>
  );
}
