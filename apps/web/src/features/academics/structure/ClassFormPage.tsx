import { ActionIcon, Alert, Button, Fieldset, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLASS_LIMIT_MAX, MASTER_CLASSES, classInput } from '@shala/contract';
import { classApi, structureKeys } from '../../../api/academics-structure';
import { FormFooter } from '../../../components/FormFooter';
import { PageHeading } from '../../../components/PageHeading';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import type { ScreenProps } from '../../../lib/screen';
import { useAcademicNames } from '../names';
import { TeacherSelect } from './TeacherSelect';
import { classBody, emptyClassForm, nextSectionName, sectionRow, type ClassFormValues } from './classForm';
import { useSubmit } from '../../../lib/useSubmit';

/** The most sections one class may get at once (A to Z). */
const MAX_SECTIONS = 26;

function ClassForm({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { className } = useAcademicNames();
  const form = useContractForm<ClassFormValues>(classInput, {
    initialValues: emptyClassForm(),
    prepare: (values) => classBody(values, sessionId),
  });

  const save = useSubmit({
    form,
    save: (values: ClassFormValues) => classApi.create(classBody(values, sessionId)),
    saved: (made) => {
      const first = made[0];
      return t('classes.added', { name: first ? className(first.masterClass) : '', sections: made.map((c) => c.section).join(', ') });
    },
    done: () => {
      void queryClient.invalidateQueries({ queryKey: structureKeys.classes });
      navigate('/viewclass');
    },
    errorToast: true,
    invalidAlert: true,
  });

  const rows = form.values.sections;
  const addRow = () => {
    const last = rows.at(-1);
    form.insertListItem('sections', sectionRow(nextSectionName(rows), last?.classLimit || undefined));
  };
  // The section's pattern error says what a section name may be.
  const sectionError = (token: unknown) => errorText(token === 'validation.invalid' ? 'classes.sectionInvalid' : token);
  const limitError = (value: number | string, token: unknown) => (token && value === '' ? t('validation.required') : errorText(token));

  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('classes.formLabel')}>
      <Stack gap="lg" maw={960}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Select
            label={t('classes.masterClass')}
            placeholder={t('classes.chooseClass')}
            required
            searchable
            data={MASTER_CLASSES.map((c) => ({ value: c.code, label: className(c.code) }))}
            {...form.getInputProps('masterClass')}
            error={form.errors.masterClass && !form.values.masterClass ? t('validation.required') : errorText(form.errors.masterClass)}
            maw={360}
            nothingFoundMessage={t('address.nothingFound')}
          />
        </Paper>
        <Stack gap="sm">
          <Text fw={600}>{t('classes.sections')}</Text>
          <Text size="sm" c="dimmed">
            {t('classes.allOrNone')}
          </Text>
          {rows.map((row, i) => {
            const legend = row.section.trim() ? t('classes.sectionNamed', { section: row.section.trim().toUpperCase() }) : t('classes.sectionN', { n: i + 1 });
            return (
              <Fieldset key={row.key} legend={legend} radius="md" p={{ base: 'md', sm: 'lg' }}>
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ flex: 1, minWidth: 0 }}>
                    <TextInput
                      label={t('classes.section')}
                      description={t('classes.sectionHint')}
                      required
                      maxLength={3}
                      {...form.getInputProps(`sections.${i}.section`)}
                      onChange={(event) => form.setFieldValue(`sections.${i}.section`, event.currentTarget.value.toUpperCase())}
                      error={sectionError(form.errors[`sections.${i}.section`])}
                    />
                    <NumberInput
                      label={t('classes.classLimit')}
                      description={t('classes.classLimitHint')}
                      required
                      min={1}
                      max={CLASS_LIMIT_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps(`sections.${i}.classLimit`)}
                      error={limitError(row.classLimit, form.errors[`sections.${i}.classLimit`])}
                    />
                    <TeacherSelect
                      label={t('classes.classTeacher')}
                      description={t('classes.optional')}
                      value={row.classTeacherId}
                      onChange={(id) => form.setFieldValue(`sections.${i}.classTeacherId`, id)}
                      error={errorText(form.errors[`sections.${i}.classTeacherId`])}
                    />
                  </SimpleGrid>
                  <Tooltip label={t('classes.removeSection')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={28}
                      disabled={rows.length === 1}
                      aria-label={t('classes.removeSectionNamed', { name: legend })}
                      onClick={() => form.removeListItem('sections', i)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Fieldset>
            );
          })}
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addRow} disabled={rows.length >= MAX_SECTIONS}>
              {t('classes.addSection')}
            </Button>
          </Group>
        </Stack>
        <FormFooter failure={save.failure} cancelTo="/viewclass">
          <Button type="submit" loading={save.pending}>
            {t('classes.save')}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

/** Add a class of the selected session with one or more sections (all or none). */
export default function ClassFormPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentSession();
  return (
    <>
      <PageHeading title={t(route.title)} description={current ? t('classes.forSession', { label: current.sessionYear }) : undefined} />
      {isLoading ? null : current ? (
        <ClassForm key={current.sessionId} sessionId={current.sessionId} />
      ) : (
        <Alert color="yellow" role="status">
          {t('classes.noSession')}
        </Alert>
      )}
    </>
  );
}
