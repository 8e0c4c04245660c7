import { Alert, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useVerification } from '../../api/certificates';
import { isApiError } from '../../api/http';
import { QueryScope } from '../../app/QueryScope';
import { DetailGrid } from '../../components/DetailGrid';
import { ErrorAlert } from '../../components/ListState';
import { LoadingBlock } from '../../components/LoadingBlock';
import { useFormat } from '../../lib/format';
import { AuthLayout } from '../auth';

/**
 * /verify/:token (public, the QR code on every certificate and ID card): its type, number, date of
 * issue, school and the student's name, and whether it is valid or was cancelled (a card: whether
 * its holder is on the school's rolls); nothing else about the child, and of a pupil whose data was
 * erased, not the name either. An unknown code says so.
 */
export default function VerifyPage() {
  // Outside the signed-in layout: the app's query client of its own.
  return (
    <QueryScope>
      <Verification />
    </QueryScope>
  );
}

function Verification() {
  const { t } = useTranslation();
  const f = useFormat();
  const { token = '' } = useParams();
  const valid = /^[A-Za-z0-9_-]{20,64}$/.test(token);
  const query = useVerification(token);
  const notFound = !valid || (query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400));
  const v = query.data;
  // An ID card's page says only whether its holder is on the school's rolls.
  const card = v?.kind === 'idcard' || v?.kind === 'staffcard';
  // A pupil whose data was erased: the certificate is valid, and its page names nobody.
  const validText = !v ? '' : v.studentName === null ? t('certificates.verify.erasedText') : v.kind === 'idcard' ? t('certificates.verify.validCard', { name: v.studentName }) : v.kind === 'staffcard' ? t('certificates.verify.validStaffCard', { name: v.studentName }) : t('certificates.verify.validText');

  return (
    <AuthLayout title={t('certificates.verify.title')} subtitle={t('certificates.verify.subtitle')}>
      {notFound ? (
        <Alert color="gray" icon={<IconHelpCircle size={20} aria-hidden />} title={t('certificates.verify.notFound')} data-testid="verify-state">
          {t('certificates.verify.notFoundText')}
        </Alert>
      ) : query.isError ? (
        <ErrorAlert title={t('certificates.verify.loadError')} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !v ? (
        <LoadingBlock h={200} radius="md" />
      ) : (
        <Stack gap="md">
          {v.status === 'valid' ? (
            <Alert color="green" variant="filled" icon={<IconCircleCheck size={22} aria-hidden />} title={t('certificates.verify.valid')} data-testid="verify-state">
              {validText}
            </Alert>
          ) : (
            <Alert color="red" variant="filled" icon={<IconCircleX size={22} aria-hidden />} title={t('certificates.verify.cancelled')} data-testid="verify-state">
              {card ? t('certificates.verify.cancelledCard', { name: v.studentName }) : t('certificates.verify.cancelledText')}
            </Alert>
          )}
          <DetailGrid
            items={[
              { label: t('certificates.verify.kind'), value: t(`certificates.types.${v.kind}`) },
              ...(v.number !== null ? [{ label: t('certificates.verify.number'), value: String(v.number) }] : []),
              { label: t('certificates.verify.issuedOn'), value: f.date(v.issuedOn) },
              { label: t('certificates.verify.school'), value: v.schoolName },
              ...(v.studentName !== null ? [{ label: card ? t('certificates.verify.holder') : t('certificates.verify.student'), value: v.studentName }] : []),
            ]}
          />
          <Text size="xs" c="dimmed">
            {t('certificates.verify.privacy')}
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
