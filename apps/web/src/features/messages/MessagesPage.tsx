import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconChartBar, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZE_DEFAULT, type MessageSummary } from '@shala/contract';
import { useMessageList } from '../../api/messages';
import type { ScreenProps } from '../../lib/screen';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { ListPager } from '../../components/ListToolbar';
import { PageHeading } from '../../components/PageHeading';
import { useFormat } from '../../lib/format';
import { useAddressParams, useClampPage } from '../../lib/useListParams';
import { ChannelBadges, DeliveryCounts, MessageStatusBadge, useAudienceText } from './parts';

/**
 * /messages (112, 113): the school's messages, newest first, each with its deliveries counted;
 * "New message" opens the composer, "Usage" what went out by SMS and WhatsApp per month.
 */
export default function MessagesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const audienceText = useAudienceText();
  const { params, update } = useAddressParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = (p: number) => update({ page: p > 1 ? String(p) : null });
  const list = useMessageList(page, PAGE_SIZE_DEFAULT);
  useClampPage(page, list.data, setPage);

  const columns: DataColumn<MessageSummary>[] = [
    {
      key: 'title',
      header: t('messages.form.title'),
      primary: true,
      cell: (m) => (
        <Stack gap={2} maw={300}>
          <Anchor component={Link} to={`/messages/${m.messageId}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {m.title}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {m.body}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'date',
      header: t('messages.list.date'),
      cell: (m) => (
        <div>
          <Text size="sm">{m.status === 'scheduled' && m.scheduledFor ? t('messages.list.setFor', { when: fmt.dateTime(m.scheduledFor) }) : fmt.dateTime(m.createdAt)}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('messages.list.by', { name: m.senderName })}
          </Text>
        </div>
      ),
    },
    { key: 'audience', header: t('messages.list.audience'), cell: (m) => audienceText(m.audience) },
    { key: 'channels', header: t('messages.list.channels'), cell: (m) => <ChannelBadges channels={m.channels} /> },
    { key: 'status', header: t('list.status'), wrap: 'nowrap', cell: (m) => <MessageStatusBadge message={m} /> },
    { key: 'recipients', header: t('messages.list.recipients'), wrap: 'numeric', cell: (m) => fmt.number(m.recipients) },
    { key: 'deliveries', header: t('messages.list.deliveries'), cell: (m) => <DeliveryCounts counts={m.counts} /> },
  ];

  return (
    <>
      <PageHeading title={t(route.title)} description={t('messages.list.description')} />
      <Group justify="flex-end" gap="xs" mb="md" wrap="wrap">
        <Button component={Link} to="/messages/usage" variant="default" leftSection={<IconChartBar size={16} aria-hidden />}>
          {t('messages.list.usage')}
        </Button>
        <Button component={Link} to="/messages/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('messages.list.add')}
        </Button>
      </Group>
      <DataTable
        label={t(route.title)}
        items={list.data?.items ?? []}
        columns={columns}
        rowKey={(m) => m.messageId}
        minWidth={900}
        busy={list.isFetching}
        state={{ query: list, emptyText: t('messages.list.empty') }}
        after={<ListPager page={page} pageSize={PAGE_SIZE_DEFAULT} total={list.data?.total ?? 0} onChange={setPage} />}
      />
    </>
  );
}
