import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { COMPOSER_CHANNELS, DELIVERY_STATUSES, toCsv, type DeliveryRow, type DeliveryStatus, type MessageSummary } from '@shala/contract';
import { allDeliveries, PENDING_STATUSES, useCancelMessage, useDeliveries, useMessage, useRefreshMessage, type DeliveryQuery } from '../../api/messages';
import { saveBlob } from '../../api/transfer';
import type { ScreenProps } from '../../lib/screen';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { DetailGrid } from '../../components/DetailGrid';
import { RecordState } from '../../components/ListState';
import { ListPager } from '../../components/ListToolbar';
import { PageHeading } from '../../components/PageHeading';
import { csvBlob } from '../../lib/csv';
import { useFormat } from '../../lib/format';
import { notifyError, toastOutcome } from '../../lib/notify';
import { useAddressParams } from '../../lib/useListParams';
import { SectionCard } from '../academics';
import { ChannelBadges, DeliveryBadge, DeliveryCounts, MessageAttachment, MessageStatusBadge, useAudienceText, useDeliveryReason } from './parts';

const PAGE_SIZE = 50;
type Channel = (typeof COMPOSER_CHANNELS)[number];

/**
 * /messages/:messageId (112, 113): the message as sent (with its file), its counts, and its
 * delivery report (by status and channel, exported as CSV); one set for later can be cancelled
 * before it goes.
 */
export default function MessagePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { messageId = '' } = useParams();
  const message = useMessage(messageId);
  const refresh = useRefreshMessage(messageId);
  return (
    <>
      <PageHeading title={message.data?.title ?? t(route.title)} description={t('messages.report.description')} />
      <RecordState query={message}>{() => (message.data ? <Message message={message.data} refetch={() => void refresh()} refreshing={message.isFetching} /> : null)}</RecordState>
    </>
  );
}

function Message({ message: m, refetch, refreshing }: { message: MessageSummary; refetch: () => void; refreshing: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const audienceText = useAudienceText();
  const moving = PENDING_STATUSES.some((s) => (m.counts[s] ?? 0) > 0);
  return (
    <Stack gap="lg">
      <SectionCard
        title={t('messages.report.message')}
        actions={
          <>
            {m.status === 'scheduled' ? <CancelButton message={m} /> : null}
            <Button variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={refetch} loading={refreshing}>
              {t('messages.report.refresh')}
            </Button>
          </>
        }
      >
        <Text size="sm" mb="lg" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="message-body">
          {m.body}
        </Text>
        {m.attachment ? <MessageAttachment messageId={m.messageId} file={m.attachment} mb="lg" /> : null}
        <DetailGrid
          cols={3}
          items={[
            { label: t('list.status'), value: <MessageStatusBadge message={m} /> },
            { label: t('messages.list.sender'), value: m.senderName },
            { label: t('messages.report.createdAt'), value: fmt.dateTime(m.createdAt) },
            { label: t('messages.report.scheduledFor'), value: m.scheduledFor ? fmt.dateTime(m.scheduledFor) : null },
            { label: t('messages.list.audience'), value: audienceText(m.audience) },
            { label: t('messages.list.channels'), value: <ChannelBadges channels={m.channels} /> },
            { label: t('messages.list.recipients'), value: <span data-testid="message-recipients">{fmt.number(m.recipients)}</span> },
            { label: t('messages.list.deliveries'), value: <DeliveryCounts counts={m.counts} /> },
          ].filter((item) => item.value !== null)}
        />
      </SectionCard>
      <Report message={m} moving={moving} />
    </Stack>
  );
}

/** "Cancel sending" of a message set for later: asked first; a message that went meanwhile shows as sent, with the reason. */
function CancelButton({ message: m }: { message: MessageSummary }) {
  const { t } = useTranslation();
  const cancel = useCancelMessage(m.messageId);
  const ask = () =>
    modals.openConfirmModal({
      title: t('messages.cancel.title'),
      children: <Text size="sm">{t('messages.cancel.text', { title: m.title })}</Text>,
      labels: { confirm: t('messages.cancel.confirm'), cancel: t('messages.cancel.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, toastOutcome(t('messages.cancel.done', { title: m.title }), t('messages.cancel.failed'))),
    });
  return (
    <Button variant="light" color="red" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={ask} loading={cancel.isPending}>
      {t('messages.cancel.button')}
    </Button>
  );
}

/** The delivery report: one row per recipient and paid channel, by status and channel, a page at a time. */
function Report({ message: m, moving }: { message: MessageSummary; moving: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { params, update } = useAddressParams();
  const rawStatus = params.get('status');
  const rawChannel = params.get('channel');
  const status = (DELIVERY_STATUSES as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as DeliveryStatus) : undefined;
  const channel = (COMPOSER_CHANNELS as readonly string[]).includes(rawChannel ?? '') ? (rawChannel as Channel) : undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query: DeliveryQuery = { page, pageSize: PAGE_SIZE, status, channel };
  const deliveries = useDeliveries(m.messageId, query, moving);
  const reasonText = useDeliveryReason();
  const [exporting, setExporting] = useState(false);
  const filtered = !!status || !!channel;

  const columns: DataColumn<DeliveryRow>[] = [
    {
      key: 'recipient',
      header: t('messages.report.recipient'),
      primary: true,
      cell: (d) => (
        <div>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {d.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {d.loginId}
          </Text>
        </div>
      ),
    },
    { key: 'channel', header: t('messages.report.channel'), cell: (d) => t(`messages.channels.${d.channel}`) },
    { key: 'status', header: t('list.status'), cell: (d) => <DeliveryBadge status={d.status} /> },
    { key: 'reason', header: t('messages.report.reason'), optional: (d) => d.reason, cell: (d) => reasonText(d.reason) },
    { key: 'sentAt', header: t('messages.report.sentAt'), wrap: 'nowrap', cell: (d) => (d.sentAt ? fmt.dateTime(d.sentAt) : '—') },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await allDeliveries(m.messageId, { status, channel });
      const csv = toCsv([
        [t('messages.report.recipient'), t('messages.report.loginId'), t('messages.report.channel'), t('list.status'), t('messages.report.reason'), t('messages.report.parts'), t('messages.report.sentAt')],
        ...rows.map((d) => [d.fullName, d.loginId, t(`messages.channels.${d.channel}`), t(`messages.delivery.${d.status}`), d.reason ? reasonText(d.reason) : '', d.parts, d.sentAt]),
      ]);
      saveBlob(csvBlob(csv), `message-deliveries-${m.createdAt.slice(0, 10)}${status ? `-${status}` : ''}${channel ? `-${channel}` : ''}.csv`);
    } catch (err) {
      notifyError(err, t('messages.report.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const emptyText =
    m.status === 'scheduled'
      ? t('messages.report.emptyScheduled')
      : m.status === 'cancelled'
        ? t('messages.report.emptyCancelled')
        : filtered
          ? t('messages.report.noneFound')
          : m.channels.length === 0
            ? t('messages.report.bellOnly')
            : t('messages.report.empty');

  return (
    <SectionCard title={t('messages.report.title')}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <FilterSelect
            label={t('list.status')}
            all={t('messages.report.allStatuses')}
            options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`messages.delivery.${s}`) }))}
            value={status}
            onChange={(value) => update({ status: value, page: null })}
          />
          <FilterSelect
            label={t('messages.report.channel')}
            all={t('messages.report.allChannels')}
            options={COMPOSER_CHANNELS.map((c) => ({ value: c, label: t(`messages.channels.${c}`) }))}
            value={channel}
            onChange={(value) => update({ channel: value, page: null })}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={!deliveries.data || deliveries.data.total === 0}
            ml={{ xs: 'auto' }}
          >
            {t('messages.report.exportCsv')}
          </Button>
        </Group>
      </Paper>
      {moving ? (
        <Text size="xs" c="dimmed" mb="xs" role="status">
          {t('messages.report.moving')}
        </Text>
      ) : null}
      {/* Rows are deliveries on the paid channels and mail, not recipients: say why they differ (issue 39). */}
      {!filtered && m.status === 'sent' && m.channels.length > 0 && deliveries.data ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="report-coverage">
          {t('messages.report.coverage', {
            rows: fmt.number(deliveries.data.total),
            recipients: fmt.number(m.recipients),
            count: m.recipients,
          })}
        </Text>
      ) : null}
      <DataTable
        label={t('messages.report.title')}
        items={deliveries.data?.items ?? []}
        columns={columns}
        rowKey={(d) => d.deliveryId}
        minWidth={720}
        busy={deliveries.isFetching}
        state={{ query: deliveries, emptyText }}
        after={<ListPager page={page} pageSize={PAGE_SIZE} total={deliveries.data?.total ?? 0} onChange={(p) => update({ page: p > 1 ? String(p) : null })} />}
      />
    </SectionCard>
  );
}

/** A filter of the report: "all", then its values; none chosen is null. */
function FilterSelect({ label, all, options, value, onChange }: { label: string; all: string; options: Array<{ value: string; label: string }>; value: string | undefined; onChange: (value: string | null) => void }) {
  return <Select label={label} data={[{ value: '', label: all }, ...options]} value={value ?? ''} onChange={(next) => onChange(next || null)} allowDeselect={false} w={180} />;
}
