import { Checkbox, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sessionInput, sessionUpdate, type AcademicSession } from '@shala/contract';
import { useCreateSession, useUpdateSession } from '../../../api/academics-structure';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { createBody, sessionValues, updateBody, type SessionFormValues } from './sessionForm';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';
import { DateField } from '../../../components/DateField';

interface Props {
  /** The session edited, or the suggested values of a new one. */
  target: { mode: 'edit'; session: AcademicSession } | { mode: 'create'; values: SessionFormValues };
  onClose: () => void;
}

/** Add or edit a session: label like 2026-27, start and end dates (no overlap: the server's 409 lands on the dates). */
function SessionForm({ target, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const mode = target.mode;
  const create = useCreateSession();
  const update = useUpdateSession();
  const form = useContractForm<SessionFormValues>(mode === 'create' ? sessionInput : sessionUpdate, {
    initialValues: mode === 'create' ? target.values : sessionValues(target.session),
    prepare: (values) => (mode === 'create' ? createBody(values) : updateBody(values)),
  });

  // The label's pattern error says how to write it (2026-27).
  const labelError = (token: unknown) => errorText(token === 'validation.invalid' ? 'validation.session_label' : token);

  const save = useSubmit({
    form,
    save: (values: SessionFormValues) =>
      mode === 'create' ? create.mutateAsync(createBody(values)) : update.mutateAsync({ sessionId: target.session.sessionId, body: updateBody(values) }),
    saved: (_, values) => t(mode === 'create' ? 'sessions.added' : 'sessions.saved', { label: values.label.trim() }),
    done: onClose,
  });

  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('sessions.formLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('sessions.label')}
          description={t('sessions.labelHint')}
          required
          maxLength={7}
          inputMode="numeric"
          data-autofocus
          {...form.getInputProps('label')}
          error={labelError(form.errors.label)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField label={t('sessions.startDate')} required {...form.getInputProps('startDate')} error={errorText(form.errors.startDate)} />
          <DateField label={t('sessions.endDate')} required {...form.getInputProps('endDate')} error={errorText(form.errors.endDate)} />
        </SimpleGrid>
        {mode === 'create' ? (
          <Checkbox label={t('sessions.isCurrent')} description={t('sessions.isCurrentHint')} {...form.getInputProps('isCurrent', { type: 'checkbox' })} />
        ) : null}
        <ModalFooter failure={save.failure} onCancel={onClose} label={mode === 'create' ? t('sessions.add') : t('common.saveChanges')} pending={save.pending} />
      </Stack>
    </form>
  );
}

export function SessionFormModal({ target, onClose }: { target: Props['target'] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!target}
      onClose={onClose}
      title={target?.mode === 'edit' ? t('sessions.editNamed', { label: target.session.sessionYear }) : t('sessions.add')}
      centered
    >
      {target ? <SessionForm key={target.mode === 'edit' ? target.session.sessionId : 'new'} target={target} onClose={onClose} /> : null}
    </Modal>
  );
}
