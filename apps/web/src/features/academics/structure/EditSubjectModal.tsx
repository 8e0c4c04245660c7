import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subjectUpdate, type Subject } from '@shala/contract';
import { subjectApi } from '../../../api/academics-structure';
import { useContractForm, type SaveFailure } from '../../../lib/contractForm';
import { focusFirstError, useErrorToken } from '../../../lib/validation';
import { useAcademicNames } from '../names';
import { notifySaved } from '../../../lib/notify';

function EditSubjectForm({ subject, onClose, onSaved }: { subject: Subject; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const { subjectName } = useAcademicNames();
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const form = useContractForm<{ name: string }>(subjectUpdate, {
    initialValues: { name: subject.name },
    prepare: (values) => ({ name: values.name.trim() }),
  });
  const save = useMutation({
    mutationFn: (name: string) => subjectApi.update(subject.subjectId, { name }),
    onSuccess: (saved) => {
      notifySaved(t('subjects.saved', { name: subjectName(saved) }));
      onSaved();
      onClose();
    },
    onError: (error) => setFailure(form.applyServerError(error, t)),
  });
  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(values.name.trim());
    },
    () => focusFirstError(),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t('subjects.editFormLabel')}>
      <Stack gap="md">
        <TextInput label={t('subjects.nameLabel')} required maxLength={60} data-autofocus {...form.getInputProps('name')} error={errorText(form.errors.name)} />
        {failure ? (
          <Alert color="red" role="alert" title={failure.title}>
            {failure.message ?? t('common.checkForm')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.saveChanges')}
          </Button>
        </Group>
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
