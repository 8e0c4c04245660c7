// The face of notifications: what other features may use.
export { useOpenChat, useRealtimeEvent } from './realtime';
