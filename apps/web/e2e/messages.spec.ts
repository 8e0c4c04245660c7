import { expect, test, type Browser } from '@playwright/test';
import { apiAs, escapeRegExp, expectAccessible, expectNoOverflow, expectPath, schoolNow, shot, signedInAt, tr, type Lang } from './support';

/**
 * Messages (issue 24): the principal (DEMO-P0001) reads the report of the demo's message of
 * yesterday (deliveries with the providers' reasons) and finds its month in the usage by SMS and
 * WhatsApp, writes one to the parents
 * of class 5-A with no paid channel (the demo school has no SMS or WhatsApp account), sees in the
 * preview how many it reaches, sends it and lands on its page: the recipients counted, the report
 * empty (the bell only); the list shows it. A message set for later (to the admins, by the bell)
 * is cancelled on its page. In English at 1280 px; then the list and the message's page in Hindi
 * at 375 px.
 *
 * What stays: the run's message, in the bell of 5-A's parents, and the cancelled one (sent to nobody).
 */

/** A required field's label (Mantine adds " *"). */
const label = (lang: Lang, key: string) => new RegExp(`^${escapeRegExp(tr(lang, key))}`);
let admin: Awaited<ReturnType<typeof apiAs>>;
let messagePath = '';

test.beforeAll(async () => {
  admin = await apiAs(113);
});
test.afterAll(async () => {
  await admin.dispose();
});
const api = <T>(method: 'GET' | 'POST', path: string, data?: unknown) => admin.call<T>(method, path, data);
const signedIn = (browser: Browser, lang: Lang, width: number) => signedInAt(browser, 113, lang, width);

test('the principal writes to the parents of class 5-A, sees whom it reaches, sends it and finds its report', async ({ browser }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const title = `Science fair ${run}`;
  const { context, page } = await signedIn(browser, 'en', 1280);
  // The demo's message of yesterday and its delivery report: delivered, read, failed with the
  // provider's reason, filtered by status.
  await page.goto('messages');
  const demo = page.getByRole('row').filter({ hasText: 'Annual day rehearsal' });
  await expect(demo).toHaveCount(1);
  await demo.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual day rehearsal' })).toBeVisible();
  await expect(page.getByText('Number is in the DND registry')).toBeVisible();
  await expect(page.getByText('Message undeliverable (131026)')).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'message report with deliveries (en, 1280 px)');
  await shot(page, 'messages-report-demo-en-1280');

  // The usage by SMS and WhatsApp: the demo message's month (the school's, India), as the API counts it.
  const demoMessage = (await api<{ items: Array<{ title: string; createdAt: string }> }>('GET', '/api/school/messages?pageSize=100')).items.find((m) => m.title === 'Annual day rehearsal')!;
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date(demoMessage.createdAt));
  const smsUsage = (await api<Array<{ month: string; channel: string; sent: number; failed: number; parts: number }>>('GET', '/api/school/messages/usage')).find((u) => u.month === month && u.channel === 'sms')!;
  expect(smsUsage.sent).toBeGreaterThan(0);
  await page.goto('messages');
  await page.getByRole('link', { name: tr('en', 'messages.list.usage') }).click();
  await expectPath(page, '/messages/usage');
  const monthName = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const usageRow = page.getByRole('table', { name: tr('en', 'messages.usage.label') }).getByRole('row').filter({ hasText: monthName }).filter({ hasText: tr('en', 'messages.channels.sms') });
  await expect(usageRow.getByRole('cell')).toHaveText([monthName, tr('en', 'messages.channels.sms'), ...[smsUsage.sent, smsUsage.failed, smsUsage.parts].map((n) => n.toLocaleString('en-IN'))]);
  await expectAccessible(page, 'messages usage (en, 1280 px)');
  await shot(page, 'messages-usage-en-1280');

  await page.goto('messages');
  await page.getByRole('link', { name: tr('en', 'messages.list.add') }).click();
  await expectPath(page, '/messages/new');

  const form = page.getByRole('form', { name: tr('en', 'messages.form.label') });
  const preview = page.getByTestId('message-preview');
  await expect(preview).toContainText(tr('en', 'messages.preview.incomplete'));
  await form.getByRole('textbox', { name: label('en', 'messages.form.title') }).fill(title);
  const body = 'The science fair is on Saturday at 10 am in the school hall. Parents are welcome.';
  await form.getByRole('textbox', { name: label('en', 'messages.form.body') }).fill(body);
  await expect(form).toContainText(tr('en', 'messages.form.chars', { n: body.length, max: '1,000' }));
  await form.getByRole('combobox', { name: tr('en', 'messages.form.classes') }).click();
  await page.getByRole('option', { name: 'Class 5 – A', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByRole('radio', { name: tr('en', 'messages.roles.parents') })).toBeChecked();
  await expect(form.getByRole('switch', { name: tr('en', 'messages.channels.sms') })).not.toBeChecked();

  // The preview: 5-A's parents, as the API counts them.
  const sessionId = await page.evaluate(() => sessionStorage.getItem('SessionId'));
  const classes = await api<{ items: Array<{ assignClassId: string; masterClass: string; section: string }> }>('GET', `/api/school/getallassignclass/${sessionId}?page=1&pageSize=100&status=all`);
  const fiveA = classes.items.find((c) => c.masterClass === '5' && c.section === 'A')!;
  const expected = await api<{ recipients: number }>('POST', '/api/school/messages/preview', {
    title,
    body,
    audience: { kind: 'classes', classIds: [fiveA.assignClassId], who: 'parents' },
    channels: [],
  });
  expect(expected.recipients).toBeGreaterThan(0);
  const recipientsText = tr('en', expected.recipients === 1 ? 'messages.preview.recipients_one' : 'messages.preview.recipients', { n: expected.recipients });
  await expect(preview.getByTestId('preview-recipients')).toHaveText(recipientsText);
  // SMS chosen: the demo school has no template for it, which the preview says.
  await form.getByRole('switch', { name: tr('en', 'messages.channels.sms') }).check({ force: true });
  const smsName = tr('en', 'messages.channels.sms');
  await expect(preview.getByTestId('preview-sms')).toContainText(tr('en', 'messages.preview.noTemplate', { channel: smsName }));
  await expectNoOverflow(page);
  await expectAccessible(page, 'composer with preview (en, 1280 px)');
  await shot(page, 'messages-compose-en-1280');
  // Sent by the bell only.
  await form.getByRole('switch', { name: tr('en', 'messages.channels.sms') }).uncheck({ force: true });
  await expect(preview.getByTestId('preview-sms')).toHaveCount(0);
  await form.getByRole('button', { name: tr('en', 'messages.form.send') }).click();

  await expect(page.getByText(tr('en', expected.recipients === 1 ? 'messages.form.sent_one' : 'messages.form.sent', { title, n: expected.recipients }))).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/messages\/[0-9a-f-]{36}$/);
  messagePath = new URL(page.url()).pathname.replace(/^\/sms_frontend/, '');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('message-body')).toHaveText(body);
  await expect(page.getByTestId('message-recipients')).toHaveText(String(expected.recipients));
  await expect(page.getByText(tr('en', 'messages.report.bellOnly'))).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'message page (en, 1280 px)');
  await shot(page, 'messages-report-en-1280');

  // The list shows it, newest first.
  await page.goto('messages');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(tr('en', 'messages.audience.parentsOf', { classes: 'Class 5 – A' }));
  await expect(row).toContainText(tr('en', 'messages.status.sent'));
  await expect(row).toContainText(String(expected.recipients));
  await expectAccessible(page, 'messages list (en, 1280 px)');
  await shot(page, 'messages-list-en-1280');

  // A message set for tomorrow is cancelled on its page, after the confirmation.
  const laterTitle = `Staff tea ${run}`;
  const later = await api<{ messageId: string }>('POST', '/api/school/messages', {
    title: laterTitle,
    body: 'Tea with the staff in the library.',
    audience: { kind: 'roles', roles: [112, 113] },
    channels: [],
    scheduledFor: new Date(schoolNow().getTime() + 86_400_000).toISOString(),
  });
  await page.goto(`messages/${later.messageId}`);
  const card = page.getByRole('region', { name: tr('en', 'messages.report.message') });
  await expect(card).toContainText(tr('en', 'messages.status.scheduled'));
  await card.getByRole('button', { name: tr('en', 'messages.cancel.button') }).click();
  const dialog = page.getByRole('dialog', { name: tr('en', 'messages.cancel.title') });
  await dialog.getByRole('button', { name: tr('en', 'messages.cancel.confirm') }).click();
  await expect(page.getByText(tr('en', 'messages.cancel.done', { title: laterTitle }))).toBeVisible();
  await expect(card).toContainText(tr('en', 'messages.status.cancelled'));
  await expect(card.getByRole('button', { name: tr('en', 'messages.cancel.button') })).toHaveCount(0);
  await context.close();
});

test('the list and the message page in Hindi at 375 px', async ({ browser }) => {
  test.setTimeout(90_000);
  expect(messagePath, 'the message of the journey above').not.toBe('');
  const { context, page } = await signedIn(browser, 'hi', 375);
  await page.goto('messages');
  await expect(page.getByRole('heading', { level: 1, name: tr('hi', 'routes.messages') })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: tr('hi', 'messages.audience.parentsOf', { classes: 'कक्षा 5 – A' }) }).first();
  await expect(card).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'messages list (hi, 375 px)');
  await shot(page, 'messages-list-hi-375');

  await card.getByRole('link').first().click();
  await expectPath(page, messagePath);
  await expect(page.getByText(tr('hi', 'messages.report.bellOnly'))).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'message page (hi, 375 px)');
  await shot(page, 'messages-report-hi-375');

  // The composer with its preview.
  await page.goto('messages/new');
  const form = page.getByRole('form', { name: tr('hi', 'messages.form.label') });
  await form.getByRole('textbox', { name: label('hi', 'messages.form.title') }).fill('विज्ञान मेला');
  await form.getByRole('textbox', { name: label('hi', 'messages.form.body') }).fill('विज्ञान मेला शनिवार को सुबह 10 बजे स्कूल हॉल में है।');
  await form.getByRole('combobox', { name: tr('hi', 'messages.form.classes') }).click();
  await page.getByRole('option', { name: 'कक्षा 5 – A', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('preview-recipients')).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, 'composer (hi, 375 px)');
  await context.close();
});
