import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, EmptyState, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileOff, IconSchoolOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { subjectNameIn, type ReportCard, type ReportLang } from '@shala/contract';
import { ApiError } from '../../../api/client';
import { downloadReportCard, useReportCard } from '../../../api/exams-report';
import { RecordState } from '../../../components/ListState';
import { CARDS_QUERY } from '../../../components/ListPage';
// A static import: a dynamic one in a screen's chunk splits Vite's preload helper out of the entry
// chunk, one more file for the login page (the budget journey).
import { StudentProgressChart } from '../analysis/StudentProgressChart';
import { localSubjects, markText, percentText, resultText, scaleText } from './cardText';
import { notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/format';



/** Dates in the reader's language (`YYYY-MM-DD`). */
function useCardDate() {
  const fmt = useFormat();
  const locale = fmt.locale;
  return (d: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d.slice(0, 10)}T00:00:00Z`));
}

/** Two buttons: the card as a PDF in English and in Hindi. */
export function DownloadButtons({ studentId, sessionId }: { studentId: string; sessionId?: string | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ReportLang | null>(null);
  const download = async (lang: ReportLang) => {
    setBusy(lang);
    try {
      await downloadReportCard(studentId, lang, sessionId);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      {(['en', 'hi'] as const).map((lang) => (
        <Button
          key={lang}
          variant={lang === 'en' ? 'filled' : 'light'}
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === lang}
          disabled={busy !== null && busy !== lang}
          onClick={() => void download(lang)}
          data-testid={`reportcard-pdf-${lang}`}
        >
          {t(lang === 'en' ? 'reportCard.downloadEn' : 'reportCard.downloadHi')}
        </Button>
      ))}
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** When nothing is published yet (students and parents) or no exam exists (staff). */
export function NoResults() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconFileOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={t('reportCard.noResultsTitle')} role="status" data-testid="reportcard-empty">
        {t('reportCard.noResultsHint')}
      </EmptyState>
    </Paper>
  );
}

/** A report card on screen: the student, results per subject and exam, co-scholastic grades, attendance, remarks. */
export function ReportCardView({ card, download }: { card: ReportCard; download?: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const cards = useMediaQuery(CARDS_QUERY, false) ?? false;
  const date = useCardDate();
  const s = card.student;
  const result = resultText(t, card.result, localSubjects(card.subjects, fmt.language));
  const termOf = (examId: string) => card.terms.find((x) => x.examId === examId);
  const subjectRows = card.subjects.map((subject) => ({ subject, r: card.result.subjects.find((x) => x.subjectId === subject.subjectId) }));

  return (
    <Stack gap="lg" data-testid="reportcard">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="reportcard-name">
              {s.fullName}
            </Title>
            <Text c="dimmed" size="sm">
              {t('reportCard.classSection', { name: s.className, section: s.section })} · {t('reportCard.session', { label: card.sessionLabel })}
            </Text>
          </div>
          {download}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          <Field label={t('reportCard.rollNo')} value={s.rollNo ?? '—'} />
          <Field label={t('reportCard.loginId')} value={s.loginId} />
          <Field label={t('reportCard.dateOfBirth')} value={s.dateOfBirth ? date(s.dateOfBirth) : '—'} />
          <Field label={t('reportCard.parent')} value={s.parentName ?? '—'} />
          <Field label={t('reportCard.classTeacher')} value={s.classTeacher ?? '—'} />
        </SimpleGrid>
      </Paper>

      {card.exams.length === 0 ? (
        <NoResults />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: card.result.rank !== null ? 4 : 3 }} spacing="sm">
            <Figure label={t('reportCard.overall')} value={percentText(card.result.percent)} testId="reportcard-percent" />
            <Figure label={t('reportCard.grade')} value={card.result.grade ?? '—'} testId="reportcard-grade" />
            <Figure label={t('reportCard.result')} value={result ?? t('reportCard.notYet')} testId="reportcard-result" />
            {card.result.rank !== null && card.classSize !== null ? (
              <Figure label={t('reportCard.rank')} value={t('reportCard.rankOf', { rank: card.result.rank, size: card.classSize })} />
            ) : null}
          </SimpleGrid>

          <Section title={t('reportCard.scholastic')}>
            {cards ? (
              <Stack gap="sm">
                {subjectRows.map(({ subject, r }) => (
                  <Paper key={subject.subjectId} withBorder radius="sm" p="sm" data-testid="reportcard-subject">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                        {subjectNameIn(subject, fmt.language)}
                      </Text>
                      <Group gap={6} wrap="nowrap">
                        <Text fw={600}>{percentText(r?.percent)}</Text>
                        {r?.grade ? <Badge variant="light">{r.grade}</Badge> : null}
                      </Group>
                    </Group>
                    <Stack gap={2} mt={6}>
                      {card.exams.map((e) => {
                        const cell = r?.exams.find((c) => c.examId === e.examId);
                        return (
                          <Group key={e.examId} justify="space-between" gap="xs" wrap="nowrap">
                            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                              {e.name}
                            </Text>
                            <Text size="sm">{markText(t, cell?.mark, cell?.maxMarks ?? e.maxMarks)}</Text>
                          </Group>
                        );
                      })}
                    </Stack>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <ScrollArea type="auto">
                <Table striped withTableBorder verticalSpacing="xs" miw={480}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('reportCard.subject')}</Table.Th>
                      {card.exams.map((e) => (
                        <Table.Th key={e.examId} ta="center">
                          {e.name}
                          <Text size="xs" c="dimmed" fw={400}>
                            {t('reportCard.weight', { weight: e.weight })}
                          </Text>
                        </Table.Th>
                      ))}
                      <Table.Th ta="center">{t('reportCard.final')}</Table.Th>
                      <Table.Th ta="center">{t('reportCard.grade')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {subjectRows.map(({ subject, r }) => (
                      <Table.Tr key={subject.subjectId} data-testid="reportcard-subject">
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{subjectNameIn(subject, fmt.language)}</Table.Td>
                        {card.exams.map((e) => {
                          const cell = r?.exams.find((c) => c.examId === e.examId);
                          return (
                            <Table.Td key={e.examId} ta="center">
                              {markText(t, cell?.mark, cell?.maxMarks ?? e.maxMarks)}
                            </Table.Td>
                          );
                        })}
                        <Table.Td ta="center">{percentText(r?.percent)}</Table.Td>
                        <Table.Td ta="center" fw={700}>
                          {r?.grade ?? '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    <Table.Tr fw={700}>
                      <Table.Td>{t('reportCard.total')}</Table.Td>
                      {card.exams.map((e) => {
                        const total = card.result.exams.find((x) => x.examId === e.examId);
                        return (
                          <Table.Td key={e.examId} ta="center">
                            {total && total.max > 0 ? `${total.obtained}/${total.max}` : '—'}
                            {total?.percent != null ? (
                              <Text size="xs" c="dimmed">
                                {percentText(total.percent)} {total.grade ? `(${total.grade})` : ''}
                              </Text>
                            ) : null}
                          </Table.Td>
                        );
                      })}
                      <Table.Td />
                      <Table.Td />
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Section>

          <Section title={t('reportCard.coScholastic')}>
            {cards ? (
              <Stack gap="sm">
                {card.exams.map((e) => {
                  const term = termOf(e.examId);
                  return (
                    <Paper key={e.examId} withBorder radius="sm" p="sm">
                      <Text fw={600} mb={4} style={{ overflowWrap: 'anywhere' }}>
                        {e.name}
                      </Text>
                      {card.coAreas.map((area) => (
                        <Group key={area} justify="space-between" gap="xs" wrap="nowrap">
                          <Text size="sm" c="dimmed">
                            {t(`reportCard.areas.${area}`)}
                          </Text>
                          <Text size="sm" fw={600}>
                            {term?.co[area] ?? '—'}
                          </Text>
                        </Group>
                      ))}
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" c="dimmed">
                          {t('reportCard.attendance')}
                        </Text>
                        <Text size="sm">{term && term.attendance.marked > 0 ? t('reportCard.daysOf', { attended: term.attendance.attended, marked: term.attendance.marked, percent: percentText(term.attendance.percent) }) : '—'}</Text>
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            ) : (
              <ScrollArea type="auto">
                <Table withTableBorder verticalSpacing="xs" miw={420}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('reportCard.area')}</Table.Th>
                      {card.exams.map((e) => (
                        <Table.Th key={e.examId} ta="center">
                          {e.name}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {card.coAreas.map((area) => (
                      <Table.Tr key={area}>
                        <Table.Td>{t(`reportCard.areas.${area}`)}</Table.Td>
                        {card.exams.map((e) => (
                          <Table.Td key={e.examId} ta="center" fw={600}>
                            {termOf(e.examId)?.co[area] ?? '—'}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                    <Table.Tr>
                      <Table.Td>{t('reportCard.attendance')}</Table.Td>
                      {card.exams.map((e) => {
                        const a = termOf(e.examId)?.attendance;
                        return (
                          <Table.Td key={e.examId} ta="center">
                            {a && a.marked > 0 ? t('reportCard.daysOf', { attended: a.attended, marked: a.marked, percent: percentText(a.percent) }) : '—'}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Section>

          {card.terms.some((x) => x.remark) ? (
            <Section title={t('reportCard.remarks')}>
              <Stack gap="xs">
                {card.exams.map((e) => {
                  const remark = termOf(e.examId)?.remark;
                  return remark ? (
                    <Text key={e.examId} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                      <Text span fw={600}>
                        {e.name}:
                      </Text>{' '}
                      {remark}
                    </Text>
                  ) : null;
                })}
              </Stack>
            </Section>
          ) : null}
        </>
      )}

      <Paper withBorder radius="md" p="sm">
        <Text size="sm" fw={600} mb={4}>
          {t('reportCard.scale')}
        </Text>
        <Group gap={6} wrap="wrap">
          {scaleText(t, card.grades).map((band) => (
            <Badge key={band} variant="outline" color="gray" tt="none">
              {band}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {t('reportCard.passMark', { percent: card.passPercent })}
        </Text>
      </Paper>
    </Stack>
  );
}

/**
 * A student's card, loaded: loading and error states; a student in no class this session (404
 * for its own card or a child's) is a friendly empty state.
 */
export function ReportCardLoader({ studentId, own, name }: { studentId: string; own?: boolean; name?: string }) {
  const { t } = useTranslation();
  const card = useReportCard(studentId);
  const missing = card.error instanceof ApiError && card.error.status === 404;
  if (missing) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState icon={<IconSchoolOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={own ? t('reportCard.noClassOwn') : t('reportCard.noClass', { name: name ?? '' })} role="status">
          {t('reportCard.noClassHint')}
        </EmptyState>
      </Paper>
    );
  }
  return (
    <RecordState isLoading={card.isLoading} isError={card.isError} error={card.error} onRetry={() => void card.refetch()}>
      {() =>
        card.data ? (
          <Stack gap="lg">
            <ReportCardView card={card.data} download={card.data.exams.length ? <DownloadButtons studentId={studentId} /> : null} />
            {card.data.exams.length > 1 && (
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="report-card-progress">
                <Title order={2} size="h4" mb="sm" id="report-card-progress">
                  {t('examAnalysis.progress')}
                </Title>
                <StudentProgressChart studentId={studentId} sessionId={card.data.sessionId} />
              </Paper>
            )}
          </Stack>
        ) : (
          <Alert color="gray">{t('reportCard.noResultsTitle')}</Alert>
        )
      }
    </RecordState>
  );
}
