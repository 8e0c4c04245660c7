import { afterEach, describe, expect, it } from 'vitest';
import { saveAuth, readAuth, clearAuth } from '../api/auth';
import { deviceTime, now, onClockChange, syncClock } from './clock';

afterEach(() => clearAuth());

describe('the school clock in the browser', () => {
  it("follows the server when the device's clock is days off, and ends cookies by the device's clock", () => {
    const device = Date.parse('2026-12-20T10:00:00Z');
    // The server says it is 2026-11-25 10:00: the device runs 25 days ahead.
    syncClock('Wed, 25 Nov 2026 10:00:00 GMT', device);
    const school = now().getTime() - (Date.now() - device);
    expect(Math.abs(school - Date.parse('2026-11-25T10:00:00.500Z'))).toBeLessThan(1000);
    expect(deviceTime(Date.parse('2026-12-02T10:00:00.500Z')).getTime()).toBe(Date.parse('2026-12-27T10:00:00Z'));
  });

  it('keeps a sign-in whose expiry, by the school clock, is already past by the device clock', () => {
    // Server a month behind the device (as a test server on a fixed day is); its session lasts a week.
    const server = new Date(Date.now() - 30 * 86_400_000);
    syncClock(server.toUTCString());
    saveAuth({
      token: 't0k3n',
      userId: 'u1',
      roleId: 113,
      schoolId: 's1',
      schoolName: 'Shala Demo School',
      expiresAt: new Date(server.getTime() + 7 * 86_400_000).toISOString(),
    } as Parameters<typeof saveAuth>[0]);
    expect(readAuth()).toMatchObject({ token: 't0k3n', userId: 'u1', role: 113 });
  });
});

describe('the school clock across a reload', () => {
  it('keeps the offset for the tab and tells the screens that show "today" when it changes', () => {
    let told = 0;
    const stop = onClockChange(() => told++);
    syncClock('Wed, 25 Nov 2026 10:00:00 GMT', Date.parse('2026-12-20T10:00:00Z'));
    expect(told).toBe(1);
    // The same clock again (an answer a second later): nobody is told.
    syncClock('Wed, 25 Nov 2026 10:00:01 GMT', Date.parse('2026-12-20T10:00:01Z'));
    expect(told).toBe(1);
    stop();
    // Kept for the tab: a page loaded again reads it before its first answer.
    expect(Math.abs(Number(sessionStorage.getItem('shala.clockOffset')) - (Date.parse('2026-11-25T10:00:00.500Z') - Date.parse('2026-12-20T10:00:00Z')))).toBeLessThan(1000);
  });
});
