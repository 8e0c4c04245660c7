import { Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { subjectUpdate, type Subject } from '@shala/contract';
import { subjectApi } from '../../../api/academics-structure';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useAcademicNames } from '../names';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';

function EditSubjectForm({ subject, onClose, onSaved }: { subject: Subject; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const { subjectName } = useAcademicNames();
  const form = useContractForm<{ name: string }>(subjectUpdate, {
    initialValues: { name: subject.name },
    prepare: (values) => ({ name: values.name.trim() }),
  });
  const save = useSubmit({
    form,
    save: (values: { name: string }) => subjectApi.update(subject.subjectId, { name: values.name.trim() }),
    saved: (saved) => t('subjects.saved', { name: subjectName(saved) }),
    done: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('subjects.editFormLabel')}>
      <Stack gap="md">
        <TextInput label={t('subjects.nameLabel')} required maxLength={60} data-autofocus {...form.getInputProps('name')} error={errorText(form.errors.name)} />
        <ModalFooter failure={save.failure} onCancel={onClose} label={t('common.saveChanges')} pending={save.pending} />
      </Stack>
    </form>
  );
}

/** Renames a subject (unique in the school in any case: the server's 409 lands on the name). */
export function EditSubjectModal({ subject, onClose, onSaved }: { subject: Subject | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { subjectName } = useAcademicNames();
  return (
    <Modal opened={!!subject} onClose={onClose} title={subject ? t('common.editNamed', { name: subjectName(subject) }) : ''} centered>
      {subject ? <EditSubjectForm key={subject.subjectId} subject={subject} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}
