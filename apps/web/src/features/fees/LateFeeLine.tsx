import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRupees, type Instalment } from '@shala/contract';

/** Under the amount, on its right; a long reason wraps rather than widening a table's column. */
const UNDER_AMOUNT = { ta: 'right', maw: '12rem', ml: 'auto', style: { overflowWrap: 'anywhere' } } as const;

/**
 * An instalment's late fee, as a line of its own under its amount: charged (due with the
 * instalment), waived (with the principal's reason) or paid (on the instalment's payment).
 * Nothing when there is none. `inline`: in running text (a dialog), not under an amount.
 */
export function LateFeeLine({ instalment: i, inline = false }: { instalment: Instalment; inline?: boolean }) {
  const { t } = useTranslation();
  const PLACE = inline ? {} : UNDER_AMOUNT;
  const paid = i.payment?.lateFee ?? 0;
  if (i.lateFee > 0) {
    return (
      <Text size="sm" c="red.8" data-testid="late-fee" {...PLACE}>
        {t('fees.late.line.charged', { amount: formatRupees(i.lateFee) })}
      </Text>
    );
  }
  if (paid > 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="late-fee" {...PLACE}>
        {t('fees.late.line.paid', { amount: formatRupees(paid) })}
      </Text>
    );
  }
  if (i.lateFeeWaived) {
    return (
      <Text size="sm" c="dimmed" data-testid="late-fee" {...PLACE}>
        {t('fees.late.line.waived', { amount: formatRupees(i.lateFeeWaived.amount), reason: i.lateFeeWaived.reason })}
      </Text>
    );
  }
  return null;
}
