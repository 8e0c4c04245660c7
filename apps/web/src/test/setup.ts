import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n, loadAllTexts } from '../i18n';
import { loadSchemas } from '../api/client';
import { resetClock } from '../api/clock';

// jsdom lacks a few browser APIs Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosize textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Component tests have no server: the realtime socket never connects (socketMock.ts).
vi.mock('socket.io-client', async () => {
  const { ioMock } = await import('./socketMock');
  return { io: ioMock };
});

// Lazy screens load their chunk on first use, which takes seconds on a loaded CI machine: findBy*
// waits up to 10 s (it answers as soon as the element is there).
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await initI18n('en');
  await loadAllTexts();
  // Every answer checked before it is used, as once the schemas are in (api/client.ts); the
  // first answers of a page load are client.test.ts's.
  await loadSchemas();
});

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

afterEach(() => {
  cleanup();
  // A test's answers may carry a server date (a Date header) far from the device's: the offset
  // learnt is the module's, shared by the files a worker runs one after another (isolate: false).
  // Left behind, it made later files' sessions look expired (CI of fb76b43: DashboardPage's 2025
  // date, then Sidebar, PeopleList, client and the check-in countdown failed).
  resetClock();
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
});
