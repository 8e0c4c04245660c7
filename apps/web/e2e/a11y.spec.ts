import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, expectAccessible, shot } from './support';

// Every screen the journeys reach, checked with axe-core (serious or critical violations and any
// colour-contrast node fail) in English on a desktop; every screen in Hindi on a 375 px phone is
// screens.spec.ts. A few screens are also saved as screenshots (test-results/screens).

const RUNS = [{ lang: 'en', viewport: { name: 'desktop', width: 1280, height: 800 } }] as const;
const SHOTS = new Set(['login', 'dashboard-113', 'students', 'student-form', 'student-details', 'forbidden', 'not-found']);

async function heading(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
}

async function signInAs(page: Page, role: keyof typeof ACCOUNTS) {
  await page.context().clearCookies();
  await page.goto('./');
  await page.locator('input[autocomplete="username"]').fill(ACCOUNTS[role].loginId);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect.poll(() => new URL(page.url()).pathname).toContain(ACCOUNTS[role].landing);
  await heading(page);
}

for (const { lang, viewport } of RUNS) {
  test(`every screen passes axe: ${lang}, ${viewport.name}`, async ({ page }) => {
    test.setTimeout(480_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript((code) => localStorage.setItem('lang', code), lang);

    const check = async (name: string) => {
      await heading(page);
      await expectAccessible(page, `${name} (${lang}, ${viewport.name})`);
      if (SHOTS.has(name)) await shot(page, `${name}-${lang}-${viewport.width}`);
    };
    const visit = async (path: string, name: string) => {
      await page.goto(path);
      await check(name);
    };
    const open = async (hrefPart: string, name: string) => {
      await page.locator(`main a[href*="${hrefPart}"]`).first().click();
      await check(name);
    };

    // Public pages
    await page.context().clearCookies();
    await visit('./', 'login');
    await visit('frgtpass', 'forgot');
    await page.locator('input[autocomplete="username"]').fill(ACCOUNTS[116].loginId);
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toContain('/otp');
    await check('otp');

    // Platform owner
    await signInAs(page, 111);
    await check('dashboard-111');
    await visit('viewSchool', 'schools');
    await open('/detailsSchool/', 'school-details');
    await visit('addSchool', 'school-form');
    await visit('viewadmin', 'system-admins');
    await visit('profile', 'profile');
    await visit('editprofile', 'profile-form');
    await visit('viewstudent', 'forbidden');
    await visit('no/such/page', 'not-found');

    // System admin
    await signInAs(page, 112);
    await check('dashboard-112');
    await visit('viewadminschool', 'principals');
    await open('/viewSchooladmindetails/', 'principal-details');
    await visit('viewteachers', 'teachers');
    await visit('addteacher', 'teacher-form');

    // Principal
    await signInAs(page, 113);
    await check('dashboard-113');
    await visit('viewstudent', 'students');
    await open('/viewstudentdetail/', 'student-details');
    await visit('addstudents', 'student-form');
    await visit('viewparents', 'parents');
    await open('/DetailsParent/', 'parent-details');
    await visit('feesdetails', 'fees-hub');
    await visit('chat', 'chat');

    // Teacher, parent, student
    await signInAs(page, 114);
    await check('dashboard-114');
    await signInAs(page, 115);
    await check('dashboard-115');
    await visit('viewstudentsinfo', 'my-children');
    await open('/detail_studentsinfo/', 'child-details');
    await signInAs(page, 116);
    await check('dashboard-116');
  });
}
