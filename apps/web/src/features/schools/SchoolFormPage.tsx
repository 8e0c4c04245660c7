import { useState } from 'react';
import { Alert, Badge, Button, Fieldset, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { schoolInput, type School } from '@shala/contract';
import { call } from '../../api/client';
import { schoolKeys, useSchool } from '../../api/schools';
import { AddressSelects } from '../../components/AddressSelects';
import { ImageUploadField } from '../../components/ImageUploadField';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { useErrorToken } from '../../lib/validation';
import { useSubmit } from '../../lib/useSubmit';
import { FormFooter } from '../../components/FormFooter';
import { useContractForm } from '../../lib/contractForm';
import type { ScreenProps } from '../../lib/screen';

export interface SchoolFormValues {
  name: string;
  websiteName: string;
  email: string;
  phone: string;
  address: string;
  state: string;
  district: string;
  city: string;
  zipCode: string;
  affiliationNo: string;
  udiseCode: string;
  image: string;
}

const EMPTY: SchoolFormValues = {
  name: '',
  websiteName: '',
  email: '',
  phone: '',
  address: '',
  state: '',
  district: '',
  city: '',
  zipCode: '',
  affiliationNo: '',
  udiseCode: '',
  image: '',
};

function valuesOf(school: School): SchoolFormValues {
  const values = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof SchoolFormValues)[]) values[key] = school[key] ?? '';
  return values;
}

/** What the save button asked for: a draft, publishing, or (a published school) just saving. */
type SaveKind = 'draft' | 'publish' | 'save';

function SchoolForm({ school }: { school?: School }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [saveKind, setSaveKind] = useState<SaveKind>('publish');

  const form = useContractForm<SchoolFormValues>(schoolInput, { initialValues: school ? valuesOf(school) : EMPTY });

  const save = useSubmit({
    form,
    errorToast: true,
    invalidAlert: true,
    save: (values: SchoolFormValues, kind: SaveKind) => {
      const body = schoolInput.parse({ ...values, ...(kind === 'save' ? {} : { isDraft: kind === 'draft' }) });
      return school ? call('schoolUpdate', { params: { schoolId: school.schoolId }, body }) : call('schoolCreate', { body });
    },
    saved: (saved, _values, kind) =>
      kind === 'draft' ? t('schools.savedDraft', { name: saved.name }) : kind === 'publish' ? t('schools.published', { name: saved.name }) : t('schools.saved', { name: saved.name }),
    done: (saved) => {
      queryClient.setQueryData(schoolKeys.detail(saved.schoolId), saved);
      void queryClient.invalidateQueries({ queryKey: schoolKeys.all });
      void navigate(`/detailsSchool/${saved.schoolId}`, { replace: !school });
    },
  });
  const submitAs = save.submit;

  const text = (name: keyof SchoolFormValues) => ({ ...form.getInputProps(name), error: errorText(form.errors[name]) });
  const isDraft = !school || school.isDraft;
  const busy = save.pending || uploading;

  return (
    <form
      noValidate
      aria-label={t('schools.formLabel')}
      onSubmit={(event) => {
        // Enter in a field: publish a new or draft school, save a published one.
        submitAs(isDraft ? 'publish' : 'save')(event);
      }}
    >
      <Stack gap="lg" maw={960}>
        {school?.isDraft ? (
          <Alert color="orange" title={t('status.draft')}>
            {t('schools.draftNote')}
          </Alert>
        ) : null}
        <Fieldset legend={t('schools.sections.school')} variant="filled" radius="md" style={{ minWidth: 0 }}>
          <Stack gap="md">
            <ImageUploadField
              label={t('schools.fields.image')}
              value={form.values.image}
              onChange={(image) => form.setFieldValue('image', image)}
              alt={t('schools.logoOf', { name: form.values.name || t('schools.newSchool') })}
              radius="md"
              placeholder={<IconBuildingCommunity size={36} stroke={1.4} />}
              error={errorText(form.errors.image)}
              onBusyChange={setUploading}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('schools.fields.name')} required maxLength={200} {...text('name')} />
              <TextInput label={t('schools.fields.websiteName')} maxLength={200} placeholder="www.example.edu.in" {...text('websiteName')} />
              <TextInput label={t('schools.fields.email')} type="email" maxLength={254} {...text('email')} />
              <TextInput label={t('schools.fields.phone')} type="tel" inputMode="tel" maxLength={20} {...text('phone')} />
              <TextInput label={t('schools.fields.affiliationNo')} description={t('schools.fields.affiliationHint')} maxLength={40} {...text('affiliationNo')} />
              <TextInput label={t('schools.fields.udiseCode')} description={t('schools.fields.udiseHint')} inputMode="numeric" maxLength={11} {...text('udiseCode')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('person.sections.address')} variant="filled" radius="md" style={{ minWidth: 0 }}>
          <Stack gap="md">
            <Textarea label={t('schools.fields.address')} autosize minRows={2} maxLength={300} {...text('address')} />
            <AddressSelects
              value={{ state: form.values.state, district: form.values.district, city: form.values.city }}
              onChange={(next) => form.setValues(next)}
              errors={{ state: errorText(form.errors.state), district: errorText(form.errors.district), city: errorText(form.errors.city) }}
            />
            <TextInput label={t('schools.fields.zipCode')} inputMode="numeric" maxLength={6} style={{ maxWidth: 220 }} {...text('zipCode')} />
          </Stack>
        </Fieldset>
        <FormFooter failure={save.failure} cancelTo={school ? `/detailsSchool/${school.schoolId}` : '/viewSchool'}>
          {isDraft ? (
            <>
              <Button
                variant="light"
                type="button"
                loading={save.pending && saveKind === 'draft'}
                disabled={busy}
                onClick={() => {
                  setSaveKind('draft');
                  submitAs('draft')();
                }}
              >
                {t('schools.saveDraft')}
              </Button>
              <Button
                type="button"
                loading={save.pending && saveKind === 'publish'}
                disabled={busy}
                onClick={() => {
                  setSaveKind('publish');
                  submitAs('publish')();
                }}
              >
                {t('schools.publish')}
              </Button>
            </>
          ) : (
            <Button type="submit" loading={save.pending} disabled={uploading}>
              {t('common.saveChanges')}
            </Button>
          )}
        </FormFooter>
      </Stack>
    </form>
  );
}

/** /addSchool and /editschool/:schoolId. */
export default function SchoolFormPage({ route, mode }: ScreenProps & { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const { schoolId } = useParams();
  const school = useSchool(mode === 'edit' ? schoolId : undefined);
  return (
    <>
      <PageHeading
        title={t(route.title)}
        description={
          mode === 'edit' && school.data ? (
            <Group gap="xs" component="span">
              <span>{school.data.name}</span>
              <Badge variant="light" component="span">
                {school.data.code}
              </Badge>
            </Group>
          ) : (
            t('schools.createHint')
          )
        }
      />
      {mode === 'edit' ? (
        <RecordState query={school}>
          {() => (school.data ? <SchoolForm key={school.data.schoolId} school={school.data} /> : null)}
        </RecordState>
      ) : (
        <SchoolForm />
      )}
    </>
  );
}
