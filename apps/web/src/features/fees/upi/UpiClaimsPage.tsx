import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UPI_CLAIM_STATUSES, formatRupees, type UpiClaim, type UpiClaimStatus } from '@shala/contract';
import { useUpiClaims } from '../../../api/fees-upi';
import type { ScreenProps } from '../../../lib/screen';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPager } from '../../../components/ListToolbar';
import { PageHeading } from '../../../components/PageHeading';
import { useFormat } from '../../../lib/format';
import { useClampPage, useListParams } from '../../../lib/useListParams';
import { useClassLabel } from '../../academics';
import { ConfirmClaimModal, RejectClaimModal } from './UpiClaimModals';
import { StudentCell } from '../../../components/StudentCell';

const STATUS_COLOR: Record<UpiClaimStatus, string> = { pending: 'orange', confirmed: 'teal', rejected: 'red' };

/**
 * /feeupiclaims (112, 113): the UPI references parents entered after paying, for the office to
 * find in its bank statement: pending ones the oldest first, each confirmed (a payment with its
 * receipt) or rejected with a reason the parent is told; the decided ones the latest first.
 */
export default function UpiClaimsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const label = useClassLabel();
  const list = useListParams(UPI_CLAIM_STATUSES, 'pending');
  const query = useUpiClaims(list.status, list.page, list.pageSize);
  useClampPage(list.page, query.data, list.setPage);
  const [dialog, setDialog] = useState<{ kind: 'confirm' | 'reject'; claim: UpiClaim } | null>(null);
  const pending = list.status === 'pending';

  const columns: DataColumn<UpiClaim>[] = [
    {
      key: 'student',
      header: t('feeUpi.claims.student'),
      primary: true,
      cell: (c) => <StudentCell student={c.student} />,
    },
    { key: 'class', header: t('fees.reports.class'), cell: (c) => (c.class ? label(c.class) : '—') },
    { key: 'seq', header: t('fees.reports.dues.instalment'), cell: (c) => t('fees.common.money.instalment', { seq: c.seq }), wrap: 'nowrap' },
    { key: 'amount', header: t('fees.common.money.amount'), wrap: 'numeric', cell: (c) => formatRupees(c.amount) },
    {
      key: 'reference',
      header: t('feeUpi.claims.reference'),
      wrap: 'anywhere',
      cell: (c) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" ff="monospace">
            {c.reference}
          </Text>
          {c.repeat ? (
            <Tooltip label={t('feeUpi.claims.repeatHint')} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
              <Badge color="red" variant="light" style={{ textTransform: 'none' }} tabIndex={0} data-testid="upi-claim-repeat">
                {t('feeUpi.claims.repeat')}
              </Badge>
            </Tooltip>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'claimed',
      header: t('feeUpi.claims.claimedAt'),
      cell: (c) => (
        <div>
          <Text size="sm">{f.dateTime(c.claimedAt)}</Text>
          {c.claimedBy ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {c.claimedBy.fullName}
            </Text>
          ) : null}
        </div>
      ),
    },
    ...(pending
      ? []
      : [
          {
            key: 'decided',
            header: t('feeUpi.claims.decided'),
            cell: (c: UpiClaim) => (
              <Stack gap={2} align="flex-start">
                <Badge color={STATUS_COLOR[c.status]} variant="light" style={{ textTransform: 'none' }}>
                  {c.receiptNo ? t('feeUpi.claims.receipt', { no: c.receiptNo }) : t(`feeUpi.claims.statuses.${c.status}`)}
                </Badge>
                {c.decidedAt ? <Text size="xs">{f.dateTime(c.decidedAt)}</Text> : null}
                {c.decidedBy ? (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.decidedBy.fullName}
                  </Text>
                ) : null}
                {c.rejectReason ? (
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {t('feeUpi.claims.rejectReason', { reason: c.rejectReason })}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
        ]),
  ];

  return (
    <>
      <PageHeading title={t(route.title)} description={t('feeUpi.claims.description')} />
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('feeUpi.claims.show')}
          value={list.status}
          onChange={(v) => list.setStatus(v as UpiClaimStatus)}
          data={UPI_CLAIM_STATUSES.map((s) => ({ value: s, label: t(`feeUpi.claims.statuses.${s}`) }))}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
        <DataTable
          label={t('feeUpi.claims.listLabel', { status: t(`feeUpi.claims.statuses.${list.status}`) })}
          items={query.data?.items ?? []}
          columns={columns}
          rowKey={(c) => c.claimId}
          rowProps={() => ({ 'data-testid': 'upi-claim' })}
          rowActions={
            pending
              ? (c) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="compact-sm" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDialog({ kind: 'confirm', claim: c })} aria-label={t('feeUpi.claims.confirmNamed', { name: c.student.fullName, seq: c.seq })}>
                      {t('feeUpi.claims.confirm')}
                    </Button>
                    <Button size="compact-sm" variant="light" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog({ kind: 'reject', claim: c })} aria-label={t('feeUpi.claims.rejectNamed', { name: c.student.fullName, seq: c.seq })}>
                      {t('feeUpi.claims.reject')}
                    </Button>
                  </Group>
                )
              : undefined
          }
          minWidth={860}
          busy={query.isFetching}
          state={{ query, emptyText: t(`feeUpi.claims.empty.${list.status}`), errorTitle: t('feeUpi.claims.loadError') }}
          after={<ListPager page={list.page} pageSize={list.pageSize} total={query.data?.total ?? 0} onChange={list.setPage} />}
        />
      </Stack>
      {dialog?.kind === 'confirm' ? <ConfirmClaimModal claim={dialog.claim} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'reject' ? <RejectClaimModal claim={dialog.claim} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
