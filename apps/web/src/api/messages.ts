import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttachedFile, COMPOSER_CHANNELS, DeliveryRow, DeliveryStatus, MessageInput, MessageSummary } from '@shala/contract';
import { call } from './client';
import { downloadRoute } from './transfer';

/**
 * The composer (issue 24): the school's messages, one message, its delivery report, the preview of
 * a message being written, sending and cancelling, and the usage per month; a message as its
 * recipients read it, and its file. Keys live under ['messages', …]: a send or a cancel refreshes
 * the lists.
 */
export const messageKeys = {
  all: ['messages'] as const,
  list: (page: number, pageSize: number) => ['messages', 'list', page, pageSize] as const,
  one: (messageId: string) => ['messages', 'one', messageId] as const,
  deliveries: (messageId: string, query: DeliveryQuery) => ['messages', 'deliveries', messageId, query] as const,
  preview: (input: MessageInput | null) => ['messages', 'preview', input] as const,
  usage: ['messages', 'usage'] as const,
  received: (messageId: string) => ['messages', 'received', messageId] as const,
};

export interface DeliveryQuery {
  page: number;
  pageSize: number;
  status?: DeliveryStatus;
  channel?: (typeof COMPOSER_CHANNELS)[number];
}

/** Deliveries still on their way: while any is, the message's page refreshes itself. */
export const PENDING_STATUSES: readonly DeliveryStatus[] = ['queued', 'sending'];
/** How often a message with deliveries on their way is asked again. */
export const REFRESH_MS = 10_000;

const pending = (m: MessageSummary | undefined) => !!m && (m.status === 'scheduled' || PENDING_STATUSES.some((s) => (m.counts[s] ?? 0) > 0));

export function useMessageList(page: number, pageSize: number) {
  return useQuery({
    queryKey: messageKeys.list(page, pageSize),
    queryFn: ({ signal }) => call('messageList', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One message with its counts; asked again every 10 s while some of its deliveries are on their way. */
export function useMessage(messageId: string | undefined) {
  return useQuery({
    queryKey: messageKeys.one(messageId ?? ''),
    queryFn: ({ signal }) => call('messageGet', { params: { messageId: messageId ?? '' }, signal }),
    enabled: !!messageId,
    refetchInterval: (query) => (pending(query.state.data) ? REFRESH_MS : false),
  });
}

/** A message and its report asked again at once (the page's Refresh: the providers' reports may have come). */
export function useRefreshMessage(messageId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: messageKeys.one(messageId) }), client.invalidateQueries({ queryKey: ['messages', 'deliveries', messageId] })]);
}

/** A message's report, a page at a time (by status and channel); refreshed with the message while it moves. */
export function useDeliveries(messageId: string, query: DeliveryQuery, moving: boolean) {
  return useQuery({
    queryKey: messageKeys.deliveries(messageId, query),
    queryFn: ({ signal }) => call('messageDeliveries', { params: { messageId }, query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: moving ? REFRESH_MS : false,
  });
}

/** The most rows an export gathers (pages of 100). */
export const DELIVERY_EXPORT_MAX = 5_000;

/** Every delivery of a message under a filter, up to DELIVERY_EXPORT_MAX, for a CSV. */
export async function allDeliveries(messageId: string, filter: Pick<DeliveryQuery, 'status' | 'channel'>): Promise<DeliveryRow[]> {
  const rows: DeliveryRow[] = [];
  for (let page = 1; rows.length < DELIVERY_EXPORT_MAX; page++) {
    const part = await call('messageDeliveries', { params: { messageId }, query: { ...filter, page, pageSize: 100 } });
    rows.push(...part.items);
    if (part.items.length === 0 || rows.length >= part.total) break;
  }
  return rows.slice(0, DELIVERY_EXPORT_MAX);
}

/** What a message would reach and cost (null: the form is not complete yet, nothing asked). */
export function useMessagePreview(input: MessageInput | null) {
  return useQuery({
    queryKey: messageKeys.preview(input),
    queryFn: ({ signal }) => call('messagePreview', { body: input!, signal }),
    enabled: !!input,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageInput) => call('messageSend', { body }),
    onSuccess: (message) => {
      client.setQueryData(messageKeys.one(message.messageId), message);
      return client.invalidateQueries({ queryKey: messageKeys.all, predicate: (q) => q.queryKey[1] === 'list' });
    },
  });
}

/** Cancels a message set for later; on a refusal (it went meanwhile) the message is asked again, so the page shows where it stands. */
export function useCancelMessage(messageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('messageCancel', { params: { messageId } }),
    onSuccess: (message) => {
      client.setQueryData(messageKeys.one(message.messageId), message);
      return client.invalidateQueries({ queryKey: messageKeys.all, predicate: (q) => q.queryKey[1] === 'list' });
    },
    onError: () => client.invalidateQueries({ queryKey: messageKeys.one(messageId) }),
  });
}

/** What went out by SMS and WhatsApp per month and channel (the last 12 months, newest first). */
export function useMessageUsage() {
  return useQuery({
    queryKey: messageKeys.usage,
    queryFn: ({ signal }) => call('messageUsage', { signal }),
  });
}

/** A message as its recipients read it (/inbox/:messageId): a recipient's, or any of the school's for its admins. */
export function useReceivedMessage(messageId: string | undefined) {
  return useQuery({
    queryKey: messageKeys.received(messageId ?? ''),
    queryFn: ({ signal }) => call('messageRead', { params: { messageId: messageId ?? '' }, signal }),
    enabled: !!messageId,
  });
}

/** Downloads a message's file with the session token and saves it under its original name. */
export function downloadMessageAttachment(messageId: string, file: AttachedFile): Promise<string> {
  return downloadRoute('messageAttachment', { params: { messageId } }, file.originalName);
}
