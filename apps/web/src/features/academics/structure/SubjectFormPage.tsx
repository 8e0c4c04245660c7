import { useRef, useState } from 'react';
import { Button, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { subjectInput } from '@shala/contract';
import { structureKeys, subjectApi, useSubjectList } from '../../../api/academics-structure';
import { FormFooter } from '../../../components/FormFooter';
import { PageHeading } from '../../../components/PageHeading';
import { useContractForm, type SaveFailure } from '../../../lib/contractForm';
import { focusFirstError, useErrorToken } from '../../../lib/validation';
import type { ScreenProps } from '../../../app/screen';
import { useAcademicNames } from '../names';
import { EMPTY_SUBJECT, masterOptions, subjectBody, takenOf, type SubjectFormValues } from './subjectForm';
import { notifyFailure, notifySaved } from '../../../lib/notify';
import { isHindi } from '../../../lib/format';

/** The most subjects a school reads at once to mark the master list (the server's 409 covers the rest). */
const TAKEN_PAGE = 100;

/** Add a subject: from the master list (names in the reader's language) or by a name of the school's own. */
export default function SubjectFormPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { subjectName } = useAcademicNames();
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const another = useRef(false);
  const existing = useSubjectList({ page: 1, pageSize: TAKEN_PAGE, status: 'all' });
  const options = masterOptions(takenOf(existing.data?.items ?? []), isHindi(i18n.language), t('subjects.alreadyAdded'));

  const form = useContractForm<SubjectFormValues>(subjectInput, { initialValues: EMPTY_SUBJECT, prepare: subjectBody });

  const save = useMutation({
    mutationFn: (values: SubjectFormValues) => subjectApi.create(subjectBody(values)),
    onSuccess: (subject) => {
      void queryClient.invalidateQueries({ queryKey: structureKeys.subjects });
      notifySaved(t('subjects.added', { name: subjectName(subject) }));
      if (another.current) {
        form.setValues({ ...EMPTY_SUBJECT, mode: form.values.mode });
        form.resetDirty();
      } else navigate('/viewsubject');
    },
    onError: (error) => {
      const next = form.applyServerError(error, t);
      setFailure(next);
      notifyFailure(next.title, next.message ?? t('common.checkForm'));
    },
  });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(values);
    },
    () => {
      setFailure({ title: t('common.checkForm'), message: null });
      focusFirstError();
    },
  );

  const nameError = errorText(form.errors.name);

  return (
    <>
      <PageHeading title={t(route.title)} description={t('subjects.addHint')} />
      <form noValidate onSubmit={submit} aria-label={t('subjects.formLabel')}>
        <Stack gap="lg" maw={640}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <div>
                <Text size="sm" fw={500} mb={4} id="subject-mode-label">
                  {t('subjects.how')}
                </Text>
                <SegmentedControl
                  fullWidth
                  aria-labelledby="subject-mode-label"
                  value={form.values.mode}
                  onChange={(mode) => {
                    form.setFieldValue('mode', mode as SubjectFormValues['mode']);
                    form.clearFieldError('name');
                  }}
                  data={[
                    { value: 'master', label: t('subjects.fromMaster') },
                    { value: 'custom', label: t('subjects.customName') },
                  ]}
                />
              </div>
              {form.values.mode === 'master' ? (
                <Select
                  label={t('subjects.masterLabel')}
                  placeholder={t('subjects.chooseMaster')}
                  description={t('subjects.masterHint')}
                  required
                  searchable
                  data={options}
                  value={form.values.masterCode}
                  onChange={(code) => {
                    form.setFieldValue('masterCode', code);
                    form.clearFieldError('name');
                  }}
                  nothingFoundMessage={t('address.nothingFound')}
                  error={nameError}
                  maxDropdownHeight={280}
                  comboboxProps={{ withinPortal: true }}
                />
              ) : (
                <TextInput
                  label={t('subjects.nameLabel')}
                  description={t('subjects.customHint')}
                  required
                  maxLength={60}
                  value={form.values.name}
                  onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
                  onBlur={() => form.validateField('name')}
                  error={nameError}
                />
              )}
            </Stack>
          </Paper>
          <FormFooter failure={failure} cancelTo="/viewsubject">
            <Button
              variant="light"
              loading={save.isPending && another.current}
              onClick={() => {
                another.current = true;
                submit();
              }}
            >
              {t('subjects.saveAndAdd')}
            </Button>
            <Button type="submit" loading={save.isPending && !another.current} onClick={() => (another.current = false)}>
              {t('subjects.save')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </>
  );
}
