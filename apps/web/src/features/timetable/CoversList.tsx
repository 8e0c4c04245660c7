import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubstitutionCover } from '@shala/contract';
import { useClassLabel } from '../academics';
import { useFormat } from '../../lib/format';
import { periodName } from './periodName';

/** Where a cover's attendance is marked: the marking screen with its class, date and period chosen. */
export const coverMarkLink = (c: Pick<SubstitutionCover, 'date' | 'periodId'> & { class: { assignClassId: string } }) =>
  `/attendance?${new URLSearchParams({ class: c.class.assignClassId, date: c.date, period: c.periodId }).toString()}`;

/**
 * A teacher's extra periods (issue 42: the classes it covers for a colleague away), each with when,
 * which class, for whom and a link to mark that period's attendance. Nothing without any.
 */
export function CoversList({ covers, title, withDate = false, testId }: { covers: readonly SubstitutionCover[]; title: string; withDate?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const label = useClassLabel();
  const id = useId();
  if (covers.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby={id} data-testid={testId} style={{ borderColor: 'var(--mantine-color-orange-4)' }}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {covers.map((c) => {
          const period = periodName(c.periodName, t);
          const className = label(c.class);
          return (
            <Group component="li" key={`${c.date}:${c.periodId}:${c.class.assignClassId}`} justify="space-between" gap="xs" wrap="wrap" data-testid="cover">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {withDate ? `${fmt.date(c.date)} · ` : ''}
                  {period} · {c.startTime}–{c.endTime} · {className}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {c.subjectName} · {t('substitutions.covers.forWhom', { name: c.absentTeacherName })}
                </Text>
              </div>
              <Anchor component={Link} to={coverMarkLink(c)} size="sm" aria-label={t('substitutions.covers.markFor', { period, className })}>
                <Group gap={4} wrap="nowrap" component="span">
                  <IconClipboardCheck size={16} aria-hidden />
                  {t('substitutions.covers.mark')}
                </Group>
              </Anchor>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
