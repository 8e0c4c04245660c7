import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE_KEY, STATUS_FILTERS, type Notice, type Role } from '@shala/contract';
import { useNoticeList } from '../../api/notices';
import type { ScreenProps } from '../../lib/screen';
import { ListPage, type ListColumn } from '../../components/ListPage';
import { useListParams } from '../../lib/useListParams';
import { NoticeStatusSwitch } from './NoticeStatusSwitch';
import { useFormat } from '../../lib/format';
import { RowAction } from '../../components/RowAction';

/** The roles of a notice by name ("Teacher, Parent"). */
export function useRoleNames() {
  const { t } = useTranslation();
  return (roles: readonly number[]) => roles.map((r) => (r in ROLE_KEY ? t(ROLE_KEY[r as Role]) : String(r))).join(', ');
}

/** /viewall_notice (113): every notice of the school, newest first, by status and title; each can be switched off or edited. */
export default function NoticesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams(STATUS_FILTERS, 'all');
  const result = useNoticeList({ page: list.page, pageSize: list.pageSize, search: list.search || undefined, status: list.status });
  const roleNames = useRoleNames();
  const filtered = !!list.search || list.status !== 'all';

  const columns: ListColumn<Notice>[] = [
    {
      key: 'title',
      header: t('notices.form.title'),
      primary: true,
      cell: (n) => (
        <Stack gap={2} maw={420}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {n.description}
          </Text>
        </Stack>
      ),
    },
    { key: 'date', header: t('notices.form.date'), cell: (n) => fmt.date(n.date), wrap: 'nowrap' },
    { key: 'roles', header: t('notices.list.roles'), cell: (n) => roleNames(n.roles) },
    {
      key: 'status',
      header: t('list.status'),
      wrap: 'nowrap',
      cell: (n) => (
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={n.status ? 'green' : 'gray'} style={{ textTransform: 'none', flexShrink: 0, overflow: 'visible' }}>
            {n.status ? t('status.active') : t('status.inactive')}
          </Badge>
          <NoticeStatusSwitch notice={n} />
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      title={t(route.title)}
      actions={
        <Button component={Link} to="/noticeboard" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('notices.list.add')}
        </Button>
      }
      list={list}
      statuses={STATUS_FILTERS}
      searchPlaceholder={t('notices.list.searchPlaceholder')}
      query={result}
      columns={columns}
      rowKey={(n) => n.noticeId}
      rowActions={(n) => (
        <RowAction tip={t('common.edit')} label={t('common.editNamed', { name: n.title })} icon={IconPencil} to={`/editnoticeboard/${n.noticeId}`} />
      )}
      emptyText={filtered ? t('notices.list.noneFound') : t('notices.list.empty')}
      minWidth={760}
    />
  );
}
