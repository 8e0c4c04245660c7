import { useRef, useState } from 'react';
import { ActionIcon, Button, EmptyState, Group, NativeSelect, Paper, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBooksOff, IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLASS_WORK_LIMITS, FILE_EXTENSIONS, UPLOAD_LIMITS, classWorkInput } from '@shala/contract';
import { uploadClassWorkFile, usePostClassWork, useTeachingSlots } from '../../api/classwork';
import { apiErrorText } from '../../api/errors';
import type { ScreenProps } from '../../app/screen';
import { FormFooter } from '../../components/FormFooter';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { useErrorToken, zodValidate } from '../../lib/validation';
import { schoolToday } from '../attendance/markLogic';
import { fileSize } from './WorkList';
import { notifyWarning } from '../../lib/notify';
import { useSubmit } from '../../lib/useSubmit';
import { useFormat } from '../../lib/format';
import { DateField } from '../../components/DateField';

interface Values {
  slot: string;
  title: string;
  description: string;
  date: string;
  dueDate: string;
}

/** A file picked for the work: uploading, uploaded (its stored name) or refused (why). */
interface Picked {
  key: string;
  file: File;
  progress: number;
  name?: string;
  error?: string;
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
  const { locale } = useFormat();
  const errorText = useErrorToken();
  const navigate = useNavigate();
  const post = usePostClassWork();
  const [picked, setPicked] = useState<Picked[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const form = useForm<Values>({
    initialValues: { slot: slotKey(slots[0]!), title: '', description: '', date: schoolToday(), dueDate: '' },
    validateInputOnBlur: true,
    validate: zodValidate<Values>(classWorkInput, (v) => bodyOf(v, [])),
  });
  const uploading = picked.some((p) => !p.name && !p.error);
  const accept = FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

  const update = (key: string, change: Partial<Picked>) => setPicked((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const pick = (list: FileList | null) => {
    if (!list) return;
    const room = CLASS_WORK_LIMITS.files - picked.length;
    const chosen = Array.from(list).slice(0, Math.max(0, room));
    if (list.length > room) notifyWarning(t('classwork.post.tooMany', { max: CLASS_WORK_LIMITS.files }));
    for (const file of chosen) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const tooBig = file.size > UPLOAD_LIMITS.fileBytes;
      setPicked((all) => [...all, { key, file, progress: 0, error: tooBig ? t('classwork.post.tooBig', { max: UPLOAD_LIMITS.fileBytes / 1024 / 1024 }) : undefined }]);
      if (tooBig) continue;
      uploadClassWorkFile(file, (progress) => update(key, { progress }))
        .then((name) => update(key, { name, progress: 100 }))
        .catch((err: unknown) => update(key, { error: apiErrorText(err, t) }));
    }
    if (input.current) input.current.value = '';
  };

  const names = picked.filter((p) => p.name).map((p) => p.name!);
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
          <Stack gap={6}>
            <Text size="sm" fw={500} id="classwork-files-label">
              {t('classwork.post.files')}
            </Text>
            <Text size="xs" c="dimmed" id="classwork-files-hint">
              {t('classwork.post.filesHint', { max: CLASS_WORK_LIMITS.files, mb: UPLOAD_LIMITS.fileBytes / 1024 / 1024, types: 'PDF, JPG, PNG, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP' })}
            </Text>
            <input
              ref={input}
              type="file"
              multiple
              accept={accept}
              hidden
              data-testid="classwork-file-input"
              aria-labelledby="classwork-files-label"
              onChange={(e) => pick(e.currentTarget.files)}
            />
            <Group>
              <Button
                variant="default"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                onClick={() => input.current?.click()}
                disabled={picked.length >= CLASS_WORK_LIMITS.files}
                aria-describedby="classwork-files-hint"
              >
                {t('classwork.post.addFiles')}
              </Button>
            </Group>
            {picked.length > 0 ? (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('classwork.files')}>
                {picked.map((p) => (
                  <Paper key={p.key} component="li" withBorder radius="sm" p="xs" data-testid="picked-file">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {p.file.name} ({fileSize(p.file.size, locale)})
                        </Text>
                        {p.error ? (
                          <Text size="xs" c="red.8" role="alert">
                            {p.error}
                          </Text>
                        ) : p.name ? (
                          <Text size="xs" c="teal.8">
                            {t('classwork.post.uploaded')}
                          </Text>
                        ) : (
                          <Progress value={p.progress} size="sm" aria-label={t('classwork.post.uploading', { name: p.file.name })} />
                        )}
                      </Stack>
                      <ActionIcon variant="subtle" color="gray" aria-label={t('classwork.post.removeFile', { name: p.file.name })} onClick={() => setPicked((all) => all.filter((x) => x.key !== p.key))}>
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : null}
          </Stack>
          <FormFooter failure={submit.failure} cancelTo="/viewclasswork">
            <Button type="submit" loading={submit.pending} disabled={uploading}>
              {t('classwork.post.submit')}
            </Button>
          </FormFooter>
        </Stack>
      </form>
    </Paper>
  );
}
