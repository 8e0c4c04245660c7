import { Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRupees, upiConfirmBody, upiRejectBody, type UpiClaim } from '@shala/contract';
import { useConfirmUpiClaim, useRejectUpiClaim } from '../../../api/fees-upi';
import { isApiError } from '../../../api/http';
import { DateField } from '../../../components/DateField';
import { ModalFooter } from '../../../components/ModalFooter';
import { ReasonModal } from '../../../components/ReasonModal';
import { useContractForm } from '../../../lib/contractForm';
import { useSubmit } from '../../../lib/useSubmit';
import { useErrorToken } from '../../../lib/validation';

/** Who, which instalment, how much, which reference: the line both decisions show. */
function ClaimSummary({ claim }: { claim: UpiClaim }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {t('feeUpi.claims.summary', { name: claim.student.fullName, seq: claim.seq, amount: formatRupees(claim.amount), reference: claim.reference })}
    </Text>
  );
}

interface ConfirmValues {
  paidOn: string;
}

/**
 * Confirms a claim found in the bank statement: the payment with its receipt number, dated the day
 * the money came in (empty: the school's today; never after it). The instalment paid since the
 * parent sent the reference (at the counter, online), or its reference paid something else already:
 * the refusal says to reject the claim.
 */
export function ConfirmClaimModal({ claim, onClose }: { claim: UpiClaim; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const confirm = useConfirmUpiClaim();
  const prepare = (v: ConfirmValues) => ({ paidOn: v.paidOn || undefined });
  const form = useContractForm<ConfirmValues>(upiConfirmBody, { initialValues: { paidOn: '' }, prepare });
  const submit = useSubmit({
    form,
    save: (values: ConfirmValues) => confirm.mutateAsync({ claimId: claim.claimId, ...prepare(values) }),
    saved: ({ payment }) => t('feeUpi.claims.confirmed', { no: payment.receiptNo, name: claim.student.fullName }),
    savedToast: () => ({ check: true }),
    done: onClose,
    failure: (error, failure) => {
      if (!isApiError(error)) return failure;
      if (error.reason === 'emi_paid') return { title: t('feeUpi.claims.paidSinceTitle', { seq: claim.seq }), message: t('feeUpi.claims.paidSince') };
      // The reference pays something else of the school already (a repeat): not a field of this form.
      if (error.reason === 'upi_reference_used') return { title: t('feeUpi.claims.usedTitle'), message: t('feeUpi.claims.used') };
      return failure;
    },
  });
  const title = t('feeUpi.claims.confirmTitle');
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form noValidate onSubmit={submit.onSubmit} aria-label={title}>
        <Stack gap="md">
          <ClaimSummary claim={claim} />
          <Text size="sm">{t('feeUpi.claims.confirmText')}</Text>
          <DateField label={t('feeUpi.claims.paidOn')} description={t('feeUpi.claims.paidOnHint')} {...form.getInputProps('paidOn')} error={errorText(form.errors.paidOn)} />
          <ModalFooter failure={submit.failure} onCancel={onClose} label={t('feeUpi.claims.confirm')} pending={submit.pending} leftSection={<IconCheck size={18} aria-hidden />} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Rejects a claim not found in the bank statement, with the reason the parent is told. */
export function RejectClaimModal({ claim, onClose }: { claim: UpiClaim; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectUpiClaim();
  return (
    <ReasonModal
      title={t('feeUpi.claims.rejectTitle')}
      intro={<ClaimSummary claim={claim} />}
      reasonLabel={t('feeUpi.claims.reason')}
      reasonHint={t('feeUpi.claims.reasonHint')}
      schema={upiRejectBody}
      save={(reason) => reject.mutateAsync({ claimId: claim.claimId, reason })}
      saved={() => t('feeUpi.claims.rejected', { name: claim.student.fullName })}
      submitLabel={t('feeUpi.claims.reject')}
      color="red"
      icon={<IconX size={18} aria-hidden />}
      onClose={onClose}
    />
  );
}
