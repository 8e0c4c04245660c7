import { Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, ROLE_KEY, formatRupees, isAuditView, type AuditAction, type AuditEntry, type Role } from '@shala/contract';
import { useAuditLog } from '../../api/privacy';
import type { ScreenProps } from '../../lib/screen';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../lib/useListParams';
import { useFormat } from '../../lib/format';

export const AUDIT_FILTERS = ['all', ...AUDIT_ACTIONS] as const;
type AuditFilter = (typeof AUDIT_FILTERS)[number];

/** The details of an entry worth reading: what a view saw, an import, the fields edited, the status set, the consent's options, an exam's results published or withdrawn with a reason. */
export function auditDetails(entry: Pick<AuditEntry, 'action' | 'details'>, t: TFunction): string {
  const d = entry.details;
  if (entry.action === 'view') return isAuditView(d.of) ? t(`privacy.audit.of.${d.of}`) : '';
  if (entry.action === 'create') return d.via === 'import' ? t('privacy.audit.viaImport') : '';
  if (entry.action === 'edit' && isLateFeeWaived(d.lateFeeWaived)) return t('privacy.audit.lateFeeWaived', { ...d.lateFeeWaived, amount: formatRupees(d.lateFeeWaived.amount) });
  if (entry.action === 'edit' && Array.isArray(d.fields)) return d.fields.length ? t('privacy.audit.fields', { fields: d.fields.join(', ') }) : '';
  if (entry.action === 'status' && typeof d.status === 'boolean') return t(d.status ? 'status.active' : 'status.inactive');
  if (entry.action === 'consent_given') return [d.photos ? t('privacy.consent.short.photos') : null, d.notifications ? t('privacy.consent.short.notifications') : null].filter(Boolean).join(', ');
  if (entry.action === 'erase' && d.parentErased) return t('privacy.audit.parentErased');
  if ((entry.action === 'results_published' || entry.action === 'results_withdrawn') && typeof d.reason === 'string') return t('privacy.audit.resultsReason', { exam: String(d.exam ?? ''), reason: d.reason });
  return '';
}

/** A waived late fee's details (fees/late-fees.ts): the instalment, the amount, the reason. */
const isLateFeeWaived = (v: unknown): v is { seq: number; amount: number; reason: string } =>
  typeof v === 'object' && v !== null && typeof (v as { amount?: unknown }).amount === 'number' && typeof (v as { reason?: unknown }).reason === 'string';

/**
 * /auditlog (112, 113): who viewed or changed a student's personal data, newest first; by action
 * (the filter), by student (search by name, or one student from the data screen's link).
 */
export default function AuditLogPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams<AuditFilter>(AUDIT_FILTERS, 'all');
  const studentId = list.params.get('student') ?? undefined;
  const studentName = list.params.get('name');
  const result = useAuditLog({
    page: list.page,
    pageSize: list.pageSize,
    studentId,
    search: list.search || undefined,
    action: list.status === 'all' ? undefined : (list.status as AuditAction),
  });
  const filtered = !!list.search || list.status !== 'all' || !!studentId;

  const columns: ListColumn<AuditEntry>[] = [
    { key: 'at', header: t('privacy.audit.at'), cell: (e) => fmt.dateTime(e.at), wrap: 'nowrap' },
    {
      key: 'student',
      header: t('privacy.report.student'),
      primary: true,
      cell: (e) => (
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {e.studentName ?? '—'}
        </Text>
      ),
    },
    {
      key: 'action',
      header: t('privacy.audit.action'),
      cell: (e) => (
        <Badge variant="light" color={e.action === 'erase' ? 'red' : e.action === 'view' ? 'gray' : 'indigo'} style={{ textTransform: 'none', overflow: 'visible' }}>
          {t(`privacy.action.${e.action}`)}
        </Badge>
      ),
    },
    {
      key: 'actor',
      header: t('privacy.audit.actor'),
      cell: (e) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {e.actorName ?? '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {e.actorRole in ROLE_KEY ? t(ROLE_KEY[e.actorRole as Role]) : String(e.actorRole)}
          </Text>
        </Stack>
      ),
    },
    { key: 'details', header: t('privacy.audit.details'), cell: (e) => auditDetails(e, t) || '—', wrap: 'anywhere' },
  ];

  return (
    <ListPage
      title={t(route.title)}
      list={list}
      statuses={AUDIT_FILTERS}
      statusLabel={(v) => t(`privacy.action.${v}`)}
      searchPlaceholder={t('privacy.audit.search')}
      filters={
        studentId ? (
          <Group gap={4} wrap="nowrap" data-testid="audit-student">
            <Badge variant="outline" size="lg" style={{ textTransform: 'none', maxWidth: 260 }}>
              {t('privacy.audit.onlyStudent', { name: studentName ?? '' })}
            </Badge>
            <CloseButton aria-label={t('privacy.audit.allStudents')} onClick={() => {
                list.setParam('student', null);
                list.setParam('name', null);
              }} />
          </Group>
        ) : null
      }
      query={result}
      columns={columns}
      rowKey={(e) => e.auditId}
      emptyText={filtered ? t('privacy.audit.noneFound') : t('privacy.audit.empty')}
      minWidth={860}
    />
  );
}
