import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Group, Paper, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_ROLES, REALTIME_EVENTS, ROLE_KEY, type ChatMessage, type ChatReadEvent } from '@shala/contract';

type ChatRole = (typeof CHAT_ROLES)[number];
import { useAuth } from '../../api/auth';
import { chatKeys, useChatContacts, useChatConversations, withMessage, withRead, type HistoryData } from '../../api/chat';
import type { ScreenProps } from '../../lib/screen';
import { ListState } from '../../components/ListState';
import { PageHeading } from '../../components/PageHeading';
import { UserAvatar } from '../../components/UserAvatar';
import { useRealtimeEvent } from '../notifications';
import { ChatThread, type OpenPeer } from './ChatThread';
import { relationText, whenLabel } from './format';
import { useFormat } from '../../lib/format';
import { useAddressParams } from '../../lib/useListParams';

/** Under this width one pane shows at a time (the list, or the thread with a back button). */
const ONE_PANE = '(max-width: 600px)';

/**
 * /chat (roles 112–115): the contacts and conversations on the left, the thread on the right.
 * `?teacherId=<id>&UserName=<name>` opens the chat with that person (a notification's link); a
 * teacher's own id (its profile menu's "chat with admin") opens its school's principal.
 */
export function ChatPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { userId: me, role } = useAuth();
  // Whom the reader may message (policy/chat.ts), by role.
  const reach = role !== null && CHAT_ROLES.includes(role as ChatRole) ? t(`chat.reach.${ROLE_KEY[role].replace('roles.', '')}`) : t('chat.description');
  const { params, update } = useAddressParams();
  const onePane = useMediaQuery(ONE_PANE, false) ?? false;
  const client = useQueryClient();
  const wanted = params.get('teacherId');
  const wantedName = params.get('UserName') ?? '';
  const toSelf = !!wanted && wanted === me;
  const principal = useChatContacts('');
  const open: OpenPeer | null = useMemo(() => {
    if (!wanted) return null;
    if (!toSelf) return { userId: wanted, name: wantedName };
    return null;
  }, [wanted, wantedName, toSelf]);

  // The teacher's "chat with admin": its school's principal (else a system admin).
  useEffect(() => {
    if (!toSelf || !principal.data) return;
    const items = principal.data.items;
    const admin = items.find((c) => c.relation === 'principal') ?? items.find((c) => c.relation === 'systemAdmin');
    update(admin ? { teacherId: admin.userId, UserName: admin.fullName } : {}, { reset: true });
  }, [toSelf, principal.data, update]);

  const choose = useCallback((peer: OpenPeer | null) => update(peer ? { teacherId: peer.userId, UserName: peer.name } : {}, { reset: true, push: true }), [update]);

  const onMessage = useCallback(
    (m: ChatMessage) => {
      const peer = m.senderId === me ? m.recipientId : m.senderId;
      client.setQueryData<HistoryData>(chatKeys.history(peer), (d) => withMessage(d, m));
      // The open thread marks it read itself (ChatThread), once it is in the history.
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
    },
    [me, client],
  );
  const onRead = useCallback(
    (e: ChatReadEvent) => {
      client.setQueryData<HistoryData>(chatKeys.history(e.peerId), (d) => withRead(d, e.peerId, e.readAt));
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
    },
    [client],
  );
  useRealtimeEvent(REALTIME_EVENTS.chatMessage, onMessage);
  useRealtimeEvent(REALTIME_EVENTS.chatRead, onRead);

  const showList = !onePane || !open;
  const showThread = !onePane || !!open;
  return (
    <>
      <PageHeading title={t(route.title)} description={onePane && open ? undefined : reach} />
      <Group align="stretch" gap="md" wrap="nowrap" style={{ height: 'max(440px, calc(100dvh - 230px))' }}>
        {showList ? (
          <Paper withBorder radius="md" p="sm" style={{ flex: onePane ? 1 : '0 0 320px', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <ChatList openId={open?.userId ?? null} onOpen={choose} />
          </Paper>
        ) : null}
        {showThread ? (
          <Paper withBorder radius="md" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
            {open ? (
              <ChatThread key={open.userId} peer={open} onBack={onePane ? () => choose(null) : undefined} />
            ) : (
              <Stack flex={1} align="center" justify="center" p="xl">
                <Text c="dimmed" ta="center" data-testid="chat-pick">
                  {toSelf ? t('common.loading') : t('chat.pick')}
                </Text>
              </Stack>
            )}
          </Paper>
        ) : null}
      </Group>
    </>
  );
}

/** The left pane: search, then the conversations (with unread badges) or all contacts. */
function ChatList({ openId, onOpen }: { openId: string | null; onOpen: (peer: OpenPeer) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { userId: me } = useAuth();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const conversations = useChatConversations();
  const contacts = useChatContacts(debounced);
  const [tab, setTab] = useState<'chats' | 'contacts' | null>(null);
  const hasChats = (conversations.data?.items.length ?? 0) > 0;
  const shown = tab ?? (conversations.isSuccess && !hasChats ? 'contacts' : 'chats');
  const needle = debounced.toLowerCase();
  const chats = (conversations.data?.items ?? []).filter((c) => !needle || c.peer.fullName.toLowerCase().includes(needle));
  const unread = conversations.data?.unread ?? 0;

  return (
    <Stack gap="sm" style={{ minHeight: 0, flex: 1 }}>
      <TextInput
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t('chat.search')}
        aria-label={t('chat.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={100}
      />
      <SegmentedControl
        fullWidth
        value={shown}
        onChange={(v) => setTab(v as 'chats' | 'contacts')}
        data={[
          { value: 'chats', label: unread > 0 ? `${t('chat.chats')} (${unread})` : t('chat.chats') },
          { value: 'contacts', label: t('chat.contacts') },
        ]}
      />
      <div style={{ overflowY: 'auto', minHeight: 0, flex: 1 }} data-testid={`chat-${shown}`}>
        {shown === 'chats' ? (
          <ListState
            query={conversations}
            isEmpty={chats.length === 0}
            emptyText={needle ? t('chat.noMatch') : t('chat.noConversations')}
            rows={4}
          >
            <Stack gap={4}>
              {chats.map((c) => {
                const last = c.lastMessage;
                return (
                  <Entry
                    key={c.peer.userId}
                    active={openId === c.peer.userId}
                    image={c.peer.image}
                    name={c.peer.fullName}
                    line={last ? (last.senderId === me ? t('chat.you', { text: last.text }) : last.text) : ''}
                    when={last ? whenLabel(last.createdAt, fmt.language) : null}
                    unread={c.unread}
                    onClick={() => onOpen({ userId: c.peer.userId, name: c.peer.fullName })}
                  />
                );
              })}
            </Stack>
          </ListState>
        ) : (
          <ListState
            query={contacts}
            isEmpty={(contacts.data?.items.length ?? 0) === 0}
            emptyText={needle ? t('chat.noMatch') : t('chat.noContacts')}
            rows={4}
          >
            <Stack gap={4}>
              {(contacts.data?.items ?? []).map((c) => (
                <Entry
                  key={c.userId}
                  active={openId === c.userId}
                  image={c.image}
                  name={c.fullName}
                  line={relationText(c, t)}
                  when={null}
                  unread={0}
                  onClick={() => onOpen({ userId: c.userId, name: c.fullName })}
                />
              ))}
              {(contacts.data?.total ?? 0) > (contacts.data?.items.length ?? 0) ? (
                <Text size="xs" c="dimmed" ta="center" p="xs">
                  {t('chat.more')}
                </Text>
              ) : null}
            </Stack>
          </ListState>
        )}
      </div>
    </Stack>
  );
}

function Entry(props: { active: boolean; image: string | null; name: string; line: string; when: string | null; unread: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={props.onClick}
      aria-current={props.active ? 'true' : undefined}
      data-testid="chat-entry"
      p="xs"
      style={{ borderRadius: 8, background: props.active ? 'var(--mantine-color-indigo-light)' : undefined }}
    >
      <Group gap="sm" wrap="nowrap">
        <UserAvatar image={props.image} alt="" size={40} radius="xl" />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" fw={props.unread > 0 ? 700 : 600} truncate>
              {props.name}
            </Text>
            {props.when ? (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {props.when}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate>
              {props.line}
            </Text>
            {props.unread > 0 ? (
              <Badge size="sm" circle={props.unread < 10} color="red" aria-label={t('chat.unread', { n: props.unread })} data-testid="chat-unread">
                {props.unread}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
