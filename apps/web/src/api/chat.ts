import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CHAT_LIMITS, type ChatHistory, type ChatMessage } from '@shala/contract';
import { call } from './client';
import { now as clockNow } from './clock';

/** Chat's query keys: all start with `chat`. */
export const chatKeys = {
  all: ['chat'] as const,
  contacts: (search: string) => ['chat', 'contacts', search] as const,
  conversations: ['chat', 'conversations'] as const,
  history: (peerId: string) => ['chat', 'history', peerId] as const,
};

export const CHAT_LIST_SIZE = 50;

/** The people the caller may message (the first 50 by name; search narrows). */
export function useChatContacts(search: string) {
  return useQuery({
    queryKey: chatKeys.contacts(search),
    queryFn: ({ signal }) => call('chatContacts', { query: { page: 1, pageSize: CHAT_LIST_SIZE, ...(search ? { search } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The caller's conversations, latest first, with unread counts. */
export function useChatConversations() {
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => call('chatConversations', { query: { page: 1, pageSize: CHAT_LIST_SIZE }, signal }),
  });
}

export type HistoryData = InfiniteData<ChatHistory, string | undefined>;

/** The history with one person, newest first, paged back with "load older". */
export function useChatHistory(peerId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(peerId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      call('chatHistory', { params: { userId: peerId ?? '' }, query: { limit: CHAT_LIMITS.pageSize, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items.at(-1)?.messageId : undefined),
    enabled: !!peerId,
    retry: false,
  });
}

/** Puts a message into a cached history (newest first), once. */
export function withMessage(data: HistoryData | undefined, message: ChatMessage): HistoryData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.items.some((m) => m.messageId === message.messageId))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [message, ...first!.items] }, ...rest] };
}

/** Marks the caller's messages to the peer read up to `readAt` (the peer read them). */
export function withRead(data: HistoryData | undefined, peerId: string, readAt: string): HistoryData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      items: p.items.map((m) => (m.recipientId === peerId && m.readAt === null && m.createdAt <= readAt ? { ...m, readAt } : m)),
    })),
  };
}

/** Marks the peer's messages to the caller read in a cached history (after the read call). */
export function readIncoming(data: HistoryData | undefined, peerId: string): HistoryData | undefined {
  if (!data) return data;
  const now = clockNow().toISOString();
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((m) => (m.senderId === peerId && m.readAt === null ? { ...m, readAt: now } : m)) })) };
}

/** Sends a message (with its clientId, so a retry is stored once); the answer lands in the history. */
export function useSendChat(peerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; clientId: string }) => call('chatSend', { params: { userId: peerId }, body: input }),
    onSuccess: (message) => {
      client.setQueryData<HistoryData>(chatKeys.history(peerId), (d) => withMessage(d, message));
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}

/** Marks the peer's messages to the caller read; the unread counts and the bell follow. */
export function useMarkChatRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (peerId: string) => call('chatRead', { params: { userId: peerId } }),
    onSuccess: (r) => {
      if (r.read > 0) void client.invalidateQueries({ queryKey: chatKeys.conversations });
      if (r.read > 0 || r.notes > 0) void client.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
