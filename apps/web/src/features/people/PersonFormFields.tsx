import type { ReactNode } from 'react';
import { Fieldset, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { BLOOD_GROUPS, CATEGORIES, GENDERS, MARITAL_STATUSES } from '@shala/contract';
import { AddressSelects } from '../../components/AddressSelects';
import { ImageUploadField } from '../../components/ImageUploadField';
import { useErrorToken } from '../../lib/validation';
import type { FormShape } from './kinds';
import type { PersonFormValues } from './personForm';
import { now as clockNow } from '../../api/clock';
import { DateField } from '../../components/DateField';

interface Props {
  form: UseFormReturnType<PersonFormValues>;
  shape: FormShape;
  /** The student's parent picker (only for students). */
  parentSelect?: ReactNode;
  /** Shown above the fields (a student's class in the session, on its edit form). */
  notice?: ReactNode;
  onUploadingChange?: (busy: boolean) => void;
  /** Hide the sections a profile does not edit. */
  compact?: boolean;
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md" variant="filled" style={{ minWidth: 0 }}>
      {children}
    </Fieldset>
  );
}

/** Every field of the contract's personFields / studentFields / parentFields, grouped. */
export function PersonFormFields({ form, shape, parentSelect, notice, onUploadingChange, compact = false }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const text = (name: keyof PersonFormValues) => ({
    ...form.getInputProps(name),
    error: errorText(form.errors[name]),
  });
  const choice = (name: keyof PersonFormValues, values: readonly string[], labelOf: (value: string) => string) => ({
    data: values.map((value) => ({ value, label: labelOf(value) })),
    value: form.values[name] || null,
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
    error: errorText(form.errors[name]),
    clearable: true,
    allowDeselect: true,
    placeholder: t('common.choose'),
  });
  const full = shape !== 'parent';
  // Marital status, qualification and subjects taught are not asked of a child (studentFields has none).
  const adult = shape === 'person';
  const name = `${form.values.firstName} ${form.values.lastName}`.trim();

  return (
    <Stack gap="lg">
      {notice}
      <Section legend={t('person.sections.basic')}>
        <Stack gap="md">
          <ImageUploadField
            label={t('person.fields.image')}
            value={form.values.image}
            onChange={(image) => form.setFieldValue('image', image)}
            alt={t('person.photoOf', { name: name || t('person.newPerson') })}
            error={errorText(form.errors.image)}
            onBusyChange={onUploadingChange}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('person.fields.firstName')} required autoComplete="given-name" maxLength={100} {...text('firstName')} />
            <TextInput label={t('person.fields.lastName')} autoComplete="family-name" maxLength={100} {...text('lastName')} />
            {full ? (
              <>
                <Select label={t('person.fields.gender')} {...choice('gender', GENDERS, (v) => t(`person.genders.${v}`))} />
                <DateField
                  label={t('person.fields.dateOfBirth')}
                  max={clockNow().toISOString().slice(0, 10)}
                  {...text('dateOfBirth')}
                />
              </>
            ) : null}
            <TextInput label={t('person.fields.email')} type="email" autoComplete="email" maxLength={254} {...text('email')} />
            <TextInput label={t('person.fields.contact')} type="tel" inputMode="tel" autoComplete="tel" maxLength={20} {...text('contact')} />
          </SimpleGrid>
        </Stack>
      </Section>

      <Section legend={t('person.sections.address')}>
        <Stack gap="md">
          <Textarea label={t('person.fields.address')} autosize minRows={2} maxLength={300} {...text('address')} />
          {full ? (
            <>
              <AddressSelects
                value={{ state: form.values.state, district: form.values.district, city: form.values.city }}
                onChange={(next) => form.setValues(next)}
                errors={{ state: errorText(form.errors.state), district: errorText(form.errors.district), city: errorText(form.errors.city) }}
              />
              <TextInput
                label={t('person.fields.zip')}
                inputMode="numeric"
                maxLength={6}
                autoComplete="postal-code"
                style={{ maxWidth: 220 }}
                {...text('zip')}
              />
            </>
          ) : null}
        </Stack>
      </Section>

      {full && !compact ? (
        <Section legend={t('person.sections.other')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {adult ? <Select label={t('person.fields.maritalStatus')} {...choice('maritalStatus', MARITAL_STATUSES, (v) => t(`person.marital.${v}`))} /> : null}
            <Select label={t('person.fields.category')} {...choice('category', CATEGORIES, (v) => t(`person.categories.${v}`))} />
            <TextInput label={t('person.fields.religion')} maxLength={100} {...text('religion')} />
            <Select label={t('person.fields.bloodGroup')} {...choice('bloodGroup', BLOOD_GROUPS, (v) => v)} />
            {adult ? (
              <>
                <TextInput label={t('person.fields.qualification')} maxLength={200} {...text('qualification')} />
                <TextInput label={t('person.fields.subjects')} maxLength={300} {...text('subjects')} />
              </>
            ) : null}
          </SimpleGrid>
        </Section>
      ) : null}

      {full && !compact ? (
        <Section legend={t('person.sections.family')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {parentSelect}
            <TextInput label={t('person.fields.fatherOccupation')} maxLength={100} {...text('fatherOccupation')} />
            <TextInput label={t('person.fields.motherName')} maxLength={100} {...text('motherName')} />
            <TextInput label={t('person.fields.motherOccupation')} maxLength={100} {...text('motherOccupation')} />
          </SimpleGrid>
        </Section>
      ) : null}
    </Stack>
  );
}
