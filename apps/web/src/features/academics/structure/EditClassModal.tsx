import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLASS_LIMIT_MAX, classUpdate, type ClassSummary } from '@shala/contract';
import { classApi } from '../../../api/academics-structure';
import { isApiError } from '../../../api/http';
import { useContractForm, type SaveFailure } from '../../../lib/contractForm';
import { focusFirstError, useErrorToken } from '../../../lib/validation';
import { useAcademicNames } from '../names';
import { TeacherSelect } from './TeacherSelect';
import { notifySaved } from '../../../lib/notify';

interface Values {
  classLimit: number | string;
  classTeacherId: string | null;
}

const bodyOf = (v: Values) => ({ classLimit: v.classLimit === '' ? undefined : Number(v.classLimit), classTeacherId: v.classTeacherId || null });

function EditClassForm({ item, onClose, onSaved }: { item: ClassSummary; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const { className } = useAcademicNames();
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const form = useContractForm<Values>(classUpdate, {
    initialValues: { classLimit: item.classLimit, classTeacherId: item.classTeacher?.userId ?? null },
    prepare: bodyOf,
  });
  const save = useMutation({
    mutationFn: (values: Values) => classApi.update(item.assignClassId, bodyOf(values)),
    onSuccess: (saved) => {
      notifySaved(t('classes.saved', { name: className(saved.masterClass, saved.section) }));
      onSaved();
      onClose();
    },
    onError: (error) => {
      const next = form.applyServerError(error, t);
      // Lowering the limit below the students already in the section: say so plainly.
      if (isApiError(error) && error.reason === 'class_full') {
        const params = { students: error.params.students ?? item.students };
        form.setFieldError('classLimit', `classes.limitBelowStudents|${JSON.stringify(params)}`);
        setFailure({ title: t('classes.limitBelowStudents', params), message: null });
      } else setFailure(next);
    },
  });
  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(values);
    },
    () => focusFirstError(),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t('classes.editFormLabel')}>
      <Stack gap="md">
        <NumberInput
          label={t('classes.classLimit')}
          description={t('classes.limitHint', { students: item.students })}
          required
          min={1}
          max={CLASS_LIMIT_MAX}
          allowDecimal={false}
          allowNegative={false}
          data-autofocus
          {...form.getInputProps('classLimit')}
          error={errorText(form.errors.classLimit)}
        />
        <TeacherSelect
          label={t('classes.classTeacher')}
          value={form.values.classTeacherId}
          current={item.classTeacher}
          onChange={(id) => form.setFieldValue('classTeacherId', id)}
          error={errorText(form.errors.classTeacherId)}
        />
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

/** Edits a section's class limit (not below its students: the server's 409 lands on it) and class teacher. */
export function EditClassModal({ item, onClose, onSaved }: { item: ClassSummary | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  return (
    <Modal opened={!!item} onClose={onClose} title={item ? t('common.editNamed', { name: className(item.masterClass, item.section) }) : ''} centered>
      {item ? <EditClassForm key={item.assignClassId} item={item} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}
