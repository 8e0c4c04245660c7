import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRupees, type ClassFee, type FeeRecordRow, type FeeType } from '@shala/contract';
import { useUpdateFeeRecord } from '../../../api/fees-records';
import { ModalFooter } from '../../../components/ModalFooter';
import { useSubmit } from '../../../lib/useSubmit';
import { FeeTypePicker, PreviewTable, adjustmentTypes } from './parts';

/**
 * Changes a record's fee types (only while it has no plan): the active types, plus those the
 * record already carries, with the new total previewed on the class fee as it is now (the server
 * computes the same again).
 */
export function EditRecordModal({ row, classFee, activeTypes, onClose }: { row: FeeRecordRow; classFee: ClassFee | null; activeTypes: readonly FeeType[]; onClose: () => void }) {
  const { t } = useTranslation();
  const record = row.record!;
  const [typeIds, setTypeIds] = useState(record.adjustments.map((a) => a.feeTypeId));
  const update = useUpdateFeeRecord();
  const own = adjustmentTypes(record.adjustments);
  const offered = [...own, ...activeTypes.filter((a) => !own.some((o) => o.feeTypeId === a.feeTypeId))];
  const chosen = typeIds.map((id) => offered.find((o) => o.feeTypeId === id)).filter((o) => !!o);
  const save = useSubmit({
    save: (ids: string[]) => update.mutateAsync({ feeRecordId: record.feeRecordId, feeTypeIds: ids }),
    saved: (saved) => t('fees.records.updated', { name: row.student.fullName, total: formatRupees(saved.total) }),
    done: onClose,
    failTitle: t('fees.records.updateFailed'),
  });
  return (
    <Modal opened onClose={onClose} title={t('fees.records.editTitle', { name: row.student.fullName })} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('fees.records.editHint')}
        </Text>
        <FeeTypePicker types={offered} value={typeIds} onChange={setTypeIds} loading={false} />
        <PreviewTable classFee={classFee?.total ?? record.classFee} types={chosen} label={t('fees.records.previewLabel')} />
        <ModalFooter failure={save.failure} onCancel={onClose} label={t('common.saveChanges')} onConfirm={() => void save.run(typeIds)} pending={save.pending} />
      </Stack>
    </Modal>
  );
}
