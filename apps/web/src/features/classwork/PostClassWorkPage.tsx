import { Button, EmptyState, Group, NativeSelect, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBooksOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLASS_WORK_LIMITS, classWorkInput } from '@shala/contract';
import { usePostClassWork, useTeachingSlots } from '../../api/classwork';
import type { ScreenProps } from '../../lib/screen';
import { FileUploadsField, useFileUploads } from '../../components/FileUploads';
import { FormFooter } from '../../components/FormFooter';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { useErrorToken, zodValidate } from '../../lib/validation';
import { schoolToday } from '../attendance';
import { useSubmit } from '../../lib/useSubmit';
import { DateField } from '../../components/DateField';

interface Values {
  slot: string;
  title: string;
  description: string;
  date: string;
  dueDate: string;
}

const slotKey = (s: { assignClassId: string; subjectId: string }) => `${s.assignClassId}|${s.subjectId}`;

function bodyOf(values: Values, files: string[]) {
  const [assignClassId = '', subjectId = ''] = values.slot.split('|');
  return {
    assignClassId,
    subjectId,
    title: values.title.trim(),
    description: values.description.trim() || undefined,
    date: values.date,
    dueDate: values.dueDate || null,
    files,
  };
}

/** /classwork: a teacher posts work for a class and subject it teaches, with up to five files. */
export default function PostClassWorkPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const slots = useTeachingSlots();
  const items = slots.data ?? [];
  return (
    <>
      <PageHeading title={t(route.title)} description={t('classwork.post.description')} />
      <ListState
        query={slots}
        isEmpty={false}
        emptyText=""
        rows={4}
      >
        {items.length === 0 ? (
          <Paper withBorder radius="md" p="xl" maw={720}>
            <EmptyState icon={<IconBooksOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={t('classwork.post.noSlots')} role="status">
              {t('classwork.post.noSlotsHint')}
            </EmptyState>
          </Paper>
        ) : (
          <PostForm slots={items} />
        )}
      </ListState>
    </>
  );
}

function PostForm({ slots }: { slots: { assignClassId: string; className: string; section: string; subjectId: string; subjectName: string }[] }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const post = usePostClassWork();
  const files = useFileUploads(CLASS_WORK_LIMITS.files);
  const form = useForm<Values>({
    initialValues: { slot: slotKey(slots[0]!), title: '', description: '', date: schoolToday(), dueDate: '' },
    validateInputOnBlur: true,
    validate: zodValidate<Values>(classWorkInput, (v) => bodyOf(v, [])),
  });

  const names = files.names;
  const submit = useSubmit({
    form,
    prepare: (values: Values) => bodyOf(values, names),
    save: (values: Values) => post.mutateAsync(bodyOf(values, names)),
    saved: (work) => t('classwork.post.posted', { title: work.title }),
    done: () => void navigate('/viewclasswork'),
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form noValidate onSubmit={submit.onSubmit} aria-label={t('classwork.post.formLabel')}>
        <Stack gap="md">
          <NativeSelect
            label={t('classwork.post.classSubject')}
            required
            data={slots.map((s) => ({ value: slotKey(s), label: t('classwork.post.slot', { name: s.className, section: s.section, subject: s.subjectName }) }))}
            {...form.getInputProps('slot')}
          />
          <TextInput label={t('classwork.post.title')} required maxLength={CLASS_WORK_LIMITS.title} {...form.getInputProps('title')} error={errorText(form.errors.title)} />
          <Textarea
            label={t('classwork.post.body')}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={CLASS_WORK_LIMITS.description}
            {...form.getInputProps('description')}
            error={errorText(form.errors.description)}
          />
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <DateField label={t('classwork.post.date')} required {...form.getInputProps('date')} error={errorText(form.errors.date)} style={{ minWidth: 180 }} />
            <DateField
              label={t('classwork.post.dueDate')}
              min={form.values.date}
              {...form.getInputProps('dueDate')}
              error={errorText(form.errors.dueDate)}
              style={{ minWidth: 180 }}
            />
          </Group>
          <FileUploadsField
            id="classwork-file"
            state={files}
            label={t('classwork.post.files')}
            addLabel={t('classwork.post.addFiles')}
            listLabel={t('classwork.files')}
            error={errorText(form.errors.files)}
          />
          <FormFooter failure={submit.failure} cancelTo="/viewclasswork">
            <Button type="submit" loading={submit.pending} disabled={files.uploading}>
              {t('classwork.post.submit')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </Paper>
  );
}
