import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_CLIENT, REALTIME_EVENTS, type Notification, type NotificationKind } from '@shala/contract';
import { queryKeys } from '../../api/queries';

/** The queries a notification of a kind makes stale (keys of api/notices.ts and api/classwork.ts). */
const LIVE_AREAS: Partial<Record<NotificationKind, readonly string[]>> = { notice: ['notices'], classwork: ['classwork'] };

/** The peer of the chat open on screen (its new messages are read there, not counted in the bell). */
let openChat: string | null = null;

/** Marks `peerId`'s chat open while the calling thread is mounted. */
export function useOpenChat(peerId: string): void {
  useEffect(() => {
    openChat = peerId;
    return () => {
      if (openChat === peerId) openChat = null;
    };
  }, [peerId]);
}

/**
 * Whether a new notification raises the bell: not a message of the chat open on screen (the thread
 * marks it read at once, and the bell follows that answer).
 */
export function countsInBell(n: Partial<Notification> | undefined, open: string | null = openChat): boolean {
  return !(n?.kind === 'chat' && open !== null && n.senderId === open);
}

/** The signed-in tab's one socket (null when signed out), shared by every screen. */
let current: Socket | null = null;
const listeners = new Set<() => void>();
function setSocket(next: Socket | null) {
  current = next;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The tab's socket, to listen to events of an area (chat). */
export function useRealtimeSocket(): Socket | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

/**
 * Calls `handler` on each `event` from the server while mounted (the handler is read at call
 * time, so it may change between renders).
 */
export function useRealtimeEvent<T>(event: string, handler: (payload: T) => void): void {
  const socket = useRealtimeSocket();
  useEffect(() => {
    if (!socket) return;
    const on = (payload: T) => handler(payload);
    socket.on(event, on);
    return () => void socket.off(event, on);
  }, [socket, event, handler]);
}

/**
 * Live notifications: one socket.io connection per signed-in tab (settings of spec section 9).
 * On 'notification' the notifications query is refreshed, so the badge goes up.
 */
export function useRealtimeNotifications(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const socket = io({
      path: REALTIME_CLIENT.path,
      transports: [...REALTIME_CLIENT.transports],
      timeout: REALTIME_CLIENT.timeout,
      reconnectionDelay: REALTIME_CLIENT.reconnectionDelay,
      reconnectionDelayMax: REALTIME_CLIENT.reconnectionDelayMax,
      randomizationFactor: REALTIME_CLIENT.randomizationFactor,
      reconnectionAttempts: REALTIME_CLIENT.reconnectionAttempts,
      auth: { token },
    });
    socket.on(REALTIME_EVENTS.notification, (n: Partial<Notification> | undefined) => {
      if (countsInBell(n)) void client.invalidateQueries({ queryKey: queryKeys.notifications });
      // What the notification is about changed too: the board or the class work on screen follows.
      const area = n?.kind ? LIVE_AREAS[n.kind] : undefined;
      if (area) void client.invalidateQueries({ queryKey: area });
    });
    socket.on('connect_error', (error) => {
      console.warn('Realtime connection failed:', error.message);
    });
    setSocket(socket);
    return () => {
      setSocket(null);
      socket.off();
      socket.disconnect();
    };
  }, [token, client]);
}
