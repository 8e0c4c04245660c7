import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { formatRupees, type ClassFee, type FeeRecordRow, type FeeType } from '@shala/contract';
import { useUpdateFeeRecord } from '../../../api/fees-records';
import { apiErrorText } from '../../../api/errors';
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
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateFeeRecord();
  const own = adjustmentTypes(record.adjustments);
  const offered = [...own, ...activeTypes.filter((a) => !own.some((o) => o.feeTypeId === a.feeTypeId))];
  const chosen = typeIds.map((id) => offered.find((o) => o.feeTypeId === id)).filter((o) => !!o);
  const save = () => {
    setFailure(null);
    update.mutate(
      { feeRecordId: record.feeRecordId, feeTypeIds: typeIds },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('fees.records.updated', { name: row.student.fullName, total: formatRupees(saved.total) }) });
          onClose();
        },
        onError: (error) => setFailure(apiErrorText(error, t)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('fees.records.editTitle', { name: row.student.fullName })} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('fees.records.editHint')}
        </Text>
        <FeeTypePicker types={offered} value={typeIds} onChange={setTypeIds} loading={false} />
        <PreviewTable classFee={classFee?.total ?? record.classFee} types={chosen} label={t('fees.records.previewLabel')} />
        {failure ? (
          <Alert color="red" role="alert" title={t('fees.records.updateFailed')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('common.saveChanges')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
