import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageUsage } from '@shala/contract';
import { useMessageUsage } from '../../api/messages';
import type { ScreenProps } from '../../app/screen';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageHeading } from '../../components/PageHeading';
import { useFormat } from '../../lib/format';

type Row = MessageUsage[number];

/**
 * /messages/usage (112, 113): what went out by SMS and WhatsApp per month (the school's time, the
 * last 12, newest first) and channel: messages the provider took, those that failed, SMS parts.
 */
export default function UsagePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const usage = useMessageUsage();
  const rows = usage.data ?? [];

  const columns: DataColumn<Row>[] = [
    {
      key: 'month',
      header: t('messages.usage.month'),
      primary: true,
      wrap: 'nowrap',
      cell: (r) => (
        <Text size="sm" fw={600} span>
          {fmt.month(r.month)}
        </Text>
      ),
    },
    { key: 'channel', header: t('messages.report.channel'), cell: (r) => t(`messages.channels.${r.channel}`) },
    { key: 'sent', header: t('messages.usage.sent'), wrap: 'numeric', cell: (r) => fmt.number(r.sent) },
    { key: 'failed', header: t('messages.usage.failed'), wrap: 'numeric', cell: (r) => fmt.number(r.failed) },
    // WhatsApp is billed per message: no parts to count.
    { key: 'parts', header: t('messages.usage.parts'), wrap: 'numeric', cell: (r) => (r.channel === 'sms' ? fmt.number(r.parts) : '—') },
  ];

  return (
    <>
      <PageHeading title={t(route.title)} description={t('messages.usage.description')} />
      <DataTable
        label={t('messages.usage.label')}
        items={rows}
        columns={columns}
        rowKey={(r) => `${r.month}-${r.channel}`}
        minWidth={560}
        maw={900}
        busy={usage.isFetching}
        state={{ query: usage, emptyText: t('messages.usage.empty') }}
        after={
          <Text size="xs" c="dimmed" mt="sm">
            {t('messages.usage.partsHint')}
          </Text>
        }
      />
    </>
  );
}
