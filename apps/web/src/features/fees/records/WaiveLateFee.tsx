import { Alert, Button, Modal, Stack, Textarea } from '@mantine/core';
import { IconDiscountOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRupees, waiveLateFeeBody, type Instalment } from '@shala/contract';
import { useWaiveLateFee } from '../../../api/fees-late';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';

/**
 * "Waive late fee" beside an instalment that has one (the principal's EMIs screen, which keeps the
 * open dialog above the instalments' table, as it does for paying and reversing). Nothing when the
 * instalment has no late fee to waive.
 */
export function WaiveLateFeeButton({ instalment, onClick }: { instalment: Instalment; onClick: () => void }) {
  const { t } = useTranslation();
  if (instalment.lateFee <= 0) return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="orange"
      leftSection={<IconDiscountOff size={16} aria-hidden />}
      onClick={onClick}
      aria-label={t('fees.late.waive.actionN', { seq: instalment.seq })}
    >
      {t('fees.late.waive.action')}
    </Button>
  );
}

/**
 * Waives the late fee with a reason: for good (kept with who, when and why; in the audit log),
 * shown to the family with the reason.
 */
export function WaiveLateFeeModal({ instalment, student, onClose }: { instalment: Instalment; student: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const waive = useWaiveLateFee();
  const amount = formatRupees(instalment.lateFee);
  const form = useContractForm<{ reason: string }>(waiveLateFeeBody, { initialValues: { reason: '' }, prepare: (v) => ({ reason: v.reason.trim() }) });
  const submit = useSubmit({
    form,
    save: (values: { reason: string }) => waive.mutateAsync({ emiId: instalment.emiId, reason: values.reason.trim() }),
    saved: () => t('fees.late.waive.done', { amount, seq: instalment.seq }),
    done: onClose,
  });
  const title = t('fees.late.waive.title', { seq: instalment.seq });
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form noValidate onSubmit={submit.onSubmit} aria-label={title}>
        <Stack gap="md">
          <Alert color="orange" variant="light">
            {t('fees.late.waive.warning', { amount, seq: instalment.seq, name: student })}
          </Alert>
          <Textarea
            label={t('fees.late.waive.reason')}
            description={t('fees.late.waive.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={200}
            data-autofocus
            {...form.getInputProps('reason')}
            error={errorText(form.errors.reason)}
          />
          <ModalFooter failure={submit.failure} onCancel={onClose} label={t('fees.late.waive.submit')} pending={submit.pending} color="orange" leftSection={<IconDiscountOff size={18} aria-hidden />} />
        </Stack>
      </form>
    </Modal>
  );
}
