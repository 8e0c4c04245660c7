import fs from 'node:fs';
import path from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import { formatRupees } from '@shala/contract';
import { API_BASE } from './servers';
import { PASSWORD, apiAs, expectAccessible, schoolToday, shot, signedInAt } from './support';

/**
 * Certificates (issue 26), in English at 1280 px: the principal gives the journey's own student
 * (made for each run through the API, in 4-A with its fees planned in one instalment and paid) a
 * tuition-fee certificate for the current financial year, whose amount is what the preview says
 * was paid; then a transfer certificate through the screen, downloads it in Hindi (a PDF), and the
 * student can no longer sign in; the TC's public verification page (signed out) says "Valid". The
 * principal cancels the TC with a reason, as issued in error: its page says "Cancelled", and the
 * student is on the rolls again (active, signs in). Then the ID cards of class 4-A, made by the job
 * queue, as a PDF.
 *
 * What stays afterwards: that student (inactive, with its cancelled TC), its record and payment, its
 * tuition-fee certificate, and a batch of ID cards. The demo's own certificates and students are
 * not touched.
 */

const RUN = Date.now().toString(36).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!);
const OWN = { firstName: 'Ishaan', lastName: `Leaver ${RUN}` } as const;
const NAME = `${OWN.firstName} ${OWN.lastName}`;
const shotsDir = path.resolve('test-results/screens');

type Api = Awaited<ReturnType<typeof apiAs>>;
interface Cert {
  certificateId: string;
  type: string;
  number: number;
  status: string;
  amount: number | null;
  verifyPath: string;
}

/** The journey's student in 4-A, its fees planned in one instalment and paid in cash: nothing due. */
async function scene(api: Api) {
  const sessions = await api.call<Array<{ sessionId: string; isCurrent: boolean }>>('GET', '/api/school/session');
  const sessionId = sessions.find((s) => s.isCurrent)!.sessionId;
  const classes = await api.call<{ items: Array<{ assignClassId: string; masterClass: string; section: string }> }>('GET', `/api/school/getallassignclass/${sessionId}?page=1&pageSize=100&status=all`);
  const { assignClassId } = classes.items.find((c) => c.masterClass === '4' && c.section === 'A')!;
  const made = await api.call<{ person: { userId: string }; loginId: string; password: string }>('POST', '/api/school/student', OWN);
  const studentId = made.person.userId;
  await api.call('POST', '/api/school/assignstudentclass', { assignClassId, studentIds: [studentId] });
  await api.call('POST', '/api/school/feerecord', { assignClassId, studentIds: [studentId], feeTypeIds: [] });
  type Rows = { items: Array<{ student: { userId: string }; record: { feeRecordId: string } | null }> };
  const rows = await api.call<Rows>('GET', `/api/school/feerecord?assignClassId=${assignClassId}&page=1&pageSize=20&search=${encodeURIComponent(NAME)}`);
  const feeRecordId = rows.items.find((r) => r.student.userId === studentId)!.record!.feeRecordId;
  const plan = await api.call<{ instalments: Array<{ emiId: string }> }>('POST', '/api/school/feerecord/emi', { feeRecordId, dueDates: [schoolToday(-3)] });
  await api.call('POST', `/api/school/feerecord/emi/paid/${plan.instalments[0]!.emiId}`, { mode: 'cash' });
  return { studentId, loginId: made.loginId, password: made.password };
}

/** The register's rows of the journey's student, newest first. */
const certificatesOf = (api: Api, studentId: string) => api.call<{ items: Cert[] }>('GET', `/api/school/certificates?studentId=${studentId}&pageSize=20`).then((p) => p.items);

/** Opens the issue dialog, chooses the type and the journey's student; the form fills itself. */
async function startIssue(page: Page, type: string) {
  await page.getByRole('button', { name: 'Issue a certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue a certificate' });
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: type });
  await dialog.getByRole('combobox', { name: /^Student/ }).fill(OWN.lastName);
  await page.getByRole('option', { name: new RegExp(NAME) }).click();
  return dialog;
}

/** A verification page, opened signed out in a browser of its own. */
async function verifyPage(browser: import('@playwright/test').Browser, verifyPath: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`.${verifyPath}`);
  await expect(page.getByRole('heading', { name: 'Certificate verification', level: 1 })).toBeVisible();
  return { context, page };
}

test('the principal issues a tuition-fee certificate and a TC, downloads it in Hindi, the student is left, the QR page says valid; the TC cancelled in error says cancelled and the student is back; ID cards of a class', async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await apiAs(113);
  const { studentId, loginId, password } = await scene(api);
  const today = schoolToday();
  const fy = Number(today.slice(5, 7)) >= 4 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const preview = await api.call<{ tuitionPaid: number; dues: number }>('GET', `/api/school/certificates/preview?type=feecert&studentId=${studentId}&financialYear=${fy}`);
  expect(preview.dues).toBe(0);
  expect(preview.tuitionPaid).toBeGreaterThan(0);

  const { context, page } = await signedInAt(browser, 113, 'en', 1280);
  await page.goto('./certificates');
  await expect(page.getByRole('heading', { name: 'Certificates', level: 1 })).toBeVisible();
  await expectAccessible(page, 'certificates (en, 1280 px)');
  // The register fits the screen: no sideways scrolling at 1280 px.
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const widths = await table.evaluate((el) => [el.getBoundingClientRect().width, el.closest('.mantine-Paper-root')!.getBoundingClientRect().width]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]! + 1);
  await shot(page, 'certificates-en-1280');

  // The tuition-fee certificate: the amount shown is the preview's, and the certificate says the same.
  let dialog = await startIssue(page, 'Tuition fee certificate');
  await expect(dialog.getByTestId('tuition-paid')).toHaveText(formatRupees(preview.tuitionPaid));
  await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(dialog.getByText(/Tuition fee certificate no\. \d+ issued/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  const [feecert] = await certificatesOf(api, studentId);
  expect(feecert).toMatchObject({ type: 'feecert', status: 'issued', amount: preview.tuitionPaid });

  // The TC: the form filled from the records, nothing due; the reason and the conduct asked.
  dialog = await startIssue(page, 'Transfer certificate');
  await expect(dialog.getByText(/Fees of .* are due/)).toHaveCount(0);
  await expect(dialog.getByTestId('tc-effect')).toContainText(`${NAME} is set as left: the student's account is deactivated`);
  await expect(dialog.getByRole('textbox', { name: 'General conduct' })).toHaveValue('Good');
  await dialog.getByRole('textbox', { name: 'Reason for leaving' }).fill('Family moving to Pune');
  await dialog.getByRole('textbox', { name: 'Last examination taken' }).fill('Half-yearly examination');
  await dialog.getByRole('textbox', { name: 'Result' }).fill('Passed');
  await expectAccessible(page, 'issue a TC (en, 1280 px)');
  await shot(page, 'certificates-issue-tc-en-1280');
  await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(dialog.getByText(/Transfer certificate no\. \d+ issued/)).toBeVisible();

  // Its PDF in Hindi.
  const [pdf, download] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/pdf') && r.url().includes('lang=hi')),
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /in हिन्दी$/ }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  fs.mkdirSync(shotsDir, { recursive: true });
  await download.saveAs(path.join(shotsDir, 'tc-hi.pdf'));
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The student has left: it can no longer sign in.
  const anon = await request.newContext({ baseURL: API_BASE });
  expect((await anon.post('/api/signin', { data: { loginId, password: password ?? PASSWORD } })).status()).toBe(403);
  await anon.dispose();

  // The TC's verification page, signed out: valid.
  const tc = (await certificatesOf(api, studentId)).find((c) => c.type === 'tc')!;
  const verified = await verifyPage(browser, tc.verifyPath);
  await expect(verified.page.getByTestId('verify-state')).toContainText('Valid');
  await expect(verified.page.getByText(NAME)).toBeVisible();
  await expectAccessible(verified.page, 'verify (en, 1280 px)');
  await shot(verified.page, 'verify-valid-en-1280');

  // The principal cancels the TC with a reason (issued by mistake), putting the student back on
  // the rolls (the dialog's default): its page says cancelled, the student is active and signs in.
  await page.getByRole('button', { name: `Cancel Transfer certificate no. ${tc.number} of ${NAME}` }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel Transfer certificate no. ${tc.number}` });
  await expect(cancel.getByRole('radio', { name: new RegExp(`^Issued in error: put ${NAME} back on the rolls`) })).toBeChecked();
  await cancel.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Issued to the wrong pupil');
  await expectAccessible(page, 'cancel a TC (en, 1280 px)');
  await shot(page, 'certificates-cancel-tc-en-1280');
  await cancel.getByRole('button', { name: 'Cancel the certificate' }).click();
  await expect(page.getByText(`Transfer certificate no. ${tc.number} cancelled; ${NAME} is on the rolls again`)).toBeVisible();
  await verified.page.reload();
  await expect(verified.page.getByTestId('verify-state')).toContainText('Cancelled');
  await shot(verified.page, 'verify-cancelled-en-1280');
  await page.goto(`./viewstudentdetail/${studentId}`);
  await expect(page.getByRole('switch', { name: new RegExp(NAME) })).toBeChecked();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const back = await request.newContext({ baseURL: API_BASE });
  expect((await back.post('/api/signin', { data: { loginId, password: password ?? PASSWORD } })).status()).toBe(200);
  await back.dispose();

  // ID cards of class 4-A: made by the job queue, ready in a moment, a PDF.
  await page.goto('./idcards');
  await expect(page.getByRole('heading', { name: 'ID cards', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: 'Class 4 – A' }).click();
  await page.getByRole('button', { name: 'Make the cards' }).click();
  const batch = page.getByRole('row').filter({ hasText: 'Class 4 – A' }).first();
  await expect(batch).toContainText('Ready', { timeout: 30_000 });
  await expectAccessible(page, 'ID cards (en, 1280 px)');
  await shot(page, 'idcards-en-1280');
  const [cards] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/school/idcards/') && r.url().endsWith('/pdf')), batch.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(cards.status()).toBe(200);
  expect(cards.headers()['content-type']).toContain('application/pdf');

  // The journey's student leaves again, as before it was restored (4-A's active pupils as they were).
  await api.call('PATCH', `/api/school/student/${studentId}/status`, { status: false });
  await verified.context.close();
  await context.close();
  await api.dispose();
});
