import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffDay } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, renderApp, signIn } from '../../test/utils';
import { tokenFromText } from './qrScan';
import { svgDataUrl } from './CheckinQrView';

const TOKEN = '59000000.abcdefghijklmnopqrstuv';
const SETTINGS = { graceMinutes: 10, campus: null, dailyCoverCap: 2, weeklyCoverCap: 6, arrangers: [] };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('check-in logic', () => {
  it('takes the token of the QR’s link or the token itself, nothing else', () => {
    expect(tokenFromText(`https://school.example/checkin?t=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromText(` ${TOKEN} `)).toBe(TOKEN);
    expect(tokenFromText('https://example.com/?q=1')).toBeNull();
    expect(tokenFromText('hello')).toBeNull();
    expect(svgDataUrl('<svg/>')).toBe(`data:image/svg+xml;base64,${btoa('<svg/>')}`);
  });
});

describe('/checkin', () => {
  it('checks in by the link’s token; asked for the position, takes it once and sends again; shows the minutes late', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      ...HEADER_MOCKS,
      'POST /api/school/staffattendance/checkin': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { position?: unknown };
        bodies.push(body);
        if (!body.position) return json(400, { error: 'VALIDATION_ERROR', message: 'position needed', reason: 'position_needed' });
        return json(200, { result: { date: '2026-12-07', checkInAt: '2026-12-07T03:17:00.000Z', lateMinutes: 7, inside: true } });
      },
    });
    const getCurrentPosition = vi.fn((...args: Parameters<Geolocation['getCurrentPosition']>) => args[0]({ coords: { latitude: 26.9124, longitude: 75.7873, accuracy: 12 } } as GeolocationPosition));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }));
    signIn(114);
    const user = userEvent.setup();
    renderApp(`/checkin?t=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Check in' }, { timeout: 30_000 }));
    expect(await screen.findByText(/This phone's location is used once/)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }]);
    await user.click(screen.getByRole('button', { name: 'Share location and check in' }));
    const result = await screen.findByTestId('checkin-result');
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true });
    expect(bodies[1]).toEqual({ token: TOKEN, position: { latitude: 26.9124, longitude: 75.7873, accuracy: 12 } });
    expect(result).toHaveTextContent('Checked in at 8:47');
    expect(within(result).getByText('Late by 7 minutes')).toBeInTheDocument();
    expect(within(result).getByText('On campus')).toBeInTheDocument();
  }, 90_000);

  it('an expired code says so by its reason and offers to scan again', async () => {
    mockFetch({
      ...HEADER_MOCKS,
      'POST /api/school/staffattendance/checkin': () => json(400, { error: 'VALIDATION_ERROR', message: 'bad', reason: 'qr_invalid' }),
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: undefined }));
    signIn(113);
    const user = userEvent.setup();
    renderApp(`/checkin?t=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Check in' }, { timeout: 30_000 }));
    expect(await screen.findByText(/not valid or has expired/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scan again' }));
    // No camera here: the code can be pasted instead.
    expect(await screen.findByText('No camera to scan with')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Check-in link or code' })).toBeInTheDocument();
  }, 90_000);
});

describe('/staffattendance check-in', () => {
  it('shows the office’s QR as an image and asks again at its refreshAt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let asked = 0;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/staffattendance/qr': () => {
        asked += 1;
        return json(200, {
          result: { token: TOKEN, url: `https://x/checkin?t=${TOKEN}`, svg: `<svg xmlns="http://www.w3.org/2000/svg"><title>${asked}</title></svg>`, refreshAt: new Date(Date.now() + 30_000).toISOString(), checkedIn: asked + 2 },
        });
      },
      'GET /api/school/staffsettings': () => json(200, { result: SETTINGS }),
    });
    signIn(113);
    renderApp('/staffattendance?view=qr');
    const img = await screen.findByRole('img', { name: 'Check-in QR code' }, { timeout: 30_000 });
    expect(img.getAttribute('src')).toBe(svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg"><title>1</title></svg>`));
    expect(screen.getByText('Checked in today: 3')).toBeInTheDocument();
    expect(screen.getByTestId('checkin-countdown')).toHaveTextContent(/New code in (30|29) seconds/);
    await vi.advanceTimersByTimeAsync(31_000);
    await waitFor(() => expect(asked).toBe(2));
    await waitFor(() => expect(screen.getByText('Checked in today: 4')).toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Check-in QR code' }).getAttribute('src')).toBe(svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg"><title>2</title></svg>`));
    expect(await screen.findByRole('textbox', { name: /Grace minutes/ })).toHaveValue('10');
  }, 90_000);

  it('the day view shows the check-in time, minutes late, outside the campus and the leave’s code', async () => {
    const row = (n: number, fullName: string, over: Partial<StaffDay['people'][number]>) => ({
      kind: 'user' as const,
      personId: `d0000000-0000-4000-8000-00000000000${n}`,
      fullName,
      roleId: 114,
      designation: null,
      status: 'present' as const,
      checkInAt: null,
      lateMinutes: null,
      checkInInside: null,
      leaveCode: null,
      ...over,
    });
    const day: StaffDay = {
      date: '2026-12-07',
      dayKind: 'school',
      holidayTitle: null,
      canMark: true,
      final: false,
      markedAt: null,
      people: [row(1, 'Ravi Kumar', { checkInAt: '2026-12-07T03:32:00.000Z', lateMinutes: 12, checkInInside: false }), row(2, 'Meena Joshi', { status: 'on_leave', leaveCode: 'CL' })],
      counts: { present: 1, absent: 0, halfDay: 0, onLeave: 1, onDuty: 0, total: 2 },
    };
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/staffattendance': () => json(200, { result: day }) });
    signIn(113);
    renderApp('/staffattendance?date=2026-12-07');
    const ravi = await screen.findByRole('listitem', { name: 'Ravi Kumar' }, { timeout: 30_000 });
    expect(ravi).toHaveTextContent('Checked in 9:02');
    expect(within(ravi).getByText('late 12 min')).toBeInTheDocument();
    expect(within(ravi).getByText('outside campus')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Meena Joshi' })).getByText('CL')).toBeInTheDocument();
  }, 90_000);
});
