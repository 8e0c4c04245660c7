import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, EmptyState, Group, Loader, Paper, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileOff, IconFiles } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassResults, ReportLang } from '@shala/contract';
import type { ScreenProps } from '../../../lib/screen';
import { apiErrorText } from '../../../api/errors';
import { downloadReportBatch, useClassResults, useCreateReportBatch, useReportBatch } from '../../../api/exams-report';
import { CARDS_QUERY } from '../../../components/ListPage';
import { RecordState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { localSubjects, noResultsYet, percentText, resultText, sortStudents, type ResultsSort } from './cardText';
import { notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/format';

type Student = ClassResults['students'][number];

/** The class's cards in one PDF: pick a language, ask, watch it being made, download. */
function BatchBox({ assignClassId }: { assignClassId: string }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<ReportLang>('en');
  const [batchId, setBatchId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const create = useCreateReportBatch(assignClassId);
  const batch = useReportBatch(batchId);
  const status = batch.data?.status;
  const working = create.isPending || status === 'queued' || status === 'running';

  const start = () =>
    create.mutate(lang, {
      onSuccess: (b) => setBatchId(b.batchId),
      onError: (err) => notifyError(err),
    });
  const save = async () => {
    if (!batchId) return;
    setSaving(true);
    try {
      await downloadReportBatch(batchId);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="batch-box">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            value={lang}
            onChange={(v) => setLang(v as ReportLang)}
            data={[
              { value: 'en', label: t('reportCard.langEn') },
              { value: 'hi', label: t('reportCard.langHi') },
            ]}
            disabled={working}
            aria-label={t('reportCard.batchLang')}
          />
          <Button leftSection={<IconFiles size={16} aria-hidden />} onClick={start} loading={create.isPending} disabled={working} data-testid="batch-create">
            {t('reportCard.downloadAll')}
          </Button>
        </Group>
        {working && batchId ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('reportCard.batchWorking', { count: batch.data?.cards ?? 0 })}</Text>
          </Group>
        ) : null}
        {status === 'done' ? (
          <Button variant="light" color="teal" leftSection={<IconDownload size={16} aria-hidden />} loading={saving} onClick={() => void save()} data-testid="batch-download">
            {t('reportCard.batchDownload', { count: batch.data?.cards ?? 0 })}
          </Button>
        ) : null}
      </Group>
      {status === 'failed' ? (
        <Alert color="red" mt="sm" role="alert">
          {t('reportCard.batchFailed')}
        </Alert>
      ) : null}
      {batch.isError ? (
        <Alert color="red" mt="sm" role="alert">
          {apiErrorText(batch.error, t)}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** Passed or not, as a word in its colour (never colour alone); whole on any width. */
function ResultBadge({ student }: { student: Student }) {
  const { t } = useTranslation();
  if (student.passed === null) return <Text c="dimmed">—</Text>;
  return (
    <Text size="sm" fw={600} c={student.passed ? 'teal.8' : 'orange.8'} style={{ whiteSpace: 'nowrap' }}>
      {student.passed ? t('reportCard.passed') : t('reportCard.needsWork')}
    </Text>
  );
}

function ResultsTable({ results }: { results: ClassResults }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const subjects = useMemo(() => localSubjects(results.subjects, fmt.language), [results.subjects, fmt.language]);
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const [sort, setSort] = useState<ResultsSort>(results.showRank ? 'rank' : 'roll');
  const students = useMemo(() => sortStudents(results.students, sort), [results.students, sort]);
  const subjectCell = (s: Student, subjectId: string) => {
    const r = s.subjects.find((x) => x.subjectId === subjectId);
    return r?.percent == null ? '—' : `${percentText(r.percent)} ${r.grade ?? ''}`.trim();
  };

  return (
    <Stack gap="sm">
      {results.showRank ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('reportCard.sortBy')}
          </Text>
          <SegmentedControl
            size="xs"
            value={sort}
            onChange={(v) => setSort(v as ResultsSort)}
            data={[
              { value: 'rank', label: t('reportCard.byRank') },
              { value: 'roll', label: t('reportCard.byRoll') },
            ]}
            data-testid="results-sort"
          />
        </Group>
      ) : null}
      {cards ? (
        <Stack gap="sm">
          {students.map((s) => (
            <Paper key={s.studentId} withBorder radius="md" p="sm" data-testid="results-row">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/reportcard/${s.studentId}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {s.fullName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t('reportCard.rollNo')} {s.rollNo ?? '—'}
                    {s.rank !== null ? ` · ${t('reportCard.rank')} ${s.rank}` : ''}
                  </Text>
                </div>
                <Stack gap={2} align="flex-end">
                  <Text fw={700}>
                    {percentText(s.percent)} {s.grade ?? ''}
                  </Text>
                  <ResultBadge student={s} />
                </Stack>
              </Group>
              <Stack gap={2} mt={6}>
                {subjects.map((sub) => (
                  <Group key={sub.subjectId} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                      {sub.name}
                    </Text>
                    <Text size="sm">{subjectCell(s, sub.subjectId)}</Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover withTableBorder verticalSpacing="xs" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reportCard.rollNo')}</Table.Th>
                <Table.Th>{t('reportCard.student')}</Table.Th>
                {subjects.map((sub) => (
                  <Table.Th key={sub.subjectId} ta="center">
                    {sub.name}
                  </Table.Th>
                ))}
                <Table.Th ta="center">{t('reportCard.overall')}</Table.Th>
                <Table.Th ta="center">{t('reportCard.grade')}</Table.Th>
                {results.showRank ? <Table.Th ta="center">{t('reportCard.rank')}</Table.Th> : null}
                <Table.Th>{t('reportCard.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((s) => (
                <Table.Tr key={s.studentId} data-testid="results-row">
                  <Table.Td>{s.rollNo ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/reportcard/${s.studentId}`} style={{ overflowWrap: 'anywhere' }} title={resultText(t, s, subjects) ?? undefined}>
                      {s.fullName}
                    </Anchor>
                  </Table.Td>
                  {subjects.map((sub) => (
                    <Table.Td key={sub.subjectId} ta="center">
                      {subjectCell(s, sub.subjectId)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="center" fw={700}>
                    {percentText(s.percent)}
                  </Table.Td>
                  <Table.Td ta="center" fw={700}>
                    {s.grade ?? '—'}
                  </Table.Td>
                  {results.showRank ? <Table.Td ta="center">{s.rank ?? '—'}</Table.Td> : null}
                  <Table.Td>
                    <ResultBadge student={s} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/** /examresults/:assignClassId (staff): the class's results, each student's card, all cards in one PDF. */
export default function ClassResultsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { assignClassId = '' } = useParams();
  const results = useClassResults(assignClassId);
  const data = results.data;
  return (
    <>
      <PageHeading
        title={t(route.title)}
        description={data ? `${t('reportCard.classSection', { name: data.className, section: data.section })} · ${t('reportCard.session', { label: data.sessionLabel })}` : undefined}
      />
      <RecordState query={results}>
        {() =>
          data ? (
            <Stack gap="md">
              {noResultsYet(data) ? (
                <Paper withBorder radius="md" p="xl">
                  <EmptyState icon={<IconFileOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={t('reportCard.noMarksTitle')} role="status" data-testid="results-empty">
                    {t('reportCard.noMarksHint')}
                  </EmptyState>
                </Paper>
              ) : (
                <>
                  <BatchBox assignClassId={assignClassId} />
                  <ResultsTable results={data} />
                </>
              )}
            </Stack>
          ) : null
        }
      </RecordState>
    </>
  );
}
