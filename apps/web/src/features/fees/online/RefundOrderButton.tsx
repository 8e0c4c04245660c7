import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '@shala/contract';
import { useRefundOrder } from '../../../api/fees-online';
import { notifyError, notifySaved } from '../../../lib/notify';

/**
 * Refund an online payment that matched no due (issue 25), from the day's settlement: the whole
 * amount goes back to the payer through the gateway, once (the server's idempotency key is the
 * order's id).
 */
export function RefundOrderButton({ orderId, amount }: { orderId: string; amount: number }) {
  const { t } = useTranslation();
  const refund = useRefundOrder();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('fees.online.refundTitle'),
      children: <Text size="sm">{t('fees.online.refundText', { amount: formatRupees(amount) })}</Text>,
      labels: { confirm: t('fees.online.refund'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        refund.mutate(orderId, {
          onSuccess: () => notifySaved(t('fees.online.refunded', { amount: formatRupees(amount) })),
          onError: (err) => notifyError(err),
        }),
    });
  return (
    <Button size="xs" variant="light" color="red" leftSection={<IconArrowBackUp size={14} aria-hidden />} loading={refund.isPending} onClick={confirm}>
      {t('fees.online.refund')}
    </Button>
  );
}
