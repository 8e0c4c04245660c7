import { Alert, Paper, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageUsage } from '@shala/contract';
import { useMessageUsage } from '../../api/messages';
import type { ScreenProps } from '../../lib/screen';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { PageHeading } from '../../components/PageHeading';
import { useFormat } from '../../lib/format';

type Row = MessageUsage['months'][number];

/**
 * /messages/usage (112, 113): what went out by SMS and WhatsApp per month (the school's time, the
 * last 12, newest first) and channel: messages the provider took, those that failed, SMS parts;
 * and today's mobile verification codes against the school's daily cap (issue 39), with a warning
 * once it is reached.
 */
export default function UsagePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const usage = useMessageUsage();
  const rows = usage.data?.months ?? [];
  const codes = usage.data?.mobileCodes;

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
      {codes && (
        <Paper withBorder radius="md" p="md" mb="md" maw={900}>
          <Text size="sm" fw={600}>
            {t('messages.usage.codesToday', { today: fmt.number(codes.today), cap: fmt.number(codes.cap) })}
          </Text>
          <Progress value={Math.min(100, (codes.today / codes.cap) * 100)} color={codes.today >= codes.cap ? 'red' : 'blue'} mt="xs" aria-hidden />
          <Text size="xs" c="dimmed" mt="xs">
            {t('messages.usage.codesHint')}
          </Text>
          {codes.today >= codes.cap && (
            <Alert color="red" variant="light" mt="sm" title={t('messages.usage.codesCapTitle')}>
              {t('messages.usage.codesCapText')}
            </Alert>
          )}
        </Paper>
      )}
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
