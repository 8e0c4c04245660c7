import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** A socket.io client that never connects (component tests have no server). */
export const socketStub = {
  on: vi.fn((_event: string, _listener: Listener) => socketStub),
  off: vi.fn(() => socketStub),
  disconnect: vi.fn(() => socketStub),
};
export const ioMock = vi.fn((_options?: Record<string, unknown>) => socketStub);

/** The latest listener registered for `event`. */
export function listenerFor(event: string): Listener | undefined {
  return socketStub.on.mock.calls.filter(([name]) => name === event).at(-1)?.[1];
}
