import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBigUpLines, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AcademicSession, ClassSummary } from '@shala/contract';
import { ListState } from '../../../components/ListState';
import { useAcademicNames } from '../names';
import type { Promotion } from './usePromotion';

/** From which class of the current session, to which later session and class. */
export function PromotionChoice({ current, p }: { current: AcademicSession; p: Promotion }) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const { later, targetSessionId, targets } = p;
  const classOptions = (list: ClassSummary[], placeholder: string) => [
    { value: '', label: placeholder },
    ...list.map((c) => ({ value: c.assignClassId, label: `${className(c.masterClass, c.section)} (${t('promotion.studentsCount', { count: c.students })})` })),
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NativeSelect
          label={t('promotion.from', { session: current.sessionYear })}
          value={p.sourceId}
          onChange={(event) => p.chooseSource(event.currentTarget.value)}
          data={classOptions(p.sourceClasses.data ?? [], t('enrol.chooseClass'))}
        />
        <NativeSelect
          label={t('promotion.toSession')}
          value={targetSessionId}
          disabled={!later.length}
          onChange={(event) => p.chooseSession(event.currentTarget.value)}
          data={later.length ? later.map((s) => ({ value: s.sessionId, label: s.sessionYear })) : [{ value: '', label: t('promotion.noLaterSession') }]}
        />
        <NativeSelect
          label={t('promotion.toClass')}
          value={p.target?.assignClassId ?? ''}
          disabled={!targetSessionId}
          onChange={(event) => p.chooseTarget(event.currentTarget.value)}
          data={classOptions(targets, t('enrol.chooseClass'))}
        />
      </SimpleGrid>
      {!later.length ? (
        <HintWithLink text={t('promotion.addSession')} to="/viewsessions" link={t('routes.viewsessions')} />
      ) : targetSessionId && p.targetClasses.isSuccess && !targets.length ? (
        <HintWithLink text={t('promotion.noTargetClasses')} to="/addclass" link={t('enrol.addClass')} />
      ) : null}
    </Paper>
  );
}

/** The students of the source class (ticked: held back), the count, Preview and Promote. */
export function PromotionStudents({ source, p }: { source: ClassSummary; p: Promotion }) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const { students, heldBack, promote } = p;
  const disabled = !p.target || !students.length || p.done;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="promotion-students">
      <Stack gap="sm">
        <Title order={2} size="h4" id="promotion-students">
          {t('promotion.studentsOf', { className: className(source.masterClass, source.section) })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('promotion.holdHint')}
        </Text>
        <ListState
          query={p.detail}
          isEmpty={!students.length}
          emptyText={t('enrol.rosterEmpty')}
          rows={3}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {students.map((s) => (
              <Paper key={s.userId} component="li" withBorder radius="sm" px="sm" py={8}>
                <Checkbox
                  label={
                    <span>
                      <Text span size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {s.fullName}
                      </Text>{' '}
                      <Text span size="xs" c="dimmed">
                        {s.rollNo !== null ? t('promotion.roll', { rollNo: s.rollNo }) : s.loginId}
                      </Text>
                    </span>
                  }
                  checked={heldBack.has(s.userId)}
                  onChange={(event) => p.hold(s.userId, event.currentTarget.checked)}
                />
              </Paper>
            ))}
          </SimpleGrid>
        </ListState>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" aria-live="polite">
            {t('promotion.summary', { moving: p.movingCount, held: heldBack.size })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              disabled={disabled}
              loading={promote.isPending && promote.variables?.dryRun}
              onClick={() => p.run(true)}
            >
              {t('promotion.preview')}
            </Button>
            <Button
              leftSection={<IconArrowBigUpLines size={16} aria-hidden />}
              disabled={disabled}
              loading={promote.isPending && !promote.variables?.dryRun}
              onClick={p.askPromote}
            >
              {t('promotion.promote')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A dimmed hint under the pickers with a link to where the missing piece is made. */
function HintWithLink({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <Text size="sm" c="dimmed" mt="sm">
      {text}{' '}
      <Anchor component={Link} to={to} size="sm">
        {link}
      </Anchor>
    </Text>
  );
}
