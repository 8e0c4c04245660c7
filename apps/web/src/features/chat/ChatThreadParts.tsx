import { ActionIcon, Alert, Box, Button, Center, Divider, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCheck, IconChecks, IconClock, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type ChatMessage } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { apiErrorText } from '../../api/errors';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormat } from '../../lib/format';
import { byDay, dayLabel, relationText, timeLabel } from './format';
import type { ChatThreadState, Pending } from './useChatThread';

/** The thread's top bar: back (on a phone), the peer's picture, name and relation. */
export function ChatHeader({ contact, title, onBack }: { contact: ChatThreadState['contact']; title: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {onBack ? (
        <ActionIcon variant="subtle" onClick={onBack} aria-label={t('chat.back')} size="lg">
          <IconArrowLeft size={20} aria-hidden />
        </ActionIcon>
      ) : null}
      <UserAvatar image={contact?.image} alt="" size={36} radius="xl" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate data-testid="chat-peer">
          {title}
        </Text>
        {contact ? (
          <Text size="xs" c="dimmed" truncate>
            {relationText(contact, t)}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** The messages by day ("load older" on top), then the ones still being sent or refused. */
export function ChatMessages({ c, title }: { c: ChatThreadState; title: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { userId: me } = useAuth();
  const { history, messages, unsent } = c;
  return (
    <div ref={c.scroller} style={{ flex: 1, overflowY: 'auto', padding: 'var(--mantine-spacing-sm)' }} data-testid="chat-messages" aria-live="polite">
      {history.isLoading ? (
        <Center p="xl">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : history.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden />} role="alert">
          {apiErrorText(history.error, t)}
        </Alert>
      ) : (
        <Stack gap={6}>
          {history.hasNextPage ? (
            <Center>
              <Button variant="subtle" size="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
                {t('chat.loadOlder')}
              </Button>
            </Center>
          ) : null}
          {messages.length === 0 && unsent.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl" data-testid="chat-empty">
              {t('chat.noMessages', { name: title })}
            </Text>
          ) : null}
          {byDay(messages).map((g) => (
            <Stack key={g.day} gap={6}>
              <Divider label={dayLabel(g.first, fmt.language, t)} labelPosition="center" />
              {g.items.map((m) => (
                <Bubble key={m.messageId} message={m} mine={m.senderId === me} />
              ))}
            </Stack>
          ))}
          {unsent.map((p) => (
            <UnsentMessage key={p.clientId} p={p} onRetry={() => c.deliver(p)} onDiscard={() => c.discard(p)} />
          ))}
        </Stack>
      )}
    </div>
  );
}

/** A message being sent, or refused: why, Retry and Discard. */
function UnsentMessage({ p, onRetry, onDiscard }: { p: Pending; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Stack gap={2} align="flex-end">
      <BubbleBox mine text={p.text} time={timeLabel(p.createdAt, fmt.language)} status={p.error ? 'failed' : 'sending'} />
      {p.error ? (
        <Group gap="xs" justify="flex-end">
          <Text size="xs" c="red" role="alert">
            {apiErrorText(p.error, t)}
          </Text>
          <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
            {t('chat.discard')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The send box: Enter sends, Shift+Enter breaks the line; the count and the limit under it. */
export function ChatComposer({ c }: { c: ChatThreadState }) {
  const { t } = useTranslation();
  const { text, tooLong, history, submit } = c;
  return (
    <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          value={text}
          onChange={(e) => c.setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.message')}
          autosize
          minRows={1}
          maxRows={5}
          disabled={history.isError}
          error={tooLong ? t('chat.tooLong', { max: CHAT_LIMITS.text }) : undefined}
        />
        <ActionIcon size={36} onClick={submit} disabled={!text.trim() || tooLong || history.isError} aria-label={t('chat.send')}>
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Group justify="space-between" mt={4} gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('chat.hint')}
        </Text>
        <Text size="xs" c={tooLong ? 'red' : 'dimmed'} ml="auto" data-testid="chat-count">
          {t('chat.count', { n: text.length, max: CHAT_LIMITS.text })}
        </Text>
      </Group>
    </Box>
  );
}

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const fmt = useFormat();
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'}>
      <BubbleBox mine={mine} text={message.text} time={timeLabel(message.createdAt, fmt.language)} status={mine ? (message.readAt ? 'read' : 'sent') : null} />
    </Group>
  );
}

function BubbleBox({ mine, text, time, status }: { mine: boolean; text: string; time: string; status: 'sending' | 'sent' | 'read' | 'failed' | null }) {
  const { t } = useTranslation();
  const icon =
    status === 'read' ? (
      <IconChecks size={14} color="var(--mantine-color-blue-6)" aria-label={t('chat.read')} />
    ) : status === 'sent' ? (
      <IconCheck size={14} aria-label={t('chat.sent')} />
    ) : status === 'sending' ? (
      <IconClock size={14} aria-label={t('chat.sending')} />
    ) : status === 'failed' ? (
      <IconAlertCircle size={14} color="var(--mantine-color-red-6)" aria-label={t('chat.failed')} />
    ) : null;
  return (
    <Box
      data-testid={mine ? 'chat-mine' : 'chat-theirs'}
      px="sm"
      py={6}
      style={{
        maxWidth: 'min(75%, 520px)',
        borderRadius: 12,
        background: mine ? 'var(--mantine-color-indigo-light)' : 'var(--mantine-color-default-hover)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <Group gap={4} justify="flex-end" c="dimmed">
        <Text size="xs" c="dimmed">
          {time}
        </Text>
        {icon}
      </Group>
    </Box>
  );
}
