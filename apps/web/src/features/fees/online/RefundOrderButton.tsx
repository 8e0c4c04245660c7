import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@shala/contract';
import { useRefundOrder } from '../../../api/fees-online';
import { toastOutcome } from '../../../lib/notify';
import { confirmAction } from '../../../lib/confirm';

/**
 * Refund an online payment that matched no due (issue 25), from the day's settlement: the whole
 * amount goes back to the payer through the gateway, once (the server's idempotency key is the
 * order's id).
 */
export function RefundOrderButton({ orderId, amount }: { orderId: string; amount: number }) {
  const { t } = useTranslation();
  const refund = useRefundOrder();
  const confirm = () =>
    confirmAction({
      title: t('fees.online.refundTitle'),
      text: t('fees.online.refundText', { amount: formatRupees(amount) }),
      confirm: t('fees.online.refund'),
      color: 'red',
      onConfirm: () => refund.mutate(orderId, toastOutcome(t('fees.online.refunded', { amount: formatRupees(amount) }))),
    });
  return (
    <Button size="xs" variant="light" color="red" leftSection={<IconArrowBackUp size={14} aria-hidden />} loading={refund.isPending} onClick={confirm}>
      {t('fees.online.refund')}
    </Button>
  );
}
