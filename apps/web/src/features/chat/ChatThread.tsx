import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Box, Button, Center, Divider, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCheck, IconChecks, IconClock, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, type ChatMessage } from '@shala/contract';
import { useAuth } from '../../api/auth';
import { chatKeys, readIncoming, useChatHistory, useMarkChatRead, useSendChat, type HistoryData } from '../../api/chat';
import { apiErrorText } from '../../api/errors';
import { UserAvatar } from '../../components/UserAvatar';
import type { OpenPeer } from './ChatPage';
import { byDay, dayLabel, newClientId, relationText, timeLabel } from './format';
import { useFormat } from '../../lib/format';

interface Pending {
  clientId: string;
  text: string;
  createdAt: string;
  error: unknown;
}

/** One conversation: the peer, the messages (newest at the bottom, "load older" on top) and the send box. */
export function ChatThread({ peer, onBack }: { peer: OpenPeer; onBack?: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { userId: me } = useAuth();
  const client = useQueryClient();
  const history = useChatHistory(peer.userId);
  const send = useSendChat(peer.userId);
  const markRead = useMarkChatRead();
  const [pending, setPending] = useState<Pending[]>([]);
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement>(null);

  const contact = history.data?.pages[0]?.peer;
  const messages = useMemo(() => (history.data?.pages.flatMap((p) => p.items) ?? []).slice().reverse(), [history.data]);
  // A sent message can arrive live (this user's own room) before its answer: its unsent copy goes.
  const unsent = useMemo(() => {
    const delivered = new Set(messages.map((m) => m.clientId).filter(Boolean));
    return pending.filter((p) => !delivered.has(p.clientId));
  }, [messages, pending]);

  // Opening the thread (and each message that arrives while it is open) marks the peer's messages read.
  // (Once per newest unread message: a failed call is not retried in a loop.)
  const unreadFromPeer = messages.findLast((m) => m.senderId === peer.userId && m.readAt === null)?.messageId ?? null;
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!unreadFromPeer || tried.current === unreadFromPeer) return;
    tried.current = unreadFromPeer;
    markRead.mutate(peer.userId, {
      onSuccess: () => client.setQueryData<HistoryData>(chatKeys.history(peer.userId), (d) => readIncoming(d, peer.userId)),
    });
  }, [unreadFromPeer, markRead, peer.userId, client]);

  // Stay at the bottom when a message arrives; keep the place when older ones load above.
  const newest = messages.at(-1)?.messageId;
  const oldest = messages[0]?.messageId;
  const last = useRef<{ newest?: string; oldest?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = last.current;
    if (before.oldest && oldest !== before.oldest && newest === before.newest) el.scrollTop += el.scrollHeight - before.height;
    else el.scrollTop = el.scrollHeight;
    last.current = { newest, oldest, height: el.scrollHeight };
  }, [newest, oldest, pending.length]);

  const deliver = (p: Pending) => {
    setPending((list) => list.map((x) => (x.clientId === p.clientId ? { ...x, error: null } : x)));
    send.mutate(
      { text: p.text, clientId: p.clientId },
      {
        onSuccess: () => setPending((list) => list.filter((x) => x.clientId !== p.clientId)),
        onError: (error) => setPending((list) => list.map((x) => (x.clientId === p.clientId ? { ...x, error } : x))),
      },
    );
  };
  const submit = () => {
    const body = text.trim();
    if (!body || body.length > CHAT_LIMITS.text) return;
    const p: Pending = { clientId: newClientId(), text: body, createdAt: new Date().toISOString(), error: null };
    setPending((list) => [...list, p]);
    setText('');
    deliver(p);
  };

  const title = contact?.fullName ?? peer.name;
  const tooLong = text.length > CHAT_LIMITS.text;
  return (
    <>
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

      <div ref={scroller} style={{ flex: 1, overflowY: 'auto', padding: 'var(--mantine-spacing-sm)' }} data-testid="chat-messages" aria-live="polite">
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
              <Stack key={p.clientId} gap={2} align="flex-end">
                <BubbleBox mine text={p.text} time={timeLabel(p.createdAt, fmt.language)} status={p.error ? 'failed' : 'sending'} />
                {p.error ? (
                  <Group gap="xs" justify="flex-end">
                    <Text size="xs" c="red" role="alert">
                      {apiErrorText(p.error, t)}
                    </Text>
                    <Button size="compact-xs" variant="light" color="red" onClick={() => deliver(p)}>
                      {t('common.retry')}
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setPending((l) => l.filter((x) => x.clientId !== p.clientId))}>
                      {t('chat.discard')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </div>

      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
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
    </>
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
