import { Modal, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLASS_LIMIT_MAX, classUpdate, type ClassSummary } from '@shala/contract';
import { classApi } from '../../../api/academics-structure';
import { isApiError } from '../../../api/http';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useAcademicNames } from '../names';
import { TeacherSelect } from './TeacherSelect';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';

interface Values {
  classLimit: number | string;
  classTeacherId: string | null;
}

const bodyOf = (v: Values) => ({ classLimit: v.classLimit === '' ? undefined : Number(v.classLimit), classTeacherId: v.classTeacherId || null });

function EditClassForm({ item, onClose, onSaved }: { item: ClassSummary; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const { className } = useAcademicNames();
  const form = useContractForm<Values>(classUpdate, {
    initialValues: { classLimit: item.classLimit, classTeacherId: item.classTeacher?.userId ?? null },
    prepare: bodyOf,
  });
  const save = useSubmit({
    form,
    save: (values: Values) => classApi.update(item.assignClassId, bodyOf(values)),
    saved: (saved) => t('classes.saved', { name: className(saved.masterClass, saved.section) }),
    done: () => {
      onSaved();
      onClose();
    },
    failure: (error, failure) => {
      // Lowering the limit below the students already in the section: say so plainly.
      if (!isApiError(error) || error.reason !== 'class_full') return failure;
      const params = { students: error.params.students ?? item.students };
      form.setFieldError('classLimit', `classes.limitBelowStudents|${JSON.stringify(params)}`);
      return { title: t('classes.limitBelowStudents', params), message: null };
    },
  });
  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('classes.editFormLabel')}>
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
        <ModalFooter failure={save.failure} onCancel={onClose} label={t('common.saveChanges')} pending={save.pending} />
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
