import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_LANGS, formatRupees, type Certificate, type CertificateLang } from '@shala/contract';
import { downloadCertificate } from '../../api/certificates';
import type { DataColumn } from '../../components/DataTable';
import { useFormat } from '../../lib/format';
import { notifyError } from '../../lib/notify';

/** The language names on the download buttons, each in its own script (as the language picker). */
const LANG_NAMES: Record<CertificateLang, string> = { en: 'English', hi: 'हिन्दी' };

/** A certificate's name: its type and number ("Transfer certificate no. 12"). */
export function useCertificateName() {
  const { t } = useTranslation();
  return (c: Pick<Certificate, 'type' | 'number'>) => t('certificates.named', { type: t(`certificates.types.${c.type}`), number: c.number });
}

/** Download buttons of a certificate's PDF, in English and in Hindi. */
export function PdfButtons({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation();
  const name = useCertificateName();
  const [busy, setBusy] = useState<CertificateLang | null>(null);
  const download = async (lang: CertificateLang) => {
    setBusy(lang);
    try {
      await downloadCertificate(certificate, lang);
    } catch (err) {
      notifyError(err, t('certificates.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      {CERTIFICATE_LANGS.map((lang) => (
        <Button
          key={lang}
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy === lang}
          onClick={() => void download(lang)}
          aria-label={t('certificates.downloadNamed', { name: name(certificate), language: LANG_NAMES[lang] })}
          lang={lang}
        >
          {LANG_NAMES[lang]}
        </Button>
      ))}
    </Group>
  );
}

/** Issued (green) or cancelled (red, with its reason). */
export function StatusCell({ certificate: c }: { certificate: Certificate }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!c.cancelled) return <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>{t('certificates.statuses.issued')}</Badge>;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
        {t('certificates.statuses.cancelled')}
      </Badge>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {c.cancelled.reason}
      </Text>
      <Text size="xs" c="dimmed">
        {f.dateTime(c.cancelled.at)}
        {c.cancelled.by ? ` · ${c.cancelled.by}` : ''}
      </Text>
    </Stack>
  );
}

/** The columns both lists share: the certificate, the student, when and by whom. */
export function useCertificateColumns(): DataColumn<Certificate>[] {
  const { t } = useTranslation();
  const f = useFormat();
  return [
    {
      key: 'certificate',
      header: t('certificates.certificate'),
      primary: true,
      cell: (c) => (
        <div>
          <Text size="sm" fw={600}>
            {t(`certificates.types.${c.type}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('certificates.number', { number: c.number })}
            {c.amount !== null ? ` · ${formatRupees(c.amount)}` : ''}
          </Text>
        </div>
      ),
    },
    {
      key: 'student',
      header: t('certificates.student'),
      cell: (c) => (
        <div>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {c.student.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {c.student.admissionNo ? t('certificates.admissionNo', { no: c.student.admissionNo }) : c.student.loginId}
          </Text>
        </div>
      ),
    },
    {
      key: 'issued',
      header: t('certificates.issued'),
      cell: (c) => (
        <div>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {f.date(c.issuedOn)}
          </Text>
          {c.issuedBy ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {c.issuedBy}
            </Text>
          ) : null}
        </div>
      ),
    },
  ];
}
