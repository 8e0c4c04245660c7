import { Alert, Badge, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClassSummary, PromotionResult } from '@shala/contract';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../lib/screen';
import { useAcademicNames } from '../names';
import { PromotionChoice, PromotionStudents } from './PromotionParts';
import { usePromotion } from './usePromotion';

/**
 * /promotion: a class of the selected session moves, but for the students held back, into a
 * class of a later session (by default the next class, same section). "Preview" asks the server
 * for the result without saving; "Promote" runs it after a confirmation: all or none.
 */
export default function PromotionPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const p = usePromotion();
  const { current, source, result, failure } = p;

  if (p.isLoading) return <Skeleton h={120} radius="md" />;
  return (
    <>
      <PageHeading title={t(route.title)} description={t('promotion.intro')} />
      {!current ? (
        <Text c="dimmed">{t('header.noSessions')}</Text>
      ) : (
        <Stack gap="lg">
          <PromotionChoice current={current} p={p} />
          {source ? <PromotionStudents source={source} p={p} /> : null}
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
