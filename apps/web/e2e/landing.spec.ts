import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn } from './support';

// Issue 41: after the sign-in, a role's landing page makes one data call. GET /api/dashboard/home
// fills the numbers, every card, the header's profile and session picker, and the bell; the page
// asks nothing else once it shows them. Besides it: the sign-in itself, and the bell's report of the
// language the reader reads (PUT /api/notifications/language: a write, so that Web Push is written
// in it; once per sign-in).

/** What each role's landing page shows once its answer is in: the cards that used to ask for their own data. */
const SHOWN: Record<keyof typeof ACCOUNTS, readonly string[]> = {
  111: ['count-schools'],
  112: ['count-classes', 'board-notice', 'attendance-today', 'month-calendar', 'fee-card-today'],
  113: ['count-classes', 'board-notice', 'attendance-today', 'month-calendar', 'fee-card-today'],
  114: ['count-classes', 'board-notice', 'attendance-today', 'month-calendar'],
  115: ['child-card', 'board-notice', 'attendance-month', 'month-calendar', 'class-work-latest', 'fee-due'],
  116: ['count-classes', 'board-notice', 'attendance-month', 'month-calendar', 'class-work-latest', 'fee-due'],
};

for (const [role, account] of Object.entries(ACCOUNTS)) {
  test(`role ${role}'s landing page makes one data call after the sign-in`, async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
    });
    await signIn(page, account.loginId);
    await expectPath(page, account.landing);
    for (const testId of SHOWN[Number(role) as keyof typeof ACCOUNTS]) await expect(page.getByTestId(testId).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Session', exact: true })).toHaveCount(role === '111' ? 0 : 1);
    await page.waitForLoadState('networkidle');
    expect(calls.sort()).toEqual(['GET /api/dashboard/home', 'POST /api/signin', 'PUT /api/notifications/language']);
  });
}
