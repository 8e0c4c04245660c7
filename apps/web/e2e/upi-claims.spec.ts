import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { formatRupees } from '@shala/contract';
import { PASSWORD, escapeRegExp, expectAccessible, expectNoOverflow, pageIn, schoolToday, shot, signInAs, signInWith, tr, type Lang } from './support';
import { API_BASE } from './servers';

/**
 * A parent pays an instalment by UPI without a gateway (issue 25): on its child's fees it opens
 * "Pay by UPI" (the QR code, the amount, the payee demoschool@upi, the link that opens a UPI app),
 * says it has paid and enters the UPI reference; the instalment waits for the school. The principal
 * finds the reference among the pending ones (/feeupiclaims), looks at the payment settings and
 * confirms it; the parent then sees the instalment paid with its receipt, and the day's settlement
 * counts it. A student sees how to pay its own instalment (its parent sends the reference). The parent in Hindi at
 * 375 px; the principal in Hindi at 375 px (the list, the settings), then in English at 1280 px
 * (the confirmation, the day's settlement); the student in English at 1280 px.
 *
 * Set-up through the API: the journey's own family (a parent "Upi Journeyparent", its password set
 * to the published one, and a child "Tara Upijourney" in class 3-B with a fee record), so the demo
 * families stay as the fee journeys expect them. What stays: that family, its record with a plan
 * of 2 instalments made from the school's today and, after a second run, reversed payments (a
 * second run reverses what the last one paid and plans again).
 */

let ctx: APIRequestContext;
test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
});
test.afterAll(async () => {
  await ctx.dispose();
});

async function tokenOf(loginId: string, password = PASSWORD): Promise<string> {
  const res = await ctx.post('/api/signin', { data: { loginId, password } });
  expect(res.status(), `sign-in of ${loginId}`).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

async function api<T>(token: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await ctx.fetch(path, { method, headers: { token }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

const PARENT = { firstName: 'Upi', lastName: 'Journeyparent' };
const CHILD = { firstName: 'Tara', lastName: 'Upijourney' };
const CHILD_NAME = `${CHILD.firstName} ${CHILD.lastName}`;

interface Instalment {
  emiId: string;
  seq: number;
  amount: number;
  state: string;
}

/** The journey's family, found or made, and a fresh plan of 2 unpaid instalments; answers the parent's login id and the first instalment. */
async function scene(): Promise<{ parentLoginId: string; first: Instalment }> {
  const principal = await tokenOf('DEMO-P0001');
  type Page<T> = { items: T[] };
  const parents = await api<Page<{ userId: string; loginId: string; fullName: string }>>(
    principal,
    'GET',
    `/api/school/parent?page=1&pageSize=20&search=${encodeURIComponent(PARENT.lastName)}`,
  );
  let parent = parents.items.find((p) => p.fullName === `${PARENT.firstName} ${PARENT.lastName}`);
  if (!parent) {
    const made = await api<{ person: { userId: string }; loginId: string; password: string }>(principal, 'POST', '/api/school/parent', PARENT);
    // The journey signs in with the published password, on this run and the next.
    await api(await tokenOf(made.loginId, made.password), 'PATCH', '/api/account/password', { currentPassword: made.password, newPassword: PASSWORD });
    parent = { userId: made.person.userId, loginId: made.loginId, fullName: `${PARENT.firstName} ${PARENT.lastName}` };
  }
  const sessions = await api<Array<{ sessionId: string; isCurrent: boolean }>>(principal, 'GET', '/api/school/session');
  const sessionId = sessions.find((s) => s.isCurrent)!.sessionId;
  const classes = await api<Page<{ assignClassId: string; masterClass: string; section: string }>>(principal, 'GET', `/api/school/getallassignclass/${sessionId}?page=1&pageSize=100&status=all`);
  const { assignClassId } = classes.items.find((c) => c.masterClass === '3' && c.section === 'B')!;
  if (!(await api<unknown>(principal, 'GET', `/api/fee/${assignClassId}`))) {
    await api(principal, 'POST', `/api/fee/${assignClassId}`, { academic: 300_000, convenience: 50_000, development: 150_000, tuition: 2_000_000, other: 0, taxBp: 0 });
  }
  type Row = { student: { userId: string; fullName: string }; record: { feeRecordId: string } | null };
  const find = async () =>
    (await api<Page<Row>>(principal, 'GET', `/api/school/feerecord?assignClassId=${assignClassId}&page=1&pageSize=20&search=${encodeURIComponent(CHILD_NAME)}`)).items.find(
      (r) => r.student.fullName === CHILD_NAME,
    );
  let row = await find();
  if (!row) {
    const made = await api<{ person: { userId: string } }>(principal, 'POST', '/api/school/student', { ...CHILD, parentId: parent.userId });
    await api(principal, 'POST', '/api/school/assignstudentclass', { assignClassId, studentIds: [made.person.userId] });
    row = await find();
  }
  let feeRecordId = row!.record?.feeRecordId;
  if (!feeRecordId) {
    const [made] = await api<Array<{ feeRecordId: string }>>(principal, 'POST', '/api/school/feerecord', { assignClassId, studentIds: [row!.student.userId], feeTypeIds: [] });
    feeRecordId = made!.feeRecordId;
  }
  // A second run: what the last one paid is reversed, then the plan is made again.
  const fees = await api<{ instalments: Instalment[] }>(principal, 'GET', `/api/school/feerecord/emi/student/${row!.student.userId}/${sessionId}`);
  for (const i of fees.instalments.filter((x) => x.state === 'paid')) {
    await api(principal, 'POST', `/api/school/feerecord/emi/reverse/${i.emiId}`, { reason: 'Journey run again' });
  }
  const planned = await api<{ instalments: Instalment[] }>(principal, 'POST', '/api/school/feerecord/emi', { feeRecordId, count: 2, startDate: schoolToday() });
  return { parentLoginId: parent.loginId, first: planned.instalments[0]! };
}

async function parentPage(browser: Browser, loginId: string, lang: Lang, width: number): Promise<Page> {
  const page = await pageIn(browser, lang, width);
  await signInWith(page, loginId, '/parentdashboard');
  await page.goto('./studentfeedata');
  await expect(page.getByTestId('student-fees')).toBeVisible();
  return page;
}

test('a parent pays an instalment by UPI and the school confirms it against its bank statement', async ({ browser }) => {
  test.setTimeout(180_000);
  const { parentLoginId, first } = await scene();
  const reference = `4${String(Date.now()).slice(-11)}`;

  // The parent (Hindi, a phone): "Pay by UPI" on the first instalment shows the QR code and the link.
  const hi = 'hi' as const;
  const parent = await parentPage(browser, parentLoginId, hi, 375);
  const firstRow = parent.getByTestId('instalment').first();
  await firstRow.getByRole('button', { name: tr(hi, 'feeUpi.pay.openNamed', { seq: 1 }) }).click();
  const dialog = parent.getByRole('dialog', { name: tr(hi, 'feeUpi.pay.title', { seq: 1 }) });
  const qr = dialog.getByRole('img', { name: /क्यूआर कोड/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog.getByTestId('upi-amount')).toHaveText(new RegExp(`^₹[\\d,]+\\.\\d\\d$`));
  await expect(dialog.getByTestId('upi-vpa')).toHaveText('demoschool@upi');
  const open = dialog.getByRole('link', { name: tr(hi, 'feeUpi.pay.openApp') });
  await expect(open).toHaveAttribute('href', new RegExp(`^upi://pay\\?pa=demoschool@upi&pn=Shala%20Demo%20School&am=${(first.amount / 100).toFixed(2).replace('.', '\\.')}&cu=INR&tn=Fee%20`));
  await expectNoOverflow(parent);
  await expectAccessible(parent, 'pay by UPI (hi, 375)');
  await shot(parent, 'upi-pay-hi-375');

  // "I have paid": the UPI reference, sent to the school; the instalment now waits for it.
  await dialog.getByRole('button', { name: tr(hi, 'feeUpi.pay.paid') }).click();
  const field = dialog.getByRole('textbox', { name: new RegExp(escapeRegExp(tr(hi, 'feeUpi.claim.reference'))) });
  await field.fill('12');
  await dialog.getByRole('button', { name: tr(hi, 'feeUpi.claim.submit') }).click();
  await expect(dialog.getByText(tr(hi, 'validation.upi_reference'))).toBeVisible();
  await field.fill(reference);
  await expectAccessible(parent, 'UPI reference (hi, 375)');
  await shot(parent, 'upi-claim-hi-375');
  await dialog.getByRole('button', { name: tr(hi, 'feeUpi.claim.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(firstRow.getByTestId('upi-pending')).toContainText(tr(hi, 'feeUpi.pending.badge'));
  await expect(firstRow.getByTestId('upi-pending')).toContainText(reference);
  await expectNoOverflow(parent);
  await shot(parent, 'upi-pending-hi-375');
  // The same reference on the second instalment: refused on the field, in the parent's language (one reference pays once).
  await parent.getByTestId('instalment').nth(1).getByRole('button', { name: tr(hi, 'feeUpi.pay.openNamed', { seq: 2 }) }).click();
  const second = parent.getByRole('dialog', { name: tr(hi, 'feeUpi.pay.title', { seq: 2 }) });
  await second.getByRole('button', { name: tr(hi, 'feeUpi.pay.paid') }).click();
  await second.getByRole('textbox', { name: new RegExp(escapeRegExp(tr(hi, 'feeUpi.claim.reference'))) }).fill(reference);
  await second.getByRole('button', { name: tr(hi, 'feeUpi.claim.submit') }).click();
  await expect(second.getByText(tr(hi, 'errors.reasons.upi_reference_used')).first()).toBeVisible();
  await expectNoOverflow(parent);
  await shot(parent, 'upi-reference-used-hi-375');
  await parent.keyboard.press('Escape');
  await expect(second).toBeHidden();

  // The principal at a desk, in English: confirms it; the list of confirmed ones shows the receipt.
  const desk = await pageIn(browser, 'en', 1280);
  await signInAs(desk, 113);
  await desk.goto('./feeupiclaims');
  await expect(desk.getByRole('heading', { name: 'UPI payments to confirm' })).toBeVisible();
  // The pending references: this one and the demo's.
  await expect(desk.getByTestId('upi-claim').filter({ hasText: CHILD_NAME })).toContainText(reference);
  await expect(desk.getByTestId('upi-claim').filter({ hasText: '432109876543' })).toHaveCount(1);
  await expectAccessible(desk, 'UPI claims (en, 1280)');
  await shot(desk, 'upi-claims-en-1280');
  await desk.getByRole('button', { name: `Confirm instalment 1 of ${CHILD_NAME}` }).click();
  const confirm = desk.getByRole('dialog', { name: 'Confirm the UPI payment' });
  await expect(confirm).toContainText(reference);
  await expectAccessible(desk, 'confirm a UPI payment (en, 1280)');
  await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(desk.getByText(new RegExp(`^Receipt \\d+ recorded for ${CHILD_NAME}$`))).toBeVisible();
  await expect(desk.getByTestId('upi-claim').filter({ hasText: CHILD_NAME })).toHaveCount(0);
  await desk.locator('label').filter({ hasText: /^Confirmed$/ }).click();
  await expect(desk.getByTestId('upi-claim').filter({ hasText: reference })).toContainText(/Receipt \d+/);
  await shot(desk, 'upi-claims-confirmed-en-1280');
  // The day's settlement counts it among the confirmed UPI payments (the figures the server sums).
  const report = await api<{ upiConfirmed: { count: number; amount: number } }>(await tokenOf('DEMO-P0001'), 'GET', `/api/school/feereport/settlement?date=${schoolToday()}`);
  expect(report.upiConfirmed.amount).toBeGreaterThanOrEqual(first.amount);
  await desk.goto('./feereports');
  const settlement = desk.getByTestId('fee-settlement');
  await expect(settlement.getByRole('row', { name: /UPI \(confirmed\)/ })).toHaveText(new RegExp(`^UPI \\(confirmed\\)${report.upiConfirmed.count}₹[\\d,.]+${escapeRegExp(formatRupees(report.upiConfirmed.amount))}$`));
  await expectAccessible(desk, 'fee reports with the settlement (en, 1280)');
  await shot(desk, 'upi-settlement-en-1280');
  await desk.goto('./paymentsettings');
  await expect(desk.getByTestId('upi-state')).toContainText('Parents can pay by UPI to demoschool@upi');
  await shot(desk, 'upi-settings-en-1280');
  await desk.context().close();

  // The student (English, a desk) sees how to pay its overdue instalment; its parent sends the reference.
  const student = await pageIn(browser, 'en', 1280);
  await signInAs(student, 116);
  await student.goto('./studentclassfees');
  await student.getByRole('button', { name: 'Pay by UPI: instalment 2' }).click();
  const own = student.getByRole('dialog', { name: 'Pay instalment 2 by UPI' });
  await expect(own.getByRole('img', { name: /^QR code to pay ₹[\d,]+\.\d\d to Shala Demo School by UPI$/ })).toBeVisible();
  await expect(own).toContainText(tr('en', 'feeUpi.pay.studentHint'));
  await expect(own.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
  await expectAccessible(student, 'pay by UPI, the student (en, 1280)');
  await shot(student, 'upi-pay-student-en-1280');
  await student.context().close();

  // The parent sees the instalment paid, with its receipt.
  await parent.reload();
  const paidRow = parent.getByTestId('instalment').first();
  await expect(paidRow.locator('.mantine-Badge-label').first()).toHaveText(tr(hi, 'fees.common.states.paid'));
  await expect(paidRow.getByRole('button', { name: /^रसीद \d+ डाउनलोड करें$/ })).toBeVisible();
  await expect(paidRow.getByTestId('upi-pending')).toHaveCount(0);
  await expectNoOverflow(parent);
  await shot(parent, 'upi-paid-hi-375');
  await parent.context().close();
});
