import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadStudentData } from '../../api/privacy';
import { notifyError } from '../../lib/notify';
import { useFormat } from '../../lib/format';

/** Download everything held about a student: JSON (complete) or a PDF in the reader's language. */
export function DownloadButtons({ studentId, name, compact = false }: { studentId: string; name: string; compact?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [busy, setBusy] = useState<'json' | 'pdf' | null>(null);
  const lang = fmt.hindi ? 'hi' : 'en';
  const run = async (format: 'json' | 'pdf') => {
    setBusy(format);
    try {
      await downloadStudentData(studentId, format, lang);
    } catch (error) {
      notifyError(error, t('privacy.export.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      {(['json', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          size={compact ? 'compact-sm' : 'sm'}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          onClick={() => void run(format)}
          aria-label={t(`privacy.export.${format}Named`, { name })}
        >
          {t(`privacy.export.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
