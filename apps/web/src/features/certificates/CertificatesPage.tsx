import { useState } from 'react';
import { Alert, Button, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { IconBan, IconFilePlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_TYPES, ROLE, certificateCancelBody, type Certificate, type CertificateStatus, type CertificateType } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useCancelCertificate, useCertificates } from '../../api/certificates';
import { useSessions } from '../../api/queries';
import type { ScreenProps } from '../../lib/screen';
import { ListPage } from '../../components/ListPage';
import { ReasonModal } from '../../components/ReasonModal';
import { useListParams } from '../../lib/useListParams';
import { IssueCertificateModal } from './IssueCertificateModal';
import { PdfButtons, StatusCell, useCertificateColumns, useCertificateName } from './parts';

const STATUSES = ['all', 'issued', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

/**
 * /certificates (112, 113): the certificates register, newest first, by type, status and session,
 * searched by the student's name or the number; each certificate's PDF in English or Hindi. The
 * principal issues a certificate (the type, the student, its form) and cancels one with a reason
 * (a TC: putting the student back on the rolls, as issued in error, or the paper only);
 * the system admin reads and prints.
 */
export default function CertificatesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { role } = useAuth();
  const principal = role === ROLE.PRINCIPAL;
  const list = useListParams<Status>(STATUSES, 'all');
  const type = (CERTIFICATE_TYPES as readonly string[]).includes(list.params.get('type') ?? '') ? (list.params.get('type') as CertificateType) : undefined;
  const sessionId = list.params.get('session') ?? undefined;
  // One student's certificates (its details page links here).
  const studentId = list.params.get('student') ?? undefined;
  const sessions = useSessions();
  const query = useCertificates({
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
    type,
    status: list.status === 'all' ? undefined : (list.status as CertificateStatus),
    sessionId,
    studentId,
  });
  const [issuing, setIssuing] = useState(false);
  const [cancelling, setCancelling] = useState<Certificate | null>(null);
  // A TC issued in error puts the student back on the rolls (the default), or only the paper goes.
  const [restore, setRestore] = useState(true);
  const cancel = useCancelCertificate();
  const name = useCertificateName();
  // An erased student's TC is cancelled only: nobody is restored.
  const restorable = cancelling?.type === 'tc' && !cancelling.student.erased;
  const columns = useCertificateColumns();

  return (
    <ListPage
      title={t(route.title)}
      actions={
        principal ? (
          <Button leftSection={<IconFilePlus size={18} aria-hidden />} onClick={() => setIssuing(true)}>
            {t('certificates.issue.open')}
          </Button>
        ) : null
      }
      list={list}
      statuses={STATUSES}
      statusLabel={(s) => (s === 'all' ? t('certificates.allStatuses') : t(`certificates.statuses.${s}`))}
      searchPlaceholder={t('certificates.searchPlaceholder')}
      filters={
        <>
          <NativeSelect
            label={t('certificates.type')}
            value={type ?? ''}
            onChange={(e) => list.setParam('type', e.currentTarget.value || null)}
            data={[{ value: '', label: t('certificates.allTypes') }, ...CERTIFICATE_TYPES.map((v) => ({ value: v, label: t(`certificates.types.${v}`) }))]}
            style={{ flex: '0 1 220px', minWidth: 140 }}
          />
          <NativeSelect
            label={t('certificates.session')}
            value={sessionId ?? ''}
            onChange={(e) => list.setParam('session', e.currentTarget.value || null)}
            data={[{ value: '', label: t('certificates.allSessions') }, ...(sessions.data ?? []).map((s) => ({ value: s.sessionId, label: s.sessionYear }))]}
            style={{ flex: '0 1 160px', minWidth: 120 }}
          />
          {studentId ? (
            <Button variant="light" rightSection={<IconX size={14} aria-hidden />} onClick={() => list.setParam('student', null)} style={{ alignSelf: 'flex-end' }}>
              {t('certificates.oneStudent', { name: query.data?.items[0]?.student.fullName ?? '…' })}
            </Button>
          ) : null}
        </>
      }
      query={query}
      columns={[
        ...columns,
        // Shared or not under the status, and the actions stacked: the register fits 1280 px without scrolling sideways.
        {
          key: 'status',
          header: t('certificates.status'),
          cell: (c) => (
            <Stack gap={2} align="flex-start">
              <StatusCell certificate={c} />
              <Text size="xs" c="dimmed">
                {c.sharedWithParent ? t('certificates.sharedYes') : t('certificates.sharedNo')}
              </Text>
            </Stack>
          ),
        },
      ]}
      rowKey={(c) => c.certificateId}
      rowActions={(c) => (
        <Stack gap={4} align="flex-end">
          <PdfButtons certificate={c} />
          {principal && !c.cancelled ? (
            <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconBan size={14} aria-hidden />} onClick={() => {
                setRestore(true);
                setCancelling(c);
              }} aria-label={t('certificates.cancel.named', { name: name(c), student: c.student.fullName })}>
              {t('certificates.cancel.action')}
            </Button>
          ) : null}
        </Stack>
      )}
      emptyText={list.search || type || sessionId || studentId || list.status !== 'all' ? t('certificates.noMatch') : t('certificates.empty')}
      minWidth={720}
    >
      {issuing ? <IssueCertificateModal onClose={() => setIssuing(false)} /> : null}
      {cancelling ? (
        <ReasonModal
          title={t('certificates.cancel.title', { name: name(cancelling) })}
          intro={
            <Alert color="red" variant="light">
              <Text size="sm">{t('certificates.cancel.intro', { name: name(cancelling), student: cancelling.student.fullName })}</Text>
            </Alert>
          }
          reasonLabel={t('certificates.cancel.reason')}
          schema={certificateCancelBody}
          save={(reason) => cancel.mutateAsync({ certificateId: cancelling.certificateId, reason, restoreStudent: restorable && restore })}
          saved={(c) => (restorable && restore ? t('certificates.cancel.doneRestored', { name: name(c), student: c.student.fullName }) : t('certificates.cancel.done', { name: name(c) }))}
          submitLabel={t('certificates.cancel.submit')}
          color="red"
          icon={<IconBan size={16} aria-hidden />}
          onClose={() => setCancelling(null)}
        >
          {restorable ? (
            <Radio.Group label={t('certificates.cancel.restoreLabel', { student: cancelling.student.fullName })} value={restore ? 'restore' : 'cancelOnly'} onChange={(v) => setRestore(v === 'restore')}>
              <Stack gap="xs" mt={6}>
                <Radio value="restore" label={t('certificates.cancel.restore', { student: cancelling.student.fullName })} />
                <Radio value="cancelOnly" label={t('certificates.cancel.cancelOnly', { student: cancelling.student.fullName })} />
              </Stack>
            </Radio.Group>
          ) : null}
        </ReasonModal>
      ) : null}
    </ListPage>
  );
}
