import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectPath, shot, signIn } from './support';

/** Reads the login id and first password from the "shown only once" modal, then closes it. */
async function readCredentials(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Account created' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Shown only once')).toBeVisible();
  const loginId = (await dialog.getByLabel('Login ID').textContent())!.trim();
  const password = (await dialog.getByLabel('First password').textContent())!.trim();
  expect(loginId).toMatch(/^[A-Z0-9]+-[APTGS]\d{4}$/);
  expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
  return { loginId, password, dialog };
}

async function newUserPage(browser: Browser, loginId: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, loginId, password);
  return page;
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('a school is set up end to end: school, admin, principal, teacher, parent, student, CSV import, deactivation', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // The platform owner adds a school and its system admin.
  await signIn(page, 'owner');
  await expectPath(page, '/dashboard');
  await page.goto('addSchool');
  await field(page, 'School name').fill('Saraswati Vidya Niketan');
  await field(page, 'Email').fill('office@svn.example.in');
  await field(page, 'PIN code').fill('302017');
  await shot(page, 'school-form-en');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/detailsSchool\//);
  await expect(page.getByText('Saraswati Vidya Niketan').first()).toBeVisible();
  await page.getByRole('link', { name: 'Add system admin' }).or(page.getByRole('button', { name: 'Add system admin' })).first().click();
  await expect(page).toHaveURL(/addadmin\//);
  await field(page, 'First name').fill('Kavita');
  await field(page, 'Last name').fill('Rao');
  await page.getByRole('button', { name: 'Create account' }).click();
  const admin = await readCredentials(page);
  await shot(page, 'credentials-en');
  await page.getByRole('button', { name: /^Done/ }).click();
  await page.goto('viewSchool');
  await expect(page.getByRole('row', { name: /Saraswati Vidya Niketan/ })).toBeVisible();

  // The system admin signs in and adds a principal.
  const adminPage = await newUserPage(browser, admin.loginId, admin.password);
  await expectPath(adminPage, '/systemadmin');
  await adminPage.goto('addadminschool');
  await field(adminPage, 'First name').fill('Rekha');
  await field(adminPage, 'Last name').fill('Nair');
  await adminPage.getByRole('button', { name: 'Create account' }).click();
  const principal = await readCredentials(adminPage);
  await adminPage.context().close();

  // The principal adds a teacher, a parent and a student linked to the parent.
  const p = await newUserPage(browser, principal.loginId, principal.password);
  await expectPath(p, '/schooladmin');
  await p.goto('addteacher');
  await field(p, 'First name').fill('Sunita');
  await field(p, 'Last name').fill('Joshi');
  await field(p, 'Email').fill('sunita@svn.example.in');
  await p.getByRole('button', { name: 'Create account' }).click();
  await readCredentials(p);
  await p.getByRole('button', { name: /^Done/ }).click();

  await p.goto('addParent');
  await field(p, 'First name').fill('Mohan');
  await field(p, 'Last name').fill('Das');
  await p.getByRole('button', { name: 'Create account' }).click();
  const parent = await readCredentials(p);
  await p.getByRole('button', { name: /^Done/ }).click();

  await p.goto('addstudents');
  await field(p, 'First name').fill('Riya');
  await field(p, 'Last name').fill('Das');
  const parentSelect = p.getByRole('textbox', { name: 'Parent' }).or(p.getByRole('combobox', { name: 'Parent' })).first();
  await parentSelect.click();
  await parentSelect.fill('Mohan');
  await p.getByRole('option', { name: /Mohan Das/ }).click();
  await shot(p, 'student-form-en');
  await p.getByRole('button', { name: 'Create account' }).click();
  const riya = await readCredentials(p);
  await p.getByRole('button', { name: /^Done/ }).click();
  await expect(p.getByText('Mohan Das').first()).toBeVisible();

  // 50 students from CSV: check, then import.
  await p.goto('viewstudent');
  await p.getByRole('button', { name: 'Import CSV' }).click();
  const lines = ['firstName,lastName,email,contact,gender,dateOfBirth,parentLoginId'];
  for (let i = 1; i <= 50; i++) lines.push(`Bulk${i},Sharma,bulk${i}@svn.example.in,98290${String(i).padStart(5, '0')},female,2016-02-${String((i % 28) + 1).padStart(2, '0')},`);
  await p.locator('input[type="file"]').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await p.getByRole('button', { name: 'Check file' }).click();
  await expect(p.getByText('The file is valid: 50 rows are ready to import.')).toBeVisible();
  await shot(p, 'import-preview-en');
  await p.getByRole('button', { name: 'Import 50 rows' }).click();
  await expect(p.getByText('50 accounts were created.')).toBeVisible();
  await shot(p, 'import-done-en');
  const created = p.getByRole('table', { name: 'Created accounts' }).getByRole('row', { name: /Bulk7 Sharma/ });
  const bulk7 = {
    loginId: (await created.getByRole('cell').nth(2).textContent())!.trim(),
    password: (await created.getByRole('cell').nth(3).textContent())!.trim(),
  };
  // The imported account works before it is deactivated.
  const before = await newUserPage(browser, bulk7.loginId, bulk7.password);
  await expectPath(before, '/studentdashboard');
  await before.context().close();
  await p.keyboard.press('Escape');
  await expect(p.getByText(/of 51\b/)).toBeVisible(); // Riya and the 50 imported
  await shot(p, 'students-list-en');

  // Deactivate one imported student: it can no longer sign in.
  await p.getByRole('textbox', { name: 'Search' }).fill('Bulk7 ');
  const row = p.getByRole('row', { name: /Bulk7 Sharma/ });
  await expect(row).toBeVisible();
  await row.getByRole('switch', { name: /^Active: / }).click();
  await p.getByRole('button', { name: 'Yes, deactivate!' }).click();
  await expect(p.getByText('Bulk7 Sharma is now inactive.')).toBeVisible();
  const gone = await browser.newContext().then((c) => c.newPage());
  await signIn(gone, bulk7.loginId, bulk7.password);
  await expect(gone.getByText('This account is inactive. Please contact your administrator.')).toBeVisible();
  await expectPath(gone, '/');

  // The student signs in; the parent sees the child.
  const student = await newUserPage(browser, riya.loginId, riya.password);
  await expectPath(student, '/studentdashboard');
  const parentPage = await newUserPage(browser, parent.loginId, parent.password);
  await expectPath(parentPage, '/parentdashboard');
  await parentPage.goto('viewstudentsinfo');
  await expect(parentPage.getByText('Riya Das')).toBeVisible();
  await shot(parentPage, 'parent-children-en');
});

test('in Hindi, a principal adds a parent and a linked child, imports students and the parent sees the child', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('./');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'हिन्दी' });
  await page.getByRole('textbox', { name: 'लॉगिन आईडी', exact: true }).fill('DEMO-P0001');
  await page.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill('Shala@2024');
  await page.getByRole('button', { name: 'लॉगिन' }).click();
  await expectPath(page, '/schooladmin');

  await page.goto('addParent');
  await field(page, 'पहला नाम').fill('सीता');
  await field(page, 'उपनाम').fill('देवी');
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  const modal = page.getByRole('dialog', { name: 'खाता बन गया' });
  await expect(modal.getByText('केवल एक बार दिखाया जाएगा')).toBeVisible();
  const parent = {
    loginId: (await modal.getByLabel('लॉगिन आईडी').textContent())!.trim(),
    password: (await modal.getByLabel('पहला पासवर्ड').textContent())!.trim(),
  };
  await shot(page, 'credentials-hi');
  await modal.getByRole('button', { name: /^हो गया/ }).click();

  await page.goto('addstudents');
  await field(page, 'पहला नाम').fill('गीता');
  await field(page, 'उपनाम').fill('कुमारी');
  const parentSelect = page.getByRole('textbox', { name: 'अभिभावक' }).or(page.getByRole('combobox', { name: 'अभिभावक' })).first();
  await parentSelect.click();
  await parentSelect.fill('सीता');
  await page.getByRole('option', { name: /सीता देवी/ }).click();
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await page.getByRole('dialog', { name: 'खाता बन गया' }).getByRole('button', { name: /^हो गया/ }).click();

  await page.goto('viewstudent');
  await page.getByRole('button', { name: 'CSV आयात करें' }).click();
  const csv = ['firstName,lastName,parentLoginId', `रोहन,वर्मा,${parent.loginId}`, 'मीरा,शर्मा,'].join('\n');
  await page.locator('input[type="file"]').setInputFiles({ name: 'छात्र.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'फ़ाइल जाँचें' }).click();
  await expect(page.getByText('फ़ाइल सही है: 2 पंक्तियाँ आयात के लिए तैयार हैं।')).toBeVisible();
  await page.getByRole('button', { name: '2 पंक्तियाँ आयात करें' }).click();
  await expect(page.getByText('2 खाते बनाए गए।')).toBeVisible();
  await shot(page, 'import-done-hi');
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'खोजें' }).fill('गीता');
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match
  await expect(page.getByRole('row', { name: /गीता कुमारी/ })).toContainText('सीता देवी');
  await shot(page, 'students-list-hi');

  const context = await browser.newContext();
  const parentPage = await context.newPage();
  await signIn(parentPage, parent.loginId, parent.password);
  await expectPath(parentPage, '/parentdashboard');
  await parentPage.goto('viewstudentsinfo');
  await expect(parentPage.getByText('गीता कुमारी')).toBeVisible();
  await expect(parentPage.getByText('रोहन वर्मा')).toBeVisible();
  await context.close();
});
