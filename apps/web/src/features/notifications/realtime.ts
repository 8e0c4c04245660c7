import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Socket, io } from 'socket.io-client';
import { REALTIME_CLIENT, REALTIME_EVENTS, type Notification, type NotificationKind } from '@shala/contract';
import { queryKeys } from '../../api/queries';
import { whenSettled } from '../../api/idle';

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
 * On 'notification' the notifications query is refreshed, so the badge goes up. socket.io's client
 * (about 14 KB gzip) loads once the first screen has its data (the bell's count is the query's until
 * then), not on the way in.
 */
export function useRealtimeNotifications(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let live = true;
    let socket: Socket | null = null;
    whenSettled(() => {
      import('socket.io-client').then(
        (socketIo) => {
          if (!live) return;
          socket = connect(socketIo.io, token, client);
          setSocket(socket);
        },
        (error: unknown) => console.warn('Realtime connection failed:', error instanceof Error ? error.message : error),
      );
    });
    return () => {
      live = false;
      if (!socket) return;
      setSocket(null);
      socket.off();
      socket.disconnect();
    };
  }, [token, client]);
}

/** The tab's socket: raises the bell and refreshes what a notification is about. */
function connect(connectTo: typeof io, token: string, client: QueryClient): Socket {
  const socket = connectTo({
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
  return socket;
}
