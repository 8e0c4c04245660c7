import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS } from '@shala/contract';
import { chatKeys, readIncoming, useChatHistory, useMarkChatRead, useSendChat, type HistoryData } from '../../api/chat';
import { now as clockNow } from '../../api/clock';
import { newClientId } from './format';
import { useOpenChat } from '../notifications';

/** A message this user sent that the server has not confirmed yet (or refused: `error`). */
export interface Pending {
  clientId: string;
  text: string;
  createdAt: string;
  error: unknown;
}

/**
 * The state of one conversation: its history (older pages on demand), the messages still being
 * sent, the draft, marking the peer's messages read, and the scroll position of `scroller`.
 */
export function useChatThread(peerId: string) {
  const client = useQueryClient();
  const history = useChatHistory(peerId);
  const send = useSendChat(peerId);
  const markRead = useMarkChatRead();
  useOpenChat(peerId);
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
  const unreadFromPeer = messages.findLast((m) => m.senderId === peerId && m.readAt === null)?.messageId ?? null;
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!unreadFromPeer || tried.current === unreadFromPeer) return;
    tried.current = unreadFromPeer;
    markRead.mutate(peerId, {
      onSuccess: () => client.setQueryData<HistoryData>(chatKeys.history(peerId), (d) => readIncoming(d, peerId)),
    });
  }, [unreadFromPeer, markRead, peerId, client]);

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
  const discard = (p: Pending) => setPending((l) => l.filter((x) => x.clientId !== p.clientId));
  const submit = () => {
    const body = text.trim();
    if (!body || body.length > CHAT_LIMITS.text) return;
    const p: Pending = { clientId: newClientId(), text: body, createdAt: clockNow().toISOString(), error: null };
    setPending((list) => [...list, p]);
    setText('');
    deliver(p);
  };

  return { history, contact, messages, unsent, text, setText, tooLong: text.length > CHAT_LIMITS.text, scroller, deliver, discard, submit };
}

export type ChatThreadState = ReturnType<typeof useChatThread>;
