import { useMemo } from 'react';
import { Stack, Table, VisuallyHidden } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useStudentProgress } from '../../../api/exams-analysis';
import { ListState } from '../../../components/ListState';
import { localSubjects } from '../reportcard/cardText';
import { legendHeightOf, percentText, progressChart, type ProgressChartData } from './shape';
import { useFormat } from '../../../lib/format';

interface Props {
  studentId: string;
  /** The session (null or absent: the current one). */
  sessionId?: string | null;
}

/**
 * A student's percentage across its session's exams: a line for the overall percentage and one per
 * subject, with the same figures in a table for screen readers. Loads `studentProgress` itself (its
 * caller: staff, the parent, the student; students and parents see published exams only), with
 * loading, error and empty states. Reusable: the analysis screen and the report card pages.
 */
export function StudentProgressChart({ studentId, sessionId = null }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const query = useStudentProgress(studentId, sessionId);
  const lang = fmt.language;
  // Subject names in the reader's language (a master-list subject in Hindi).
  const chart = useMemo(
    () => progressChart(query.data && { ...query.data, subjects: localSubjects(query.data.subjects, lang) }, t('examAnalysis.overall')),
    [query.data, t, lang],
  );
  const name = query.data?.fullName ?? '';
  // The legend wraps on a phone: room for its rows below the plot.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const legendHeight = legendHeightOf(chart.series.length, narrow);

  return (
    <ListState
      query={query}
      isEmpty={chart.empty}
      emptyText={t('examAnalysis.noProgress')}
      rows={3}
    >
      <Stack gap="xs">
        <LineChart
          h={240 + legendHeight}
          data={chart.rows}
          dataKey="exam"
          series={chart.series}
          curveType="linear"
          connectNulls={false}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: legendHeight }}
          xAxisProps={{ padding: { left: 24, right: 24 } }}
          yAxisProps={{ domain: [0, 100], width: 40 }}
          unit="%"
          valueFormatter={(v) => percentText(v, fmt.language)}
          role="img"
          aria-label={t('examAnalysis.progressLabel', { name })}
          data-testid="progress-chart"
        />
        <VisuallyHidden>
          <ProgressTable chart={chart} caption={t('examAnalysis.progressLabel', { name })} />
        </VisuallyHidden>
      </Stack>
    </ListState>
  );
}

/** The chart's figures as a table: an exam per row, the overall percentage and each subject's. */
export function ProgressTable({ chart, caption }: { chart: ProgressChartData; caption: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Table>
      <caption>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('examAnalysis.exam')}</Table.Th>
          {chart.series.map((s) => (
            <Table.Th key={s.name} scope="col">
              {s.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {chart.rows.map((row, i) => (
          <Table.Tr key={i}>
            <Table.Th scope="row">{row.exam}</Table.Th>
            {chart.series.map((s) => (
              <Table.Td key={s.name}>{row[s.name] === null ? t('examAnalysis.none') : `${percentText(row[s.name] as number, fmt.language)}%`}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
