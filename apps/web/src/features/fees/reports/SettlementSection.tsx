import { useState, type CSSProperties } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE, dateIn, type AcademicSession, type SettlementReport, type UnmatchedOrder } from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { RefundOrderButton } from '../online/RefundOrderButton';
import { useFeeSummary } from '../../../api/fees-reports';
import { useSettlement } from '../../../api/fees-upi';
import { downloadRoute } from '../../../api/transfer';
import { DateField } from '../../../components/DateField';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useAddressParams } from '../../../lib/useListParams';
import { FeeTable, ReportState, Section, useFeeFormat, type Column } from './parts';

interface Line {
  key: string;
  label: string;
  count: number;
  amount: number;
  lateFee: number | null;
}

const validDay = dateIn('2000-01-01', '2100-12-31');

/** The settlement's lines: online by method, UPI confirmed, the counter's modes (the total row sums them). */
function linesOf(r: SettlementReport, t: TFunction): Line[] {
  return [
    ...r.gateway.map((g) => ({ key: `gateway-${g.method}`, label: t('feeUpi.settlement.gateway', { method: t(`feeUpi.settlement.methods.${g.method}`, { defaultValue: g.method }) }), ...g })),
    { key: 'upi', label: t('feeUpi.settlement.upiConfirmed'), ...r.upiConfirmed },
    ...r.counter.map((c) => ({ key: c.mode, label: t('feeUpi.settlement.counter', { mode: t(`fees.common.modes.${c.mode}`) }), ...c })),
  ];
}

/**
 * /feereports' daily settlement (issue 25): one school day's money by way of payment, to match
 * against the bank and the gateway: online by the gateway's method, UPI confirmed, the counter's
 * cash, cheques and transfers (late fees included, reversed payments left out), the UPI
 * references still to confirm, and the gateway's money that matched no instalment. CSV from the server.
 */
export function SettlementSection({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const fmt = useFormat();
  const { params, update } = useAddressParams();
  const summary = useFeeSummary(session.sessionId);
  const day = params.get('day') ?? summary.data?.today ?? '';
  const valid = validDay.safeParse(day).success;
  const query = useSettlement(day, valid);
  const report = query.data;
  const [exporting, setExporting] = useState(false);
  const lines = report ? linesOf(report, t) : [];

  const columns: Column<Line>[] = [
    { key: 'label', header: t('feeUpi.settlement.way'), primary: true, cell: (l) => l.label },
    { key: 'count', header: t('fees.reports.reports.payments'), numeric: true, cell: (l) => f.number(l.count) },
    { key: 'lateFee', header: t('feeUpi.settlement.lateFees'), numeric: true, cell: (l) => (l.lateFee === null ? '—' : f.money(l.lateFee)) },
    { key: 'amount', header: t('fees.reports.reports.collected'), numeric: true, cell: (l) => f.money(l.amount) },
  ];
  const { role } = useAuth();
  const orderColumns: Column<UnmatchedOrder>[] = [
    { key: 'order', header: t('feeUpi.settlement.order'), primary: true, cell: (o) => <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{o.gatewayOrderId}</Text> },
    { key: 'student', header: t('feeUpi.claims.student'), cell: (o) => `${o.student.fullName} (${o.student.loginId})` },
    { key: 'at', header: t('feeUpi.settlement.at'), cell: (o) => fmt.dateTime(o.at) },
    { key: 'reason', header: t('feeUpi.settlement.reason'), cell: (o) => o.reason ?? '—' },
    { key: 'amount', header: t('fees.common.money.amount'), numeric: true, cell: (o) => f.money(o.amount) },
    ...(role === ROLE.PRINCIPAL ? [{ key: 'refund', header: t('fees.online.refundColumn'), cell: (o: UnmatchedOrder) => <RefundOrderButton orderId={o.orderId} amount={o.amount} /> }] : []),
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadRoute('feeSettlement', { query: { date: day, format: 'csv', lang: fmt.hindi ? 'hi' : 'en' } }, `settlement-${day}.csv`);
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Section
      title={t('feeUpi.settlement.title')}
      testId="fee-settlement"
      actions={
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void exportCsv()} loading={exporting} disabled={!report || !valid}>
          {t('fees.reports.exportCsv')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('feeUpi.settlement.description')}
      </Text>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="sm" style={{ '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties}>
          <DateField
            label={t('feeUpi.settlement.day')}
            value={day}
            onChange={(value) => update({ day: value || null })}
            error={day && !valid ? t('validation.date') : null}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </Paper>
      {valid ? (
        <ReportState query={query} waitFor={summary} rows={4}>
          {report ? (
            <Stack gap="sm">
              <FeeTable
                label={t('feeUpi.settlement.title')}
                columns={columns}
                rows={lines}
                rowKey={(l) => l.key}
                minWidth={560}
                totals={{ label: t('feeUpi.settlement.total'), count: f.number(report.total.count), lateFee: f.money(report.total.lateFee), amount: f.money(report.total.amount) }}
              />
              <Alert color={report.upiPending.count > 0 ? 'orange' : 'gray'} title={t('feeUpi.settlement.pendingTitle')} data-testid="settlement-pending">
                <Text size="sm">{t('feeUpi.settlement.pending', {
                    count: report.upiPending.count,
                    n: f.number(report.upiPending.count),
                    amount: f.money(report.upiPending.amount),
                    day: f.number(report.upiPending.ofDay.count),
                  })}</Text>
                {report.upiPending.count > 0 ? (
                  <Anchor component={Link} to="/feeupiclaims" size="sm">
                    {t('feeUpi.settlement.openClaims')}
                  </Anchor>
                ) : null}
              </Alert>
              {report.unmatched.count > 0 ? (
                <Stack gap="xs">
                  <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('feeUpi.settlement.unmatchedTitle')}>
                    {t('feeUpi.settlement.unmatched', { count: report.unmatched.count, n: f.number(report.unmatched.count), amount: f.money(report.unmatched.amount) })}
                  </Alert>
                  <FeeTable label={t('feeUpi.settlement.unmatchedTitle')} columns={orderColumns} rows={report.unmatched.orders} rowKey={(o) => o.orderId} minWidth={720} />
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('feeUpi.settlement.noUnmatched')}
                </Text>
              )}
            </Stack>
          ) : null}
        </ReportState>
      ) : null}
    </Section>
  );
}
