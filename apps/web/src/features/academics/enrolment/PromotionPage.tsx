import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, List, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBigUpLines, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassStudent, ClassSummary, PromotionResult } from '@shala/contract';
import { useClassDetail, usePromote, useSessionClasses } from '../../../api/academics-enrolment';
import { apiErrorText } from '../../../api/errors';
import { useCurrentSession } from '../../../app/layout/SessionPicker';
import { ListState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../app/screen';
import { useAcademicNames } from '../names';
import { defaultTarget, laterSessions, toggle } from './logic';
import { notifySaved } from '../../../lib/notify';

/**
 * /promotion: a class of the selected session moves, but for the students held back, into a
 * class of a later session (by default the next class, same section). "Preview" asks the server
 * for the result without saving; "Promote" runs it after a confirmation: all or none.
 */
export default function PromotionPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const { current, sessions, isLoading } = useCurrentSession();
  const later = laterSessions(sessions ?? [], current);
  const [sourceId, setSourceId] = useState('');
  const [chosenSession, setChosenSession] = useState<string | null>(null);
  const [chosenTarget, setChosenTarget] = useState<string | null>(null);
  const [heldBack, setHeldBack] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<PromotionResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const targetSessionId = chosenSession ?? later[0]?.sessionId ?? '';
  const targetSession = later.find((s) => s.sessionId === targetSessionId) ?? null;
  const sourceClasses = useSessionClasses(current?.sessionId);
  const targetClasses = useSessionClasses(targetSessionId || null);
  const source = sourceClasses.data?.find((c) => c.assignClassId === sourceId) ?? null;
  const targets = targetClasses.data ?? [];
  const target = (chosenTarget !== null ? targets.find((c) => c.assignClassId === chosenTarget) : defaultTarget(targets, source)) ?? null;
  const detail = useClassDetail(sourceId || null);
  const students = detail.data?.studentList ?? [];
  const promote = usePromote();

  const clear = () => {
    setResult(null);
    setFailure(null);
  };
  const run = (dryRun: boolean) => {
    if (!source || !target) return;
    clear();
    promote.mutate(
      { fromAssignClassId: source.assignClassId, toAssignClassId: target.assignClassId, heldBackIds: [...heldBack], dryRun },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (!answer.dryRun) {
            notifySaved(t('promotion.done', { count: answer.promoted.length, className: className(target.masterClass, target.section) }));
          }
        },
        onError: (error) => setFailure(apiErrorText(error, t)),
      },
    );
  };
  const movingCount = students.filter((s) => !heldBack.has(s.userId)).length;
  // Done: nothing left to run until the choice changes (which clears the result).
  const done = !!result && !result.dryRun;
  const askPromote = () => {
    if (!source || !target || !targetSession) return;
    modals.openConfirmModal({
      title: t('promotion.confirmTitle'),
      children: (
        <Text size="sm">
          {t('promotion.confirmText', {
            moving: movingCount,
            from: className(source.masterClass, source.section),
            to: className(target.masterClass, target.section),
            session: targetSession.sessionYear,
            held: heldBack.size,
          })}
        </Text>
      ),
      labels: { confirm: t('promotion.promote'), cancel: t('common.cancel') },
      onConfirm: () => run(false),
    });
  };

  const classOptions = (list: ClassSummary[], placeholder: string) => [
    { value: '', label: placeholder },
    ...list.map((c) => ({ value: c.assignClassId, label: `${className(c.masterClass, c.section)} (${t('promotion.studentsCount', { count: c.students })})` })),
  ];

  if (isLoading) return <Skeleton h={120} radius="md" />;
  return (
    <>
      <PageHeading title={t(route.title)} description={t('promotion.intro')} />
      {!current ? (
        <Text c="dimmed">{t('header.noSessions')}</Text>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NativeSelect
                label={t('promotion.from', { session: current.sessionYear })}
                value={sourceId}
                onChange={(event) => {
                  setSourceId(event.currentTarget.value);
                  setHeldBack(new Set());
                  setChosenTarget(null);
                  clear();
                }}
                data={classOptions(sourceClasses.data ?? [], t('enrol.chooseClass'))}
              />
              <NativeSelect
                label={t('promotion.toSession')}
                value={targetSessionId}
                disabled={!later.length}
                onChange={(event) => {
                  setChosenSession(event.currentTarget.value);
                  setChosenTarget(null);
                  clear();
                }}
                data={later.length ? later.map((s) => ({ value: s.sessionId, label: s.sessionYear })) : [{ value: '', label: t('promotion.noLaterSession') }]}
              />
              <NativeSelect
                label={t('promotion.toClass')}
                value={target?.assignClassId ?? ''}
                disabled={!targetSessionId}
                onChange={(event) => {
                  setChosenTarget(event.currentTarget.value);
                  clear();
                }}
                data={classOptions(targets, t('enrol.chooseClass'))}
              />
            </SimpleGrid>
            {!later.length ? (
              <Text size="sm" c="dimmed" mt="sm">
                {t('promotion.addSession')}{' '}
                <Anchor component={Link} to="/viewsessions" size="sm">
                  {t('routes.viewsessions')}
                </Anchor>
              </Text>
            ) : targetSessionId && targetClasses.isSuccess && !targets.length ? (
              <Text size="sm" c="dimmed" mt="sm">
                {t('promotion.noTargetClasses')}{' '}
                <Anchor component={Link} to="/addclass" size="sm">
                  {t('enrol.addClass')}
                </Anchor>
              </Text>
            ) : null}
          </Paper>

          {source ? (
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="promotion-students">
              <Stack gap="sm">
                <Title order={2} size="h4" id="promotion-students">
                  {t('promotion.studentsOf', { className: className(source.masterClass, source.section) })}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('promotion.holdHint')}
                </Text>
                <ListState
                  query={detail}
                  isEmpty={!students.length}
                  emptyText={t('enrol.rosterEmpty')}
                  rows={3}
                >
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {students.map((s) => (
                      <Paper key={s.userId} component="li" withBorder radius="sm" px="sm" py={8}>
                        <Checkbox
                          label={<StudentLabel s={s} />}
                          checked={heldBack.has(s.userId)}
                          onChange={(event) => {
                            setHeldBack(toggle(heldBack, s.userId, event.currentTarget.checked));
                            clear();
                          }}
                        />
                      </Paper>
                    ))}
                  </SimpleGrid>
                </ListState>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm" aria-live="polite">
                    {t('promotion.summary', { moving: movingCount, held: heldBack.size })}
                  </Text>
                  <Group gap="xs" wrap="wrap">
                    <Button
                      variant="default"
                      leftSection={<IconEye size={16} aria-hidden />}
                      disabled={!target || !students.length || done}
                      loading={promote.isPending && promote.variables?.dryRun}
                      onClick={() => run(true)}
                    >
                      {t('promotion.preview')}
                    </Button>
                    <Button
                      leftSection={<IconArrowBigUpLines size={16} aria-hidden />}
                      disabled={!target || !students.length || done}
                      loading={promote.isPending && !promote.variables?.dryRun}
                      onClick={askPromote}
                    >
                      {t('promotion.promote')}
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </Paper>
          ) : null}

          {failure ? (
            <Alert color="red" role="alert" title={t('promotion.failed')}>
              {failure}
            </Alert>
          ) : null}
          {result && source ? <PromotionOutcome result={result} source={source} /> : null}
        </Stack>
      )}
    </>
  );
}

function StudentLabel({ s }: { s: ClassStudent }) {
  const { t } = useTranslation();
  return (
    <span>
      <Text span size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {s.fullName}
      </Text>{' '}
      <Text span size="xs" c="dimmed">
        {s.rollNo !== null ? t('promotion.roll', { rollNo: s.rollNo }) : s.loginId}
      </Text>
    </span>
  );
}

/** Who moves (with the roll number in the new class) and who stays: the preview or the result. */
function PromotionOutcome({ result, source }: { result: PromotionResult; source: ClassSummary }) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const to = `${className(result.target.masterClass, result.target.section)} · ${result.target.sessionYear}`;
  const from = className(source.masterClass, source.section);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="promotion-outcome" bg={result.dryRun ? undefined : 'green.0'}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="promotion-outcome">
            {result.dryRun ? t('promotion.previewTitle') : t('promotion.doneTitle')}
          </Title>
          <Badge variant="light" color={result.dryRun ? 'indigo' : 'green'}>
            {result.dryRun ? t('promotion.nothingSaved') : t('promotion.saved')}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <div>
            <Text fw={600} size="sm" mb={4}>
              {t('promotion.moves', { n: result.promoted.length, className: to })}
            </Text>
            <List size="sm" spacing={2} listStyleType="none" aria-label={t('promotion.moves', { n: result.promoted.length, className: to })}>
              {result.promoted.map((s) => (
                <List.Item key={s.userId}>
                  {s.rollNo !== null ? `${s.rollNo}. ` : ''}
                  {s.fullName}
                </List.Item>
              ))}
            </List>
          </div>
          <div>
            <Text fw={600} size="sm" mb={4}>
              {t('promotion.stays', { n: result.heldBack.length, className: from })}
            </Text>
            {result.heldBack.length ? (
              <List size="sm" spacing={2} aria-label={t('promotion.stays', { n: result.heldBack.length, className: from })}>
                {result.heldBack.map((s) => (
                  <List.Item key={s.userId}>{s.fullName}</List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {t('promotion.noneHeld')}
              </Text>
            )}
          </div>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('promotion.targetNow', { className: to, students: result.target.students, limit: result.target.classLimit })}
        </Text>
      </Stack>
    </Paper>
  );
}
