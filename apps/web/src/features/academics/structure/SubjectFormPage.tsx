import { useRef } from 'react';
import { Button, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { subjectInput } from '@shala/contract';
import { structureKeys, subjectApi, useSubjectList } from '../../../api/academics-structure';
import { FormFooter } from '../../../components/FormFooter';
import { PageHeading } from '../../../components/PageHeading';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import type { ScreenProps } from '../../../lib/screen';
import { useAcademicNames } from '../names';
import { EMPTY_SUBJECT, masterOptions, subjectBody, takenOf, type SubjectFormValues } from './subjectForm';
import { isHindi } from '../../../lib/format';
import { useSubmit } from '../../../lib/useSubmit';
import { LabelledSegments } from '../../../components/LabelledSegments';

/** The most subjects a school reads at once to mark the master list (the server's 409 covers the rest). */
const TAKEN_PAGE = 100;

/** Add a subject: from the master list (names in the reader's language) or by a name of the school's own. */
export default function SubjectFormPage({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { subjectName } = useAcademicNames();
  const another = useRef(false);
  const existing = useSubjectList({ page: 1, pageSize: TAKEN_PAGE, status: 'all' });
  const options = masterOptions(takenOf(existing.data?.items ?? []), isHindi(i18n.language), t('subjects.alreadyAdded'));

  const form = useContractForm<SubjectFormValues>(subjectInput, { initialValues: EMPTY_SUBJECT, prepare: subjectBody });

  const save = useSubmit({
    form,
    save: (values: SubjectFormValues) => subjectApi.create(subjectBody(values)),
    saved: (subject) => t('subjects.added', { name: subjectName(subject) }),
    done: () => {
      void queryClient.invalidateQueries({ queryKey: structureKeys.subjects });
      if (another.current) {
        form.setValues({ ...EMPTY_SUBJECT, mode: form.values.mode });
        form.resetDirty();
      } else navigate('/viewsubject');
    },
    errorToast: true,
    invalidAlert: true,
  });

  const nameError = errorText(form.errors.name);

  return (
    <>
      <PageHeading title={t(route.title)} description={t('subjects.addHint')} />
      <form noValidate onSubmit={save.onSubmit} aria-label={t('subjects.formLabel')}>
        <Stack gap="lg" maw={640}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <LabelledSegments<SubjectFormValues['mode']>
                label={t('subjects.how')}
                value={form.values.mode}
                onChange={(mode) => {
                  form.setFieldValue('mode', mode);
                  form.clearFieldError('name');
                }}
                data={[
                  { value: 'master', label: t('subjects.fromMaster') },
                  { value: 'custom', label: t('subjects.customName') },
                ]}
              />
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
          <FormFooter failure={save.failure} cancelTo="/viewsubject">
            <Button
              variant="light"
              loading={save.pending && another.current}
              onClick={() => {
                another.current = true;
                save.onSubmit();
              }}
            >
              {t('subjects.saveAndAdd')}
            </Button>
            <Button type="submit" loading={save.pending && !another.current} onClick={() => (another.current = false)}>
              {t('subjects.save')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </>
  );
}
