import { useState } from 'react';
import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSENT_FILTERS, ROLE, type ConsentReport, type ConsentRow } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { useConsentReport } from '../../api/privacy';
import type { ScreenProps } from '../../lib/screen';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../lib/useListParams';
import { ConsentBadge, optionsText } from './ChildConsentPage';
import { DownloadButtons } from './DownloadButtons';
import { EraseModal } from './EraseModal';
import { useFormat } from '../../lib/format';
import { RowAction } from '../../components/RowAction';

/**
 * /dataprivacy (112, 113): the school's students with their parent's consent (counts by state,
 * filter, search); each student's data downloads (JSON, PDF), its audit trail, and for the
 * principal the erasure of a former student.
 */
export default function DataPrivacyPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { role } = useAuth();
  const list = useListParams(CONSENT_FILTERS, 'all');
  const result = useConsentReport({ page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status });
  const [erasing, setErasing] = useState<ConsentRow | null>(null);
  const filtered = !!list.search || list.status !== 'all';

  const columns: ListColumn<ConsentRow>[] = [
    {
      key: 'name',
      header: t('privacy.report.student'),
      primary: true,
      cell: (s) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {s.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {s.loginId}
          </Text>
        </Stack>
      ),
    },
    { key: 'parent', header: t('privacy.report.parent'), cell: (s) => s.parentName ?? '—', wrap: 'anywhere' },
    {
      key: 'consent',
      header: t('privacy.report.consent'),
      cell: (s) => (
        <Stack gap={2} align="flex-start">
          <ConsentBadge state={s.consent} />
          {s.at ? (
            <Text size="xs" c="dimmed">
              {fmt.dateTime(s.at)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'covers', header: t('privacy.consent.options'), cell: (s) => (s.consent === 'given' ? optionsText(t, s.photos, s.notifications) : '—') },
    {
      key: 'account',
      header: t('privacy.report.account'),
      wrap: 'nowrap',
      cell: (s) => t(s.erased ? 'privacy.report.erased' : s.active ? 'status.active' : 'privacy.report.former'),
    },
  ];

  return (
    <ListPage
      title={t(route.title)}
      list={list}
      statuses={CONSENT_FILTERS}
      statusLabel={(v) => t(`privacy.filter.${v}`)}
      searchPlaceholder={t('privacy.report.search')}
      filters={<Counts counts={result.data?.counts} />}
      query={result}
      columns={columns}
      rowKey={(s) => s.studentId}
      rowActions={(s) => (
        <Group gap={4} wrap="wrap" justify="flex-end">
          <DownloadButtons studentId={s.studentId} name={s.fullName} compact />
          <Tooltip label={t('privacy.report.auditTrail')}>
            <ActionIcon
              component={Link}
              to={`/auditlog?student=${s.studentId}&name=${encodeURIComponent(s.fullName)}`}
              variant="subtle"
              aria-label={t('privacy.report.auditTrailNamed', { name: s.fullName })}
            >
              <IconHistory size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {role === ROLE.PRINCIPAL && !s.active && !s.erased ? (
            <RowAction tip={t('privacy.erase.title')} label={t('privacy.erase.named', { name: s.fullName })} icon={IconTrash} onClick={() => setErasing(s)} danger />
          ) : null}
        </Group>
      )}
      emptyText={filtered ? t('privacy.report.noneFound') : t('privacy.report.empty')}
      minWidth={980}
    >
      <EraseModal student={erasing} onClose={() => setErasing(null)} />
    </ListPage>
  );
}

/** The school's students by consent state (whatever the filter). */
function Counts({ counts }: { counts: ConsentReport['counts'] | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!counts) return null;
  const n = new Intl.NumberFormat(fmt.locale);
  const cells = [
    ['students', counts.students],
    ['given', counts.given],
    ['withdrawn', counts.withdrawn],
    ['missing', counts.missing],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" w="100%" data-testid="consent-counts">
      {cells.map(([key, value]) => (
        <Paper key={key} withBorder radius="sm" px="sm" py={6}>
          <Text size="xs" c="dimmed">
            {t(`privacy.count.${key}`)}
          </Text>
          <Text fw={700}>{n.format(value)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
