import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toCsv } from '@shala/contract';
import type { AcademicSession, DueRow } from '@shala/contract';
import { call } from '../../../api/client';
import { useClassOptions } from '../../../api/academics-assign';
import { useFeeDues, useFeeDuesByClass } from '../../../api/fees-reports';
import { saveBlob } from '../../../api/transfer';
import { ListPager } from '../../../components/ListToolbar';
import { csvBlob } from '../../../lib/csv';
import { ClassSelect, sessionScreen, useClassLabel } from '../../academics';
import { FeeTable, ReportState, Section, fileSafe, useFeeFormat, type Column } from './parts';
import { notifyError } from '../../../lib/notify';
import { useAddressParams } from '../../../lib/useListParams';
import { StudentCell } from '../../../components/StudentCell';

const PAGE_SIZE = 20;
/** The most rows a CSV export gathers (pages of 100). */
const EXPORT_MAX = 20_000;

/** /feedues (112, 113): overdue instalments of the header's session, the oldest first, and their sums per class. */
export default sessionScreen('fees.reports.dues.description', (session) => <Dues session={session} />);

/** Rupees as a spreadsheet reads them (1500.00). */
const plainRupees = (paise: number) => (paise / 100).toFixed(2);

function Dues({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const label = useClassLabel();
  const { params, update } = useAddressParams();
  const classId = params.get('class');
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const set = (changes: Record<string, string | null>) => update(changes);
  const classes = useClassOptions(session.sessionId);
  const dues = useFeeDues(session.sessionId, classId, page, PAGE_SIZE);
  const byClass = useFeeDuesByClass(session.sessionId);
  const [exporting, setExporting] = useState(false);
  const items = dues.data?.items ?? [];
  const sums = byClass.data ?? [];
  const chosen = classId ? sums.filter((r) => r.class.assignClassId === classId) : sums;
  const overdueSum = chosen.reduce((s, r) => s + r.amount, 0);

  const columns: Column<DueRow>[] = [
    {
      key: 'student',
      header: t('fees.reports.dues.student'),
      primary: true,
      cell: (d) => <StudentCell student={d.student} />,
    },
    { key: 'class', header: t('fees.reports.class'), cell: (d) => label(d.class) },
    { key: 'roll', header: t('fees.reports.dues.rollNo'), cell: (d) => (d.student.rollNo === null ? '—' : f.number(d.student.rollNo)) },
    { key: 'seq', header: t('fees.reports.dues.instalment'), cell: (d) => t('fees.common.money.instalment', { seq: d.seq }) },
    { key: 'due', header: t('fees.common.money.dueDate'), cell: (d) => f.date(d.dueDate) },
    {
      key: 'days',
      header: t('fees.reports.dues.daysOverdue'),
      numeric: true,
      cell: (d) => (
        <Badge variant="light" color={d.daysOverdue > 30 ? 'red' : 'orange'} radius="sm">
          {t('fees.reports.dues.days', { count: d.daysOverdue, n: f.number(d.daysOverdue) })}
        </Badge>
      ),
    },
    { key: 'amount', header: t('fees.common.money.amount'), numeric: true, cell: (d) => f.money(d.amount) },
    { key: 'lateFee', header: t('fees.late.lateFee'), numeric: true, cell: (d) => (d.lateFee ? f.money(d.lateFee) : '—') },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: DueRow[] = [];
      for (let p = 1; rows.length < EXPORT_MAX; p++) {
        const part = await call('feeDues', { query: { sessionId: session.sessionId, assignClassId: classId ?? undefined, page: p, pageSize: 100 } });
        rows.push(...part.items);
        if (part.items.length === 0 || rows.length >= part.total) break;
      }
      const csv = toCsv([
        [t('fees.reports.dues.student'), t('fees.reports.loginId'), t('fees.reports.class'), t('fees.reports.dues.rollNo'), t('fees.reports.dues.instalment'), t('fees.common.money.dueDate'), t('fees.reports.dues.daysOverdue'), t('fees.reports.amountRupees'), t('fees.late.lateFeeRupees')],
        ...rows.map((d) => [d.student.fullName, d.student.loginId, label(d.class), d.student.rollNo, d.seq, d.dueDate, d.daysOverdue, plainRupees(d.amount), plainRupees(d.lateFee)]),
      ]);
      const cls = classId ? sums.find((s) => s.class.assignClassId === classId) : undefined;
      saveBlob(csvBlob(csv), `fee-dues-${fileSafe(session.sessionYear)}${cls ? `-${fileSafe(label(cls.class))}` : ''}.csv`);
    } catch (err) {
      notifyError(err, t('fees.reports.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ClassSelect items={classes.data?.items ?? []} value={classId} onChange={(id) => set({ class: id, page: null })} />
            {classId ? (
              <Button variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={() => set({ class: null, page: null })}>
                {t('fees.reports.dues.allClasses')}
              </Button>
            ) : null}
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void exportCsv()}
              loading={exporting}
              disabled={!dues.data || dues.data.total === 0}
              ml={{ xs: 'auto' }}
            >
              {t('fees.reports.exportCsv')}
            </Button>
          </Group>
        </Paper>
        {dues.data && dues.data.total > 0 ? (
          <Text fw={600} role="status" data-testid="dues-total">
            {t('fees.reports.dues.total', { count: dues.data.total, n: f.number(dues.data.total), amount: f.money(overdueSum) })}
          </Text>
        ) : null}
        <ReportState query={dues} isEmpty={items.length === 0} emptyText={classId ? t('fees.reports.dues.emptyClass') : t('fees.reports.dues.empty')}>
          <FeeTable label={t('fees.reports.dues.listLabel')} columns={columns} rows={items} rowKey={(d) => d.emiId} minWidth={760} />
          <ListPager page={page} pageSize={PAGE_SIZE} total={dues.data?.total ?? 0} onChange={(p) => set({ page: p > 1 ? String(p) : null })} />
        </ReportState>
      </Stack>

      <Section title={t('fees.reports.dues.byClass')} testId="dues-by-class">
        <ReportState query={byClass} isEmpty={sums.length === 0} emptyText={t('fees.reports.dues.empty')} rows={3}>
          <FeeTable
            label={t('fees.reports.dues.byClass')}
            rows={sums}
            rowKey={(r) => r.class.assignClassId}
            minWidth={420}
            columns={[
              { key: 'class', header: t('fees.reports.class'), primary: true, cell: (r) => label(r.class) },
              { key: 'count', header: t('fees.reports.dues.instalments'), numeric: true, cell: (r) => f.number(r.count) },
              { key: 'amount', header: t('fees.common.money.overdue'), numeric: true, cell: (r) => f.money(r.amount) },
            ]}
            totals={{ count: f.number(sums.reduce((s, r) => s + r.count, 0)), amount: f.money(sums.reduce((s, r) => s + r.amount, 0)) }}
          />
        </ReportState>
      </Section>
    </Stack>
  );
}
