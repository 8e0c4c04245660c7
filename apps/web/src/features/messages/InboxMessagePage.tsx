import { Button, EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconBell, IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ReceivedMessage } from '@shala/contract';
import { ApiError } from '../../api/client';
import { useReceivedMessage } from '../../api/messages';
import type { ScreenProps } from '../../lib/screen';
import { RecordState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { useFormat } from '../../lib/format';
import { MessageAttachment } from './parts';

/**
 * /inbox/:messageId (112–116): a message the school sent, as its recipients read it (the bell's
 * notification leads here): its title, who sent it and when, the text with its line breaks, and
 * its file to download. One that was not sent to the reader (or is gone) is a plain "not found".
 */
export default function InboxMessagePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { messageId = '' } = useParams();
  const message = useReceivedMessage(messageId);
  const missing = message.error instanceof ApiError && message.error.status === 404;
  return (
    <>
      <PageHeading title={message.data?.title ?? t(route.title)} />
      {missing ? (
        <Paper withBorder radius="md" p="xl" maw={760}>
          <EmptyState icon={<IconMailOff size={28} stroke={1.5} aria-hidden />} withIndicatorBackground title={t('messages.inbox.notFound')} role="status">
            <Stack gap="md" align="center">
              <Text size="sm">{t('messages.inbox.notFoundHint')}</Text>
              <Button component={Link} to="/notifications" variant="light" leftSection={<IconBell size={16} aria-hidden />}>
                {t('messages.inbox.toNotifications')}
              </Button>
            </Stack>
          </EmptyState>
        </Paper>
      ) : (
        <RecordState query={message}>{() => (message.data ? <Received message={message.data} /> : null)}</RecordState>
      )}
    </>
  );
}

function Received({ message: m }: { message: ReceivedMessage }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760} component="article" aria-label={m.title}>
      <Stack gap="md">
        <Text size="sm" c="dimmed" data-testid="inbox-from">
          {t('messages.inbox.fromOn', { name: m.senderName, date: fmt.dateTime(m.createdAt) })}
        </Text>
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="inbox-body">
          {m.body}
        </Text>
        {m.attachment ? <MessageAttachment messageId={m.messageId} file={m.attachment} /> : null}
      </Stack>
    </Paper>
  );
}
