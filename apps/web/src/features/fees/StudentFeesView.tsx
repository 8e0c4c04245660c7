import type { ReactNode } from 'react';
import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Instalment, StudentFees } from '@shala/contract';
import { FeeBreakdown, FeeInstalments, FeePayments, Figure } from './StudentFeesParts';

export { ReceiptButton, STATE_COLOR } from './StudentFeesParts';

interface Props {
  fees: StudentFees;
  /** Extra buttons per instalment (the EMIs screen: mark paid, reverse). */
  actions?: (instalment: Instalment) => ReactNode;
  /** Shown instead of the plan when the record has none (the EMIs screen: the plan form). */
  noPlan?: ReactNode;
}

/**
 * A student's fees: the figures, the breakdown (class fee parts, tax, fee types), the instalments
 * with their state and receipts, and every payment (reversed ones marked). Tables on a desktop,
 * cards on a phone. Used by the parent's and the student's screens and by the EMIs screen.
 */
export function StudentFeesView({ fees, actions, noPlan }: Props) {
  const { t } = useTranslation();
  const cards = useMediaQuery('(max-width: 600px)', false) ?? false;
  const { record } = fees;
  if (!record) {
    return (
      <Alert color="gray" icon={<IconReceiptOff aria-hidden />} title={t('fees.common.view.noRecordTitle')} data-testid="fees-no-record">
        {t('fees.common.view.noRecord')}
      </Alert>
    );
  }
  return (
    <Stack gap="md" data-testid="student-fees">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('fees.common.money.total')} value={record.total} />
        <Figure label={t('fees.common.money.paid')} value={record.paid} color="teal.8" />
        <Figure label={t('fees.common.money.balance')} value={record.balance} />
        <Figure label={t('fees.common.money.overdue')} value={record.overdue} color={record.overdue > 0 ? 'red.8' : undefined} />
      </SimpleGrid>
      <FeeBreakdown fees={fees} record={record} />
      <FeeInstalments fees={fees} actions={actions} noPlan={noPlan} cards={cards} />
      {fees.payments.length > 0 && <FeePayments payments={fees.payments} onInstalment={new Set(fees.instalments.flatMap((i) => (i.payment ? [i.payment.paymentId] : [])))} />}
    </Stack>
  );
}
