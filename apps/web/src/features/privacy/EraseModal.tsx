import { useState } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentRow } from '@shala/contract';
import { apiErrorText } from '../../api/errors';
import { useEraseStudent } from '../../api/privacy';
import { namesMatch } from './format';
import { notifySaved } from '../../lib/notify';
import { ModalFooter } from '../../components/ModalFooter';

/**
 * Erasing a former student: what goes and what stays (and what the school keeps by law, and why),
 * then the student's name typed to confirm (the button stays off until it matches; the server
 * checks it again). Irreversible.
 */
export function EraseModal({ student, onClose }: { student: ConsentRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const erase = useEraseStudent();
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    erase.reset();
    onClose();
  };
  const matches = !!student && namesMatch(typed, student.fullName);
  const submit = () => {
    if (!student || !matches) return;
    erase.mutate(
      { studentId: student.studentId, confirmName: typed },
      {
        onSuccess: (result) => {
          notifySaved(t(result.parentErased ? 'privacy.erase.doneWithParent' : 'privacy.erase.done', { name: student.fullName }));
          close();
        },
      },
    );
  };
  return (
    <Modal opened={!!student} onClose={close} title={t('privacy.erase.title')} centered size="lg">
      {student ? (
        <Stack gap="sm">
          <Text size="sm">{t('privacy.erase.intro', { name: student.fullName })}</Text>
          <Text size="sm">{t('privacy.erase.goes')}</Text>
          <Text size="sm">{t('privacy.erase.stays')}</Text>
          <Text size="sm" data-testid="erase-kept-by-law">
            {t('privacy.erase.keptByLaw')}
          </Text>
          <Text size="sm" fw={600} c="red.8">
            {t('privacy.erase.irreversible')}
          </Text>
          <TextInput
            label={t('privacy.erase.typeName', { name: student.fullName })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            error={erase.isError ? apiErrorText(erase.error, t) : undefined}
          />
          <ModalFooter onCancel={close} label={t('privacy.erase.confirm')} color="red" onConfirm={submit} disabled={!matches} pending={erase.isPending} />
        </Stack>
      ) : null}
    </Modal>
  );
}
