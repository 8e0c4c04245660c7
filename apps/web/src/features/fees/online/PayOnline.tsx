import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRupees, type Instalment, type PayOrder, type PayResult, type StudentFees } from '@shala/contract';
import { useOpenOrder, useVerifyPayment } from '../../../api/fees-online';
import { notifyError } from '../../../lib/notify';
import { useFeeDate } from '../feeDate';
import { ReceiptButton } from '../StudentFeesParts';

/**
 * "Pay now" (issue 25) on a child's fees, for the parent and the student: the unpaid instalments
 * with the overdue ones and the next due ticked, their sum with late fees, then Razorpay Checkout
 * (UPI, cards, net banking) for an order Shala opened for exactly those. Checkout's return goes to
 * the server, which checks its signature and asks the gateway; the answer is the receipts, or, when
 * the money no longer matched a due, that the school will refund it. A demo school's button
 * explains that nothing real is behind it.
 */

interface CheckoutResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', handler: () => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckout;

/** Loads Checkout's script once (its URL comes with the order: the server's configuration). */
function loadCheckout(url: string): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('checkout'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('checkout'));
    };
    document.head.appendChild(script);
  });
}

/** The instalments ticked at first: the overdue ones and the next one due. */
function firstChoice(unpaid: Instalment[]): Set<string> {
  const overdue = unpaid.filter((i) => i.state === 'overdue').map((i) => i.emiId);
  const next = unpaid.find((i) => i.state === 'due');
  return new Set(overdue.length ? overdue : next ? [next.emiId] : []);
}

export function PayOnline({ fees }: { fees: StudentFees }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  const unpaid = fees.instalments.filter((i) => i.state !== 'paid' && !i.upiClaim);
  const [chosen, setChosen] = useState<Set<string>>(() => firstChoice(unpaid));
  const [demo, setDemo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PayResult | null>(null);
  const openOrder = useOpenOrder();
  const verify = useVerifyPayment();
  if (!fees.payOptions.online || !fees.record || (unpaid.length === 0 && !result)) return null;

  const picked = unpaid.filter((i) => chosen.has(i.emiId));
  const total = picked.reduce((sum, i) => sum + i.amount + i.lateFee, 0);
  const toggle = (emiId: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(emiId)) next.delete(emiId);
      else next.add(emiId);
      return next;
    });

  const checkout = (order: PayOrder, Razorpay: RazorpayConstructor) =>
    new Promise<CheckoutResponse | null>((resolve) => {
      const rzp = new Razorpay({
        key: order.keyId,
        amount: order.amount,
        currency: order.currency,
        name: order.schoolName,
        description: order.description,
        order_id: order.gatewayOrderId,
        prefill: { name: order.student.fullName },
        notes: { shala_order: order.orderId },
        handler: (response: CheckoutResponse) => resolve(response),
        modal: { ondismiss: () => resolve(null) },
      });
      rzp.open();
    });

  const pay = async () => {
    if (fees.payOptions.online === 'demo') {
      setDemo(true);
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const order = await openOrder.mutateAsync({ emiIds: picked.map((i) => i.emiId) });
      const Razorpay = await loadCheckout(order.checkoutUrl).catch(() => {
        throw new Error(t('fees.online.checkoutMissing'));
      });
      const response = await checkout(order, Razorpay);
      if (response) setResult(await verify.mutateAsync({ orderId: order.orderId, ...response }));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="pay-online">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('fees.online.title')}
        </Title>
        {result ? <Outcome result={result} /> : null}
        {unpaid.length > 0 ? (
          <>
            <Stack gap={6} role="group" aria-label={t('fees.online.choose')}>
              {unpaid.map((i) => (
                <Checkbox
                  key={i.emiId}
                  checked={chosen.has(i.emiId)}
                  onChange={() => toggle(i.emiId)}
                  label={
                    i.lateFee > 0
                      ? t('fees.online.lineLate', { seq: i.seq, amount: formatRupees(i.amount), late: formatRupees(i.lateFee), date: date(i.dueDate) })
                      : t('fees.online.line', { seq: i.seq, amount: formatRupees(i.amount), date: date(i.dueDate) })
                  }
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
              ))}
            </Stack>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {t('fees.online.how')}
              </Text>
              <Button leftSection={<IconCreditCard size={18} aria-hidden />} disabled={picked.length === 0} loading={busy} onClick={() => void pay()} data-testid="pay-now">
                {t('fees.online.payNow', { amount: formatRupees(total) })}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
      <Modal opened={demo} onClose={() => setDemo(false)} title={t('fees.online.demoTitle')}>
        <Stack gap="md">
          <Text>{t('fees.online.demoText')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setDemo(false)}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** What came of a payment: receipts to download, money to be refunded, or still waiting for the gateway. */
function Outcome({ result }: { result: PayResult }) {
  const { t } = useTranslation();
  if (result.status === 'paid') {
    return (
      <Alert color="teal" title={t('fees.online.paidTitle')} data-testid="pay-result">
        <Stack gap="xs">
          <Text size="sm">{t(result.receipts.length === 1 ? 'fees.online.paidOne' : 'fees.online.paidMany', { count: result.receipts.length, amount: formatRupees(result.amount) })}</Text>
          <Group gap="xs">
            {result.receipts.map((r) => (
              <Group key={r.paymentId} gap={4}>
                <Text size="sm">{t('fees.online.receiptNo', { no: r.receiptNo })}</Text>
                <ReceiptButton payment={{ paymentId: r.paymentId, receiptNo: r.receiptNo }} />
              </Group>
            ))}
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (result.status === 'unmatched' || result.status === 'refunded') {
    return (
      <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} title={t('fees.online.unmatchedTitle')} data-testid="pay-result">
        {t('fees.online.unmatchedText', { amount: formatRupees(result.amount) })}
      </Alert>
    );
  }
  return (
    <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title={t('fees.online.pendingTitle')} data-testid="pay-result">
      {t('fees.online.pendingText')}
    </Alert>
  );
}
