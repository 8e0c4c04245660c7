import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLASS_FEE_PARTS, formatRupees, type FeeRecord, type Instalment, type InstalmentState, type Payment, type StudentFees } from '@shala/contract';
import { downloadRoute } from '../../api/transfer';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useFeeDate } from './feeDate';
import { LateFeeLine } from './LateFeeLine';

/** Colours of an instalment's state (with its word, never colour alone). */
export const STATE_COLOR: Record<InstalmentState, string> = { paid: 'teal', due: 'blue', overdue: 'red' };

/** A button that downloads a payment's PDF receipt (in the reader's language). */
export function ReceiptButton({ payment }: { payment: Pick<Payment, 'paymentId' | 'receiptNo'> }) {
  const { t } = useTranslation();
  const { hindi } = useFormat();
  const [busy, setBusy] = useState(false);
  const label = t('fees.common.view.downloadReceipt', { no: payment.receiptNo });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="light"
        aria-label={label}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await downloadRoute('feeReceipt', { params: { paymentId: payment.paymentId }, query: { lang: hindi ? 'hi' : 'en' } }, `receipt-${payment.receiptNo}.pdf`);
          } catch (err) {
            notifyError(err);
          } finally {
            setBusy(false);
          }
        }}
      >
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** One of the figures at the top: total, paid, balance, overdue. */
export function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color}>
        {formatRupees(value)}
      </Text>
    </Paper>
  );
}

function StateBadge({ state }: { state: InstalmentState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOR[state]} variant="light">
      {t(`fees.common.states.${state}`)}
    </Badge>
  );
}

/** The class fee's parts (while they still add up to the record's), tax, fee types and the total. */
export function FeeBreakdown({ fees, record }: { fees: StudentFees; record: FeeRecord }) {
  const { t } = useTranslation();
  // The class fee's parts, only while they still make up the record's class fee (the record keeps
  // the total it was made with; a class fee changed since would show parts that do not add up).
  const classFee = fees.classFee && fees.classFee.total === record.classFee ? fees.classFee : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="fee-breakdown">
      <Title order={2} size="h5" id="fee-breakdown" mb="xs">
        {t('fees.common.view.breakdown')}
      </Title>
      <Table>
        <Table.Tbody>
          {classFee &&
            CLASS_FEE_PARTS.filter((p) => classFee[p] > 0).map((p) => (
              <Table.Tr key={p}>
                <Table.Td>{t(`fees.common.parts.${p}`)}</Table.Td>
                <Table.Td ta="right">{formatRupees(classFee[p])}</Table.Td>
              </Table.Tr>
            ))}
          {classFee && classFee.tax > 0 && (
            <Table.Tr>
              <Table.Td>
                {t('fees.common.parts.tax')} ({classFee.taxBp / 100}%)
              </Table.Td>
              <Table.Td ta="right">{formatRupees(classFee.tax)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Td fw={600}>{t('fees.common.view.classFee')}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatRupees(record.classFee)}
            </Table.Td>
          </Table.Tr>
          {record.adjustments.map((a) => (
            <Table.Tr key={a.feeTypeId}>
              <Table.Td>
                {a.name}
                {a.kind === 'percent' ? ` (${a.value / 100}%)` : ''}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(a.amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>{t('fees.common.money.total')}</Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatRupees(record.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The instalments with their state and receipt: cards on a phone, a table on a desktop. */
export function FeeInstalments({ fees, actions, noPlan, cards }: { fees: StudentFees; actions?: (instalment: Instalment) => ReactNode; noPlan?: ReactNode; cards: boolean }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="fee-instalments">
      <Title order={2} size="h5" id="fee-instalments" mb="xs">
        {t('fees.common.money.instalments')}
      </Title>
      {fees.instalments.length === 0 ? (
        (noPlan ?? <Text c="dimmed">{t('fees.common.view.noPlan')}</Text>)
      ) : cards ? (
        <Stack gap="xs">
          {fees.instalments.map((i) => (
            <Paper key={i.emiId} withBorder p="sm" radius="sm" data-testid="instalment">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{t('fees.common.money.instalment', { seq: i.seq })}</Text>
                <StateBadge state={i.state} />
              </Group>
              <Group justify="space-between">
                <Text size="sm">{date(i.dueDate)}</Text>
                <Text fw={600}>{formatRupees(i.amount)}</Text>
              </Group>
              <LateFeeLine instalment={i} />
              {(i.payment || actions) && (
                <Group justify="space-between" mt={4}>
                  {i.payment ? (
                    <Group gap="xs">
                      <Text size="sm">
                        {t('fees.common.money.receiptNo')} {i.payment.receiptNo}
                      </Text>
                      <ReceiptButton payment={i.payment} />
                    </Group>
                  ) : (
                    <span />
                  )}
                  {actions?.(i)}
                </Group>
              )}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('fees.common.money.dueDate')}</Table.Th>
                <Table.Th ta="right">{t('fees.common.money.amount')}</Table.Th>
                <Table.Th>{t('fees.common.view.state')}</Table.Th>
                <Table.Th>{t('fees.common.money.receiptNo')}</Table.Th>
                {actions && <Table.Th>{t('fees.common.view.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees.instalments.map((i) => (
                <Table.Tr key={i.emiId} data-testid="instalment">
                  <Table.Td>{i.seq}</Table.Td>
                  <Table.Td>{date(i.dueDate)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(i.amount)}<LateFeeLine instalment={i} /></Table.Td>
                  <Table.Td><StateBadge state={i.state} /></Table.Td>
                  <Table.Td>
                    {i.payment && (
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{i.payment.receiptNo}</Text>
                        <ReceiptButton payment={i.payment} />
                      </Group>
                    )}
                  </Table.Td>
                  {actions && <Table.Td>{actions(i)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/**
 * Every payment (what was paid: the instalment and its late fee), reversed ones struck through with the reason. A receipt already downloadable from
 * its instalment's line (`onInstalment`) gets no second, identical button here.
 */
export function FeePayments({ payments, onInstalment = new Set() }: { payments: StudentFees['payments']; onInstalment?: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="fee-payments">
      <Title order={2} size="h5" id="fee-payments" mb="xs">
        {t('fees.common.view.payments')}
      </Title>
      <Stack gap="xs">
        {payments.map((p) => (
          <Group key={p.paymentId} justify="space-between" wrap="wrap" gap="xs" data-testid="payment">
            <Stack gap={0} style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
              <Text fw={600} td={p.reversed ? 'line-through' : undefined}>
                {t('fees.common.money.receiptNo')} {p.receiptNo} · {formatRupees(p.amount + p.lateFee)}
              </Text>
              {p.lateFee > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('fees.common.money.withLateFee', { amount: formatRupees(p.amount), lateFee: formatRupees(p.lateFee) })}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {date(p.paidOn)} · {t(`fees.common.modes.${p.mode}`)}
                {p.reference ? ` · ${p.reference}` : ''} · {t('fees.common.money.instalment', { seq: p.seq })}
              </Text>
              {p.reversed && (
                <Text size="sm" c="red.8">
                  {t('fees.common.money.reversed')}: {p.reversed.reason}
                </Text>
              )}
            </Stack>
            {onInstalment.has(p.paymentId) ? null : <ReceiptButton payment={p} />}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
