import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRupees, type Instalment } from '@shala/contract';

/**
 * An instalment's late fee, as a line of its own under its amount: charged (due with the
 * instalment), waived (with the principal's reason) or paid (on the instalment's payment).
 * Nothing when there is none.
 */
export function LateFeeLine({ instalment: i }: { instalment: Instalment }) {
  const { t } = useTranslation();
  const paid = i.payment?.lateFee ?? 0;
  if (i.lateFee > 0) {
    return (
      <Text size="sm" c="red.8" data-testid="late-fee">
        {t('fees.late.line.charged', { amount: formatRupees(i.lateFee) })}
      </Text>
    );
  }
  if (paid > 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="late-fee">
        {t('fees.late.line.paid', { amount: formatRupees(paid) })}
      </Text>
    );
  }
  if (i.lateFeeWaived) {
    return (
      <Text size="sm" c="dimmed" data-testid="late-fee" style={{ overflowWrap: 'anywhere' }}>
        {t('fees.late.line.waived', { amount: formatRupees(i.lateFeeWaived.amount), reason: i.lateFeeWaived.reason })}
      </Text>
    );
  }
  return null;
}
