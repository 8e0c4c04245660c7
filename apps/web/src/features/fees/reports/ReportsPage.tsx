import type { CSSProperties } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COLLECTION_GROUPS, toCsv, type AcademicSession, type CollectionGroup, type CollectionRow, type OutstandingRow } from '@shala/contract';
import { useFeeCollection, useFeeOutstanding, useFeeSummary } from '../../../api/fees-reports';
import { saveBlob } from '../../../api/transfer';
import { csvBlob } from '../../../lib/csv';
import { sessionScreen, useClassLabel } from '../../academics';
import { Bar, FeeTable, ReportState, Section, fileSafe, useFeeFormat, type Column } from './parts';
import { rangeError, thisMonth } from './range';
import { useAddressParams } from '../../../lib/useListParams';
import { DateField } from '../../../components/DateField';
import { SettlementSection } from './SettlementSection';

/** /feereports (112, 113): the collection of a period (by day, class or mode), the outstanding balance per class and a day's settlement, with CSV. */
export default sessionScreen(
  'fees.reports.reports.description',
  (session) => (
    <Stack gap="xl">
      <Collection session={session} />
      <Outstanding session={session} />
      <SettlementSection session={session} />
    </Stack>
  ),
);

const plainRupees = (paise: number) => (paise / 100).toFixed(2);

function Collection({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const label = useClassLabel();
  const { params, update } = useAddressParams();
  // The school's today decides the default period (a device elsewhere may already be on another day).
  const summary = useFeeSummary(session.sessionId);
  const month = thisMonth(summary.data?.today);
  const from = params.get('from') ?? month.from;
  const to = params.get('to') ?? month.to;
  const by = (COLLECTION_GROUPS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as CollectionGroup) : 'day';
  const set = (key: string, value: string | null) => update({ [key]: value });
  const problem = rangeError(from, to);
  const query = useFeeCollection(session.sessionId, from, to, by, !problem && !summary.isLoading);
  const rows = query.data?.rows ?? [];
  const max = rows.reduce((m, r) => Math.max(m, r.amount), 0);

  const keyLabel = (r: CollectionRow) =>
    by === 'day' ? f.date(r.key) : by === 'mode' ? t(`fees.common.modes.${r.key}`) : r.class ? label(r.class) : r.key;
  const keyHeader = t(`fees.reports.reports.key.${by}`);
  const columns: Column<CollectionRow>[] = [
    { key: 'key', header: keyHeader, primary: true, cell: keyLabel },
    { key: 'count', header: t('fees.reports.reports.payments'), numeric: true, cell: (r) => f.number(r.count) },
    { key: 'amount', header: t('fees.reports.reports.collected'), numeric: true, cell: (r) => f.money(r.amount) },
    { key: 'lateFee', header: t('fees.reports.reports.ofWhichLateFees'), numeric: true, cell: (r) => f.money(r.lateFee) },
    { key: 'bar', header: t('fees.reports.reports.share'), cell: (r) => <Bar value={r.amount} max={max} /> },
  ];

  const exportCsv = () => {
    if (!query.data) return;
    const csv = toCsv([
      [keyHeader, t('fees.reports.reports.payments'), t('fees.reports.amountRupees'), t('fees.reports.reports.lateFeesRupees')],
      ...rows.map((r) => [by === 'day' ? r.key : keyLabel(r), r.count, plainRupees(r.amount), plainRupees(r.lateFee)]),
      [t('fees.reports.totals'), query.data.count, plainRupees(query.data.amount), plainRupees(query.data.lateFee)],
    ]);
    saveBlob(csvBlob(csv), `fee-collection-${by}-${from}-to-${to}.csv`);
  };

  return (
    <Section
      title={t('fees.reports.reports.collection')}
      testId="fee-collection"
      actions={
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} disabled={!query.data || rows.length === 0 || !!problem}>
          {t('fees.reports.exportCsv')}
        </Button>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {/* Mantine's error red (shade 6) reads at 3.3:1 on white: shade 8 here, as the theme does elsewhere. */}
        <Group gap="sm" align="flex-start" wrap="wrap" style={{ '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties}>
          <DateField
            label={t('fees.reports.reports.from')}
            value={from}
            onChange={(day) => set('from', day || null)}
            w={{ base: '100%', xs: 170 }}
          />
          <DateField
            label={t('fees.reports.reports.to')}
            value={to}
            onChange={(day) => set('to', day || null)}
            error={problem ? t(problem) : null}
            w={{ base: '100%', xs: 170 }}
          />
          <Stack gap={4} style={{ flex: '1 1 240px' }}>
            <Text size="sm" fw={500} id="fee-group-by">
              {t('fees.reports.reports.groupBy')}
            </Text>
            <SegmentedControl
              aria-labelledby="fee-group-by"
              fullWidth
              value={by}
              onChange={(v) => set('by', v === 'day' ? null : v)}
              data={COLLECTION_GROUPS.map((g) => ({ value: g, label: t(`fees.reports.reports.groups.${g}`) }))}
            />
          </Stack>
        </Group>
      </Paper>
      {problem ? null : (
        <ReportState query={query} waitFor={summary} isEmpty={!!query.data && rows.length === 0} emptyText={t('fees.reports.reports.emptyCollection')} rows={4}>
          {query.data ? (
            <FeeTable
              label={t('fees.reports.reports.collection')}
              columns={columns}
              rows={rows}
              rowKey={(r) => r.key}
              minWidth={640}
              totals={{ count: f.number(query.data.count), amount: f.money(query.data.amount), lateFee: f.money(query.data.lateFee) }}
            />
          ) : null}
        </ReportState>
      )}
    </Section>
  );
}

function Outstanding({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const label = useClassLabel();
  const query = useFeeOutstanding(session.sessionId);
  const report = query.data;
  const rows = report?.rows ?? [];
  const noRecords = !!report && rows.every((r) => r.records === 0);
  const columns: Column<OutstandingRow>[] = [
    { key: 'class', header: t('fees.reports.class'), primary: true, cell: (r) => label(r.class) },
    { key: 'records', header: t('fees.reports.reports.records'), numeric: true, cell: (r) => f.number(r.records) },
    { key: 'total', header: t('fees.reports.hub.expected'), numeric: true, cell: (r) => f.money(r.total) },
    { key: 'paid', header: t('fees.common.money.paid'), numeric: true, cell: (r) => f.money(r.paid) },
    { key: 'balance', header: t('fees.common.money.balance'), numeric: true, cell: (r) => f.money(r.balance) },
    {
      key: 'overdue',
      header: t('fees.common.money.overdue'),
      numeric: true,
      cell: (r) => (
        <Text component="span" size="sm" c={r.overdue > 0 ? 'red' : undefined} fw={r.overdue > 0 ? 600 : undefined}>
          {f.money(r.overdue)}
        </Text>
      ),
    },
  ];
  const exportCsv = () => {
    if (!report) return;
    const csv = toCsv([
      [t('fees.reports.class'), t('fees.reports.reports.records'), t('fees.reports.hub.expected'), t('fees.common.money.paid'), t('fees.common.money.balance'), t('fees.common.money.overdue')],
      ...rows.map((r) => [label(r.class), r.records, plainRupees(r.total), plainRupees(r.paid), plainRupees(r.balance), plainRupees(r.overdue)]),
      [t('fees.reports.totals'), rows.reduce((s, r) => s + r.records, 0), plainRupees(report.total), plainRupees(report.paid), plainRupees(report.balance), plainRupees(report.overdue)],
    ]);
    saveBlob(csvBlob(csv), `fee-outstanding-${fileSafe(session.sessionYear)}.csv`);
  };
  return (
    <Section
      title={t('fees.reports.reports.outstanding')}
      testId="fee-outstanding"
      actions={
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} disabled={!report || noRecords}>
          {t('fees.reports.exportCsv')}
        </Button>
      }
    >
      <ReportState query={query} isEmpty={noRecords} emptyText={t('fees.reports.reports.emptyOutstanding')} rows={4}>
        {report ? (
          <FeeTable
            label={t('fees.reports.reports.outstanding')}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.class.assignClassId}
            minWidth={720}
            totals={{
              records: f.number(rows.reduce((s, r) => s + r.records, 0)),
              total: f.money(report.total),
              paid: f.money(report.paid),
              balance: f.money(report.balance),
              overdue: f.money(report.overdue),
            }}
          />
        ) : null}
      </ReportState>
    </Section>
  );
}
