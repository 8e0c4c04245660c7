import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FILE_EXTENSIONS, UPLOAD_LIMITS, type AttachedFile } from '@shala/contract';
import { apiErrorText } from '../api/errors';
import { uploadDocument } from '../api/files';
import { useFormat } from '../lib/format';
import { notifyError, notifyWarning } from '../lib/notify';

/**
 * Files attached to a record (class work, a message): picked, each uploaded at once with its
 * progress (`/api/fileupload/multi`), removed before the record is saved, which names them; and a
 * file's download button. The record makes them private (served only by its own route).
 */

/** A file's size for people: KB under a megabyte, else MB with one decimal. */
export function fileSize(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return bytes < 1024 * 1024 ? `${n.format(Math.max(1, Math.round(bytes / 1024)))} KB` : `${n.format(bytes / 1024 / 1024)} MB`;
}

/** The types the uploads take, as a hint says them. */
export const FILE_TYPES_TEXT = 'PDF, JPG, PNG, DOC, DOCX, XLS, XLSX, PPT, PPTX, ODT, ODS, ODP';
const ACCEPT = FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
const MAX_MB = UPLOAD_LIMITS.fileBytes / 1024 / 1024;

/** A picked file: uploading, uploaded (its stored name) or refused (why). */
export interface PickedUpload {
  key: string;
  file: File;
  progress: number;
  name?: string;
  error?: string;
}

export interface FileUploads {
  uploads: PickedUpload[];
  /** The stored names of the files uploaded, in the order picked. */
  names: string[];
  /** Some file is still on its way: the record waits. */
  uploading: boolean;
  max: number;
  pick: (files: FileList | null) => void;
  remove: (key: string) => void;
}

/** Up to `max` files, each uploaded as soon as it is picked; `onChange` after a pick or a removal. */
export function useFileUploads(max: number, onChange?: () => void): FileUploads {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<PickedUpload[]>([]);
  const update = (key: string, change: Partial<PickedUpload>) => setUploads((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const pick = (list: FileList | null) => {
    if (!list) return;
    const room = max - uploads.length;
    const chosen = Array.from(list).slice(0, Math.max(0, room));
    if (list.length > room) notifyWarning(t('upload.tooMany', { max }));
    for (const file of chosen) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const tooBig = file.size > UPLOAD_LIMITS.fileBytes;
      setUploads((all) => [...all, { key, file, progress: 0, error: tooBig ? t('upload.fileTooLarge', { max: MAX_MB }) : undefined }]);
      if (tooBig) continue;
      uploadDocument(file, (progress) => update(key, { progress }))
        .then((name) => update(key, { name, progress: 100 }))
        .catch((err: unknown) => update(key, { error: apiErrorText(err, t) }));
    }
    onChange?.();
  };
  const remove = (key: string) => {
    setUploads((all) => all.filter((p) => p.key !== key));
    onChange?.();
  };
  return {
    uploads,
    names: uploads.filter((p) => p.name).map((p) => p.name!),
    uploading: uploads.some((p) => !p.name && !p.error),
    max,
    pick,
    remove,
  };
}

/**
 * The field of a form's files: its label, the limits, "add" (off once `max` are picked; a field of
 * one file shows the file in its place) and each
 * file with its progress, "uploaded" or why it was refused, and its remove button.
 */
export function FileUploadsField({
  id,
  state,
  label,
  addLabel,
  listLabel,
  error,
  accept = ACCEPT,
  typesText = FILE_TYPES_TEXT,
}: {
  id: string;
  state: FileUploads;
  label: string;
  addLabel: string;
  listLabel: string;
  error?: string;
  /** The picker's types (a phone offers its camera for images); the hint names them in `typesText`. */
  accept?: string;
  typesText?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const input = useRef<HTMLInputElement>(null);
  // A keyboard user who removed a file goes on from "add" (the removed file's button is gone).
  const add = useRef<HTMLButtonElement>(null);
  const [removed, setRemoved] = useState(0);
  useEffect(() => {
    if (removed) add.current?.focus();
  }, [removed]);
  const hint = state.max === 1 ? t('upload.oneFileHint', { mb: MAX_MB, types: typesText }) : t('upload.filesHint', { max: state.max, mb: MAX_MB, types: typesText });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        {hint}
      </Text>
      <input
        ref={input}
        type="file"
        multiple={state.max > 1}
        accept={accept}
        hidden
        data-testid={`${id}-input`}
        aria-labelledby={`${id}-label`}
        onChange={(e) => {
          state.pick(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {state.max > 1 || state.uploads.length === 0 ? (
        <Group>
          <Button
            ref={add}
            variant="default"
            leftSection={<IconPaperclip size={16} aria-hidden />}
            onClick={() => input.current?.click()}
            disabled={state.uploads.length >= state.max}
            aria-describedby={`${id}-hint`}
          >
            {addLabel}
          </Button>
        </Group>
      ) : null}
      {state.uploads.length > 0 ? (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={listLabel}>
          {state.uploads.map((p) => (
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
                      {t('upload.uploaded')}
                    </Text>
                  ) : (
                    <Progress value={p.progress} size="sm" aria-label={t('upload.uploading', { name: p.file.name })} />
                  )}
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('upload.removeFile', { name: p.file.name })}
                  onClick={() => {
                    state.remove(p.key);
                    setRemoved((n) => n + 1);
                  }}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      {error ? (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Downloads an attached file with the session token (`download`) and saves it under its original name; its name and size on the button. */
export function FileDownloadButton({ file, download }: { file: AttachedFile; download: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={t('upload.download', { name: file.originalName })}
      styles={{ root: { maxWidth: '100%', height: 'auto', minHeight: 30 }, label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
      onClick={async () => {
        setBusy(true);
        try {
          await download();
        } catch (err) {
          notifyError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      {file.originalName} ({fileSize(file.size, fmt.locale)})
    </Button>
  );
}
