import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatRupees, type GatewaySettings, type StudentFees } from '@shala/contract';
import { PROVIDERS } from './providers-config';
import { API_BASE } from './servers';
import { apiAs, expectAccessible, expectNoOverflow, shot, signedInAt, tr } from './support';

/**
 * Fees paid online (issue 25): the principal gives the school's Razorpay keys on /paymentsettings
 * (the journeys' fake Razorpay); the parent (DEMO-G0001) pays its child DEMO-S0004's overdue instalments in one go in
 * Checkout (the fake's Checkout script, served from an origin of its own as Razorpay's is), gets
 * the receipts and downloads one; Razorpay's webhook arriving after it changes nothing; the
 * principal sees the payments, made online, in the day's collection at the fee counter. The
 * parent's payments list shows what each payment was, its late fee included (issue 39).
 *
 * What stays: nothing. The payments are reversed (and refunded at the fake gateway) and the keys
 * removed afterwards, so DEMO-S0004 has no payment again, as fees-student.spec reads it.
 */

let paidEmis: string[] = [];

test.afterAll(async () => {
  const principal = await apiAs(113);
  for (const emiId of paidEmis) {
    await principal.call('POST', `/api/school/feerecord/emi/reverse/${emiId}`, { reason: 'Journey done', refund: {} }).catch(() => {});
  }
  await principal.call('DELETE', '/api/school/paymentsettings/razorpay').catch(() => {});
  await principal.dispose();
});

test('a parent pays two instalments online and downloads the receipt; the principal sees them in the day’s collection', async ({ browser }) => {
  test.setTimeout(120_000);
  // The principal replaces the demo's keys with the school's own on /paymentsettings.
  const office = await signedInAt(browser, 113, 'en', 1280);
  await office.page.goto('paymentsettings');
  const card = office.page.getByRole('region', { name: tr('en', 'fees.gateway.title') });
  await card.getByRole('textbox', { name: tr('en', 'fees.gateway.keyId') }).fill(PROVIDERS.razorpay.keyId);
  await card.getByLabel(tr('en', 'fees.gateway.keySecret')).fill(PROVIDERS.razorpay.keySecret);
  await card.getByLabel(tr('en', 'fees.gateway.webhookSecret')).fill(PROVIDERS.razorpay.webhookSecret);
  await card.getByRole('button', { name: tr('en', 'fees.gateway.save') }).click();
  await expect(office.page.getByText(tr('en', 'fees.gateway.saved'))).toBeVisible();
  await expect(card.getByText(tr('en', 'fees.gateway.test'), { exact: true })).toBeVisible();
  await expect(card.getByText(/\/api\/hooks\/razorpay\?account=/)).toBeVisible();
  await expect(office.page.getByText(PROVIDERS.razorpay.keySecret)).toHaveCount(0);
  await expectNoOverflow(office.page);
  await expectAccessible(office.page, 'payment settings en 1280');
  await shot(office.page, 'payment-settings-en-1280');
  await office.context.close();
  const principalApi = await apiAs(113);
  const settings = await principalApi.call<GatewaySettings>('GET', '/api/school/paymentsettings');
  expect(settings.razorpay).toMatchObject({ keyId: PROVIDERS.razorpay.keyId, mode: 'test', demo: false });

  const { page, context } = await signedInAt(browser, 115, 'en', 1280);
  await page.goto('studentfeedata');
  const picker = page.getByRole('combobox', { name: tr('en', 'fees.student.child') });
  const option = picker.locator('option', { hasText: '(DEMO-S0004)' });
  const sibling = (await option.getAttribute('value'))!;
  const siblingName = (await option.innerText()).replace(/\s*\(DEMO-S0004\)\s*$/, '').trim();
  await picker.selectOption(sibling);
  // The sibling's fees, not the first child's still on the page: its name heads them.
  await expect(page.getByTestId('fees-of')).toContainText(siblingName);
  const panel = page.getByTestId('pay-online');
  await expect(panel).toBeVisible();
  // The overdue instalments come ticked; the parent pays two of the unpaid ones (whatever other
  // journeys of this server did to the family before), their sum on the button.
  const boxes = panel.getByRole('checkbox');
  await expect(panel.getByRole('checkbox', { checked: true }).first()).toBeVisible();
  const n = Math.min(2, await boxes.count());
  expect(n).toBeGreaterThanOrEqual(1);
  for (const box of await boxes.all()) if (await box.isChecked()) await box.uncheck();
  for (let i = 0; i < n; i++) await boxes.nth(i).check();
  await expectAccessible(page, 'pay online en 1280');
  const pay = panel.getByTestId('pay-now');
  await expect(pay).toHaveText(/^Pay ₹[\d,]+(\.\d\d)? now$/);
  await pay.click();

  // Razorpay Checkout (the fake): the order's amount, then pay by UPI.
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });
  await expect(checkout).toContainText('order_');
  await checkout.getByRole('button', { name: 'Pay with UPI (test)' }).click();
  const result = page.getByTestId('pay-result');
  await expect(result).toContainText(tr('en', 'fees.online.paidTitle'));
  await expect(result.getByText(/^Receipt \d+$/)).toHaveCount(n);
  await shot(page, 'online-fees-paid-en-1280');

  // The receipt, a PDF.
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: /^Download receipt \d+$/ }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
  expect(fs.readFileSync(await download.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The instalments are paid, online; Razorpay's webhook after Checkout's return changes nothing.
  const sessions = await principalApi.call<Array<{ sessionId: string; isCurrent: boolean }>>('GET', '/api/school/session');
  const fees = await principalApi.call<StudentFees>('GET', `/api/school/feerecord/emi/student/${sibling}/${sessions.find((s) => s.isCurrent)!.sessionId}`);
  const online = fees.payments.filter((p) => p.mode === 'online' && !p.reversed);
  expect(online).toHaveLength(n);
  paidEmis = online.map((p) => p.emiId!);
  const sent = (await (await fetch(`http://127.0.0.1:${PROVIDERS.controlPort}/sent`)).json()) as { razorpay: { payments: Array<{ id: string; order_id: string }> } };
  const gatewayPayment = sent.razorpay.payments.find((p) => p.id === online[0]!.reference)!;
  const hook = await fetch(`http://127.0.0.1:${PROVIDERS.controlPort}/razorpay/deliver`, {
    method: 'POST',
    body: JSON.stringify({ url: `${API_BASE}${new URL(settings.razorpay!.webhookUrl).pathname}${new URL(settings.razorpay!.webhookUrl).search}`, event: 'payment.captured', paymentId: gatewayPayment.id }),
  });
  expect(((await hook.json()) as { status: number }).status).toBe(200);
  const again = await principalApi.call<StudentFees>('GET', `/api/school/feerecord/emi/student/${sibling}/${fees.sessionId}`);
  expect(again.payments.filter((p) => p.mode === 'online' && !p.reversed)).toHaveLength(n);

  // The parent's payments list: each payment as paid, its late fee included (DEMO-S0004's overdue
  // instalments carry late fees).
  expect(online.some((p) => p.lateFee > 0)).toBe(true);
  await page.reload();
  await page.getByRole('combobox', { name: tr('en', 'fees.student.child') }).selectOption(sibling);
  const list = page.getByRole('region', { name: tr('en', 'fees.common.view.payments') });
  for (const p of online) {
    await expect(list.getByText(`${tr('en', 'fees.common.money.receiptNo')} ${p.receiptNo} · ${formatRupees(p.amount + p.lateFee)}`)).toBeVisible();
  }
  await shot(page, 'online-fees-payments-en-1280');

  await principalApi.dispose();

  // The principal's day at the fee counter: the online payments, by mode, beside the office's.
  const principal = await signedInAt(browser, 113, 'en', 1280);
  await principal.page.goto('feecounter');
  const onlineToday = principal.page.getByTestId('counter-day-online');
  await expect(onlineToday).toBeVisible();
  // At least these two (the demo's history may hold another payment made online today).
  const rupees = Number(((await onlineToday.locator('p').nth(1).textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(Math.round(rupees * 100)).toBeGreaterThanOrEqual(online.reduce((sum, p) => sum + p.amount + p.lateFee, 0));
  await shot(principal.page, 'online-fees-principal-day-en-1280');
  await principal.context.close();

  await context.close();
});
