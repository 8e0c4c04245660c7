import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROLE, formatRupees, upiClaimBody, type Instalment, type UpiPay } from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { useClaimUpi, useUpiPay } from '../../../api/fees-upi';
import { RecordState } from '../../../components/ListState';
import { ModalFooter } from '../../../components/ModalFooter';
import { useContractForm } from '../../../lib/contractForm';
import { useSubmit } from '../../../lib/useSubmit';
import { useErrorToken } from '../../../lib/validation';

/**
 * "Pay by UPI" of one unpaid instalment: the QR code any UPI app scans, the amount (with its late
 * fee), the payee and the note naming the instalment, and a button that opens the phone's UPI app
 * with all of it filled in. A parent then says "I have paid" and enters the UPI reference its app
 * shows: the school confirms it against its bank statement (until then the instalment says so).
 * A student sees how to pay and asks its parent to send the reference.
 */
export function UpiPayModal({ instalment, onClose }: { instalment: Instalment; onClose: () => void }) {
  const { t } = useTranslation();
  const pay = useUpiPay(instalment.emiId);
  const [claiming, setClaiming] = useState(false);
  const title = t('feeUpi.pay.title', { seq: instalment.seq });
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <RecordState query={pay}>
        {() =>
          pay.data ? (
            claiming ? (
              <ClaimForm pay={pay.data} onBack={() => setClaiming(false)} onDone={onClose} />
            ) : (
              <PayView pay={pay.data} onPaid={() => setClaiming(true)} />
            )
          ) : null
        }
      </RecordState>
    </Modal>
  );
}

function PayView({ pay, onPaid }: { pay: UpiPay; onPaid: () => void }) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const amount = formatRupees(pay.amount);
  return (
    <Stack gap="sm" align="stretch" data-testid="upi-pay">
      <Box mx="auto" p={4} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}>
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pay.svg)}`}
          alt={t('feeUpi.pay.qrAlt', { amount, name: pay.payee.name })}
          w={208}
          h={208}
          data-testid="upi-qr"
        />
      </Box>
      <Text ta="center" fw={700} size="xl" data-testid="upi-amount">
        {amount}
      </Text>
      {pay.lateFee > 0 ? (
        <Text ta="center" size="sm">
          {t('feeUpi.pay.withLateFee', { amount: formatRupees(pay.lateFee) })}
        </Text>
      ) : null}
      <Stack gap={2} align="center">
        <Text ta="center" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('feeUpi.pay.to', { name: pay.payee.name })}
        </Text>
        <Text ta="center" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="upi-vpa">
          {pay.payee.vpa}
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          {t('feeUpi.pay.note', { reference: pay.reference })}
        </Text>
      </Stack>
      <Text size="sm">{t('feeUpi.pay.howTo')}</Text>
      <Button component="a" href={pay.link} leftSection={<IconExternalLink size={18} aria-hidden />} variant="light" fullWidth>
        {t('feeUpi.pay.openApp')}
      </Button>
      {pay.claim ? (
        <Alert color="orange" icon={<IconInfoCircle aria-hidden />} title={t('feeUpi.pending.title')}>
          {t('feeUpi.pending.text', { reference: pay.claim.reference })}
        </Alert>
      ) : role === ROLE.PARENT ? (
        <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={onPaid} fullWidth>
          {t('feeUpi.pay.paid')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('feeUpi.pay.studentHint')}
        </Text>
      )}
    </Stack>
  );
}

interface ClaimValues {
  reference: string;
}

/** The parent's UPI reference (UTR) of the payment it made: sent to the school, pending until confirmed. */
function ClaimForm({ pay, onBack, onDone }: { pay: UpiPay; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const claim = useClaimUpi();
  const form = useContractForm<ClaimValues>(upiClaimBody, { initialValues: { reference: '' }, prepare: (v) => ({ reference: v.reference.replace(/\s+/g, '') }) });
  const submit = useSubmit({
    form,
    save: (values: ClaimValues) => claim.mutateAsync({ emiId: pay.emiId, reference: values.reference.replace(/\s+/g, '') }),
    saved: () => t('feeUpi.claim.sent'),
    done: onDone,
  });
  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('feeUpi.claim.title')}>
      <Stack gap="md">
        <Text size="sm">{t('feeUpi.claim.intro', { amount: formatRupees(pay.amount), name: pay.payee.name })}</Text>
        <TextInput
          label={t('feeUpi.claim.reference')}
          description={t('feeUpi.claim.referenceHint')}
          required
          data-autofocus
          autoComplete="off"
          inputMode="text"
          maxLength={40}
          {...form.getInputProps('reference')}
          error={errorText(form.errors.reference)}
        />
        <Group>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t('feeUpi.claim.back')}
            </Group>
          </Anchor>
        </Group>
        <ModalFooter failure={submit.failure} label={t('feeUpi.claim.submit')} pending={submit.pending} leftSection={<IconCheck size={18} aria-hidden />} />
      </Stack>
    </form>
  );
}
