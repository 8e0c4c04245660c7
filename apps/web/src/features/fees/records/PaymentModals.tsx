import { useState } from 'react';
import { Alert, Checkbox, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_MODES, formatRupees, markPaidBody, reverseBody, type Instalment } from '@shala/contract';
import { useMarkPaid, useReverseEmi } from '../../../api/fees-records';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useFeeDate } from '../feeDate';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';
import { ReasonModal } from '../../../components/ReasonModal';
import { DateField } from '../../../components/DateField';
import { MoneyInput } from '../../../components/MoneyInput';
import { LateFeeLine } from '../LateFeeLine';

interface PayValues {
  mode: (typeof PAYMENT_MODES)[number];
  reference: string;
  paidOn: string;
}

const payBody = (v: PayValues) => ({ mode: v.mode, reference: v.reference.trim() || undefined, paidOn: v.paidOn || undefined });

/**
 * Marks an instalment paid: the mode (cash, UPI, cheque, bank transfer), a reference (UPI
 * transaction, cheque number) and the day the money came in (the school's today by default, never
 * after it). The answer names the receipt number; marking a paid instalment again names the
 * receipt it already has.
 */
export function MarkPaidModal({ instalment, student, today, onClose }: { instalment: Instalment; student: string; today: string; onClose: () => void }) {
  const { t } = useTranslation();
  const date = useFeeDate();
  const errorText = useErrorToken();
  const pay = useMarkPaid();
  const form = useContractForm<PayValues>(markPaidBody, { initialValues: { mode: 'cash', reference: '', paidOn: today }, prepare: payBody });
  const submit = useSubmit({
    form,
    save: (values: PayValues) => pay.mutateAsync({ emiId: instalment.emiId, body: payBody(values) }),
    saved: ({ payment, created }) =>
      created ? t('fees.records.pay.done', { no: payment.receiptNo, amount: formatRupees(payment.amount + payment.lateFee), name: student }) : t('fees.records.pay.already', { no: payment.receiptNo }),
    savedToast: ({ created }) => ({ check: true, color: created ? 'green' : 'blue' }),
    done: onClose,
  });
  return (
    <Modal opened onClose={onClose} title={t('fees.records.pay.title', { seq: instalment.seq })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form noValidate onSubmit={submit.onSubmit} aria-label={t('fees.records.pay.title', { seq: instalment.seq })}>
        <Stack gap="md">
          <Text size="sm">
            {t('fees.records.pay.summary', { name: student, amount: formatRupees(instalment.amount), date: date(instalment.dueDate) })}
          </Text>
          <LateFeeLine instalment={instalment} inline />
          <Select
            label={t('fees.common.money.mode')}
            data={PAYMENT_MODES.map((m) => ({ value: m, label: t(`fees.common.modes.${m}`) }))}
            allowDeselect={false}
            required
            data-autofocus
            {...form.getInputProps('mode')}
            error={errorText(form.errors.mode)}
          />
          <TextInput
            label={t('fees.common.money.reference')}
            description={t(`fees.records.pay.referenceHint.${form.values.mode}`)}
            maxLength={60}
            {...form.getInputProps('reference')}
            error={errorText(form.errors.reference)}
          />
          <DateField
            label={t('fees.common.money.paidOn')}
            max={today}
            required
            {...form.getInputProps('paidOn')}
            error={errorText(form.errors.paidOn)}
          />
          <ModalFooter failure={submit.failure} onCancel={onClose} label={t('fees.records.pay.submit', { amount: formatRupees(instalment.amount + instalment.lateFee) })} pending={submit.pending} leftSection={<IconCheck size={18} aria-hidden />} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Reverses a paid instalment's payment, with a reason (a bounced cheque, a payment entered twice):
 * the receipt keeps its number, marked reversed, and the instalment is due again. A payment made
 * online is refunded to the payer through the gateway with it (whole by default, or in part).
 */
export function ReverseModal({ instalment, onClose }: { instalment: Instalment; onClose: () => void }) {
  const { t } = useTranslation();
  const reverse = useReverseEmi();
  const payment = instalment.payment!;
  const online = payment.mode === 'online';
  const whole = payment.amount + payment.lateFee;
  const [refund, setRefund] = useState(online);
  const [refundAmount, setRefundAmount] = useState<number | null>(whole);
  return (
    <ReasonModal
      title={t('fees.records.reverse.title', { no: payment.receiptNo })}
      intro={
        <Alert color="orange" variant="light">
          {t('fees.records.reverse.warning', { no: payment.receiptNo, amount: formatRupees(payment.amount), seq: instalment.seq })}
        </Alert>
      }
      reasonLabel={t('fees.records.reverse.reason')}
      reasonHint={t('fees.records.reverse.reasonHint')}
      schema={reverseBody}
      save={(reason) =>
        reverse.mutateAsync({ emiId: instalment.emiId, reason, ...(online && refund ? { refund: refundAmount && refundAmount < whole ? { amount: refundAmount } : {} } : {}) })
      }
      saved={() => t('fees.records.reverse.done', { no: payment.receiptNo })}
      submitLabel={t('fees.records.reverse.submit')}
      color="red"
      icon={<IconArrowBackUp size={18} aria-hidden />}
      onClose={onClose}
    >
      {online ? (
        <Stack gap="xs" data-testid="reverse-refund">
          <Checkbox checked={refund} onChange={(e) => setRefund(e.currentTarget.checked)} label={t('fees.records.reverse.refund')} description={t('fees.records.reverse.refundHint')} />
          {refund ? <MoneyInput label={t('fees.records.reverse.refundAmount')} value={refundAmount} onChange={setRefundAmount} min={1} max={whole} required /> : null}
        </Stack>
      ) : null}
    </ReasonModal>
  );
}
