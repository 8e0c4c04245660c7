import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES, UPLOAD_LIMITS } from '@shala/contract';
import { apiErrorText } from '../api/errors';
import { uploadFile } from '../api/transfer';
import { UserAvatar } from './UserAvatar';

interface Props {
  label: string;
  /** The stored image name (result.imageName of POST /api/fileupload), or ''. */
  value: string;
  onChange: (imageName: string) => void;
  /** Alt text of the preview. */
  alt: string;
  error?: string;
  radius?: number | string;
  /** Shown when there is no image yet (instead of the person avatar). */
  placeholder?: ReactNode;
  /** Reports whether an upload is running (forms wait for it). */
  onBusyChange?: (busy: boolean) => void;
}

const MAX_MB = UPLOAD_LIMITS.imageBytes / (1024 * 1024);

/**
 * Picks an image, previews it at once, uploads it (POST /api/fileupload, field "file") and stores
 * the answered image name. Too large (413) and unsupported (415) files get translated messages.
 */
export function ImageUploadField({ label, value, onChange, alt, error, radius = 'xl', placeholder, onBusyChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = async (file: File | null) => {
    if (!file) return;
    resetRef.current?.(); // choosing the same file again fires a change
    setFailure(null);
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setFailure(t('upload.badType'));
      return;
    }
    if (file.size > UPLOAD_LIMITS.imageBytes) {
      setFailure(t('upload.tooLarge', { size: MAX_MB }));
      return;
    }
    const local = URL.createObjectURL(file);
    setPreview(local);
    setProgress(0);
    onBusyChange?.(true);
    try {
      const answer = await uploadFile('upload', file, { onProgress: setProgress });
      onChange(answer.result.imageName);
    } catch (cause) {
      setFailure(apiErrorText(cause, t));
      setPreview(null);
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  const uploading = progress !== null;
  return (
    <Input.Wrapper label={label} labelElement="div" id={id} error={failure ?? error} description={t('upload.hint', { size: MAX_MB })}>
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        {preview ? (
          <img src={preview} alt={alt} width={72} height={72} style={{ objectFit: 'cover', borderRadius: radius === 'xl' ? '50%' : 8, flexShrink: 0 }} />
        ) : (
          <UserAvatar image={value || null} alt={alt} size={72} radius={radius} placeholder={placeholder} />
        )}
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <FileButton onChange={(file) => void pick(file)} accept={IMAGE_TYPES.join(',')} resetRef={resetRef} inputProps={{ 'aria-label': label }}>
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={uploading}>
                  {value ? t('upload.change') : t('upload.choose')}
                </Button>
              )}
            </FileButton>
            {value && !uploading ? (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  setPreview(null);
                  onChange('');
                }}
              >
                {t('upload.remove')}
              </Button>
            ) : null}
          </Group>
          {uploading ? (
            <Progress value={progress} size="sm" aria-label={t('upload.progress')} animated />
          ) : value && preview ? (
            <Text size="xs" c="green.8">
              {t('upload.done')}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
