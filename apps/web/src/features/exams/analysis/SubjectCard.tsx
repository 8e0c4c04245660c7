import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subjectNameIn, type SubjectAnalysis } from '@shala/contract';
import { distributionBars, percentText } from './shape';
import { useFormat } from '../../../lib/format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * One subject of an exam in a class: average (and its percentage), highest, lowest, how many were
 * counted, the grade distribution as a bar chart (and a table for screen readers), and the students
 * below the pass mark, each linking to its report card.
 */
export function SubjectCard({ subject, students, passPercent }: { subject: SubjectAnalysis; students: number; passPercent: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const n = (v: number | null) => percentText(v, fmt.language);
  const bars = distributionBars(subject);
  const name = subjectNameIn(subject, fmt.language);
  const chartLabel = t('examAnalysis.distributionLabel', { subject: name });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`subject-${subject.subjectId}`} data-testid="subject-card">
      <Group justify="space-between" align="baseline" gap="xs" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={`subject-${subject.subjectId}`} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Badge variant="light">{t('examAnalysis.outOf', { max: subject.maxMarks })}</Badge>
      </Group>
      {subject.counted === 0 ? (
        <Text c="dimmed" size="sm" role="status">
          {t('examAnalysis.noSubjectMarks')}
        </Text>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label={t('examAnalysis.average')} value={t('examAnalysis.averageValue', { average: n(subject.average), percent: n(subject.averagePercent) })} />
            <Figure label={t('examAnalysis.highest')} value={n(subject.highest)} />
            <Figure label={t('examAnalysis.lowest')} value={n(subject.lowest)} />
            <Figure label={t('examAnalysis.counted')} value={t('examAnalysis.countedValue', { counted: subject.counted, students })} />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('examAnalysis.distribution')}
            </Text>
            <BarChart
              h={180}
              data={bars}
              dataKey="grade"
              series={[{ name: 'count', label: t('examAnalysis.students'), color: 'blue.6' }]}
              yAxisProps={{ allowDecimals: false, width: 30 }}
              tickLine="y"
              role="img"
              aria-label={chartLabel}
            />
            <VisuallyHidden>
              <Table>
                <caption>{chartLabel}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('examAnalysis.grade')}</Table.Th>
                    <Table.Th scope="col">{t('examAnalysis.students')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {bars.map((b) => (
                    <Table.Tr key={b.grade}>
                      <Table.Th scope="row">{b.grade}</Table.Th>
                      <Table.Td>{b.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('examAnalysis.below', { pass: passPercent })}
            </Text>
            {subject.below.length ? (
              <List size="sm" spacing={2} listStyleType="none" data-testid="below-list">
                {subject.below.map((b) => (
                  <List.Item key={b.studentId}>
                    <Anchor component={Link} to={`/reportcard/${b.studentId}`} aria-label={t('examAnalysis.openCard', { name: b.fullName })}>
                      {b.rollNo !== null ? t('examAnalysis.rollName', { roll: b.rollNo, name: b.fullName }) : b.fullName}
                    </Anchor>{' '}
                    <Text span c="red.8" size="sm">
                      {n(b.percent)}%
                    </Text>
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {t('examAnalysis.belowNone')}
              </Text>
            )}
          </div>
        </Stack>
      )}
    </Paper>
  );
}
