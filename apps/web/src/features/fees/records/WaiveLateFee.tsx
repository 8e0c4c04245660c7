import { Alert, Button } from '@mantine/core';
import { IconDiscountOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRupees, waiveLateFeeBody, type Instalment } from '@shala/contract';
import { useWaiveLateFee } from '../../../api/fees-late';
import { ReasonModal } from '../../../components/ReasonModal';

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
  const waive = useWaiveLateFee();
  const amount = formatRupees(instalment.lateFee);
  return (
    <ReasonModal
      title={t('fees.late.waive.title', { seq: instalment.seq })}
      intro={
        <Alert color="orange" variant="light">
          {t('fees.late.waive.warning', { amount, seq: instalment.seq, name: student })}
        </Alert>
      }
      reasonLabel={t('fees.late.waive.reason')}
      reasonHint={t('fees.late.waive.reasonHint')}
      schema={waiveLateFeeBody}
      save={(reason) => waive.mutateAsync({ emiId: instalment.emiId, reason })}
      saved={() => t('fees.late.waive.done', { amount, seq: instalment.seq })}
      submitLabel={t('fees.late.waive.submit')}
      color="orange"
      icon={<IconDiscountOff size={18} aria-hidden />}
      onClose={onClose}
    />
  );
}
