import fs from 'node:fs';
import { expect, request, test, type Browser } from '@playwright/test';
import type { MessagePreview, MessageSummary } from '@shala/contract';
import { MSG91_TEMPLATES, PROVIDERS } from './providers-config';
import { API_BASE } from './servers';
import { apiAs, escapeRegExp, expectAccessible, expectNoOverflow, expectPath, schoolNow, shot, signedInAt, tr, type Lang } from './support';

/**
 * Messages (issue 24): the principal (DEMO-P0001) reads the report of the demo's message of
 * yesterday (deliveries with the providers' reasons) and finds its month in the usage by SMS and
 * WhatsApp. With the school's SMS and WhatsApp accounts stored (by the API; they send to the fake
 * MSG91 and WhatsApp Cloud API of apps/web/e2e/providers.ts), it writes to the parents of class 5-A
 * by SMS and WhatsApp with a PDF attached, sees in the preview whom each channel reaches and the
 * SMS parts, sends it and lands on its page: the file, the recipients counted, the deliveries sent.
 * The fakes report one SMS delivered and one WhatsApp message read, and the report shows them,
 * filtered by status; the list shows the message. A message set for later (to the admins, by the
 * bell) is cancelled on its page. In English at 1280 px; then the list and the message's page in
 * Hindi at 375 px, and a parent of 5-A (DEMO-G0001, on a phone in Hindi) opens the message from the
 * bell and downloads its file.
 *
 * What stays: the run's message and its file, in the bell of 5-A's parents (and its SMS and
 * WhatsApp in the fakes), the cancelled one (sent to nobody); DEMO-G0001 reads Hindi (as after
 * phone-alerts.spec.ts). The accounts are removed.
 */

/** A required field's label (Mantine adds " *"). */
const label = (lang: Lang, key: string) => new RegExp(`^${escapeRegExp(tr(lang, key))}`);
/** A count's text key: `<key>_one` for one. */
const counted = (key: string, n: number) => (n === 1 ? `${key}_one` : key);
/** A small PDF, as a phone would send it. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const FILE = 'Science fair plan.pdf';
const BODY = 'The science fair is on Saturday at 10 am in the school hall. Parents are welcome.';
let admin: Awaited<ReturnType<typeof apiAs>>;
let messagePath = '';
let messageTitle = '';

test.beforeAll(async () => {
  admin = await apiAs(113);
  // The school's accounts, with a template for its messages: the text over five DLT variables of 30 characters.
  const sms = MSG91_TEMPLATES.message_en;
  await admin.call('PUT', '/api/school/messaging/sms', {
    entityId: '1201159000000000001',
    header: sms.header,
    authKey: PROVIDERS.msg91AuthKey,
    templates: [{ kind: 'message', templateId: sms.dltTemplateId, providerTemplateId: 'message_en', text: sms.body.replace(/##var\d##/g, '{#var#}'), params: ['message', 'message', 'message', 'message', 'message', 'school'] }],
  });
  await admin.call('PUT', '/api/school/messaging/whatsapp', { ...PROVIDERS.whatsapp, templates: [{ kind: 'message', name: 'school_message', params: ['school', 'message'] }] });
});
test.afterAll(async () => {
  await admin.call('DELETE', '/api/school/messaging/sms').catch(() => {});
  await admin.call('DELETE', '/api/school/messaging/whatsapp').catch(() => {});
  await admin.dispose();
});
const api = <T>(method: 'GET' | 'POST', path: string, data?: unknown) => admin.call<T>(method, path, data);
const signedIn = (browser: Browser, lang: Lang, width: number) => signedInAt(browser, 113, lang, width);

/** The fakes' control port: what they got, and a delivery report they post to this worker's server. */
async function providers<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const ctx = await request.newContext();
  try {
    const res = await ctx.fetch(`http://127.0.0.1:${PROVIDERS.controlPort}${path}`, { method, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  } finally {
    await ctx.dispose();
  }
}
type Sent = { sms: Array<{ requestId: string; mobiles: string; text: string }>; whatsapp: Array<{ wamid: string; to: string; text: string }> };

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
  const smsUsage = (await api<{ months: Array<{ month: string; channel: string; sent: number; failed: number; parts: number }> }>('GET', '/api/school/messages/usage')).months.find((u) => u.month === month && u.channel === 'sms')!;
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
  const body = BODY;
  await form.getByRole('textbox', { name: label('en', 'messages.form.body') }).fill(body);
  await expect(form).toContainText(tr('en', 'messages.form.chars', { n: body.length, max: '1,000' }));
  await form.getByRole('combobox', { name: tr('en', 'messages.form.classes') }).click();
  await page.getByRole('option', { name: 'Class 5 – A', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByRole('radio', { name: tr('en', 'messages.roles.parents') })).toBeChecked();

  // SMS and WhatsApp on: the preview shows 5-A's parents, those each channel reaches and the SMS
  // parts, as the API counts them.
  for (const channel of ['sms', 'whatsapp'] as const) await form.getByRole('switch', { name: tr('en', `messages.channels.${channel}`) }).check({ force: true });
  const sessionId = await page.evaluate(() => sessionStorage.getItem('SessionId'));
  const classes = await api<{ items: Array<{ assignClassId: string; masterClass: string; section: string }> }>('GET', `/api/school/getallassignclass/${sessionId}?page=1&pageSize=100&status=all`);
  const fiveA = classes.items.find((c) => c.masterClass === '5' && c.section === 'A')!;
  const expected = await api<MessagePreview>('POST', '/api/school/messages/preview', {
    title,
    body,
    audience: { kind: 'classes', classIds: [fiveA.assignClassId], who: 'parents' },
    channels: ['sms', 'whatsapp'],
  });
  const [smsReach, waReach] = expected.channels;
  expect(smsReach).toMatchObject({ channel: 'sms', template: true, parts: 1 });
  expect(waReach).toMatchObject({ channel: 'whatsapp', template: true });
  expect(smsReach!.reachable * waReach!.reachable).toBeGreaterThan(0);
  await expect(preview.getByTestId('preview-recipients')).toHaveText(tr('en', counted('messages.preview.recipients', expected.recipients), { n: expected.recipients }));
  for (const c of [smsReach!, waReach!]) {
    await expect(preview.getByTestId(`preview-${c.channel}`)).toContainText(tr('en', counted('messages.preview.reachable', c.reachable), { n: c.reachable, total: expected.recipients }));
  }
  await expect(preview.getByTestId('preview-sms')).toContainText(tr('en', 'messages.preview.parts_one', { n: 1 }));

  // A PDF attached: uploaded at once, in the place of "Attach a file" (one file only).
  await page.getByTestId('message-file-input').setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByTestId('picked-file')).toContainText(tr('en', 'upload.uploaded'));
  await expect(form.getByRole('button', { name: tr('en', 'messages.form.attach') })).toHaveCount(0);
  await expectNoOverflow(page);
  await expectAccessible(page, 'composer with a file and the preview (en, 1280 px)');
  await shot(page, 'messages-compose-en-1280');
  await form.getByRole('button', { name: tr('en', 'messages.form.send') }).click();

  await expect(page.getByText(tr('en', counted('messages.form.sent', expected.recipients), { title, n: expected.recipients }))).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/messages\/[0-9a-f-]{36}$/);
  messagePath = new URL(page.url()).pathname.replace(/^\/sms_frontend/, '');
  messageTitle = title;
  const messageId = messagePath.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('message-body')).toHaveText(body);
  await expect(page.getByTestId('message-recipients')).toHaveText(String(expected.recipients));
  const card = page.getByRole('region', { name: tr('en', 'messages.report.message') });
  await expect(card.getByRole('button', { name: tr('en', 'upload.download', { name: FILE }) })).toBeVisible();

  // The deliveries go out (the deliveries job, within seconds); Refresh shows them sent.
  const reached = smsReach!.reachable + waReach!.reachable;
  await expect.poll(async () => (await api<MessageSummary>('GET', `/api/school/messages/${messageId}`)).counts, { timeout: 20_000 }).toEqual({ sent: reached });
  const refresh = () => card.getByRole('button', { name: tr('en', 'messages.report.refresh') }).click();
  await refresh();
  const report = page.getByRole('table', { name: tr('en', 'messages.report.title') });
  await expect(report.getByRole('cell', { name: tr('en', 'messages.delivery.sent'), exact: true })).toHaveCount(reached);

  // MSG91 reports an SMS delivered (to the school's report URL, with its token), Meta a WhatsApp message read.
  const sent = await providers<Sent>('GET', '/sent');
  const sms = sent.sms.find((m) => m.text.startsWith(`${title}: `))!;
  const whatsapp = sent.whatsapp.find((m) => m.text.includes(`${title}: `))!;
  const settings = await api<{ sms: { account: { webhookUrl: string } } }>('GET', '/api/school/messaging/settings');
  const date = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Kolkata', dateStyle: 'short', timeStyle: 'medium' }).format(schoolNow());
  const smsReport = await providers<{ status: number; text: string }>('POST', '/report', { channel: 'sms', url: `${API_BASE}${new URL(settings.sms.account.webhookUrl).pathname}${new URL(settings.sms.account.webhookUrl).search}`, requestId: sms.requestId, status: '1', number: sms.mobiles, date });
  expect(smsReport).toEqual({ status: 200, text: JSON.stringify({ result: { updated: 1 } }) });
  const waReport = await providers<{ status: number; text: string }>('POST', '/report', { channel: 'whatsapp', url: `${API_BASE}/api/hooks/whatsapp`, wamid: whatsapp.wamid, status: 'read', to: whatsapp.to });
  expect(waReport).toEqual({ status: 200, text: JSON.stringify({ result: { statuses: 1, stops: 0 } }) });
  await refresh();
  for (const [status, n] of [['delivered', 1], ['read', 1], ['sent', reached - 2]] as const) {
    await expect(card).toContainText(`${tr('en', `messages.delivery.${status}`)} ${n}`);
  }
  // The report by status: the one delivered (an SMS), then the one read (a WhatsApp message).
  const status = page.getByRole('combobox', { name: tr('en', 'list.status'), exact: true });
  for (const [value, channel] of [['delivered', 'sms'], ['read', 'whatsapp']] as const) {
    await status.click();
    await page.getByRole('option', { name: tr('en', `messages.delivery.${value}`), exact: true }).click();
    await expect(report.getByRole('row')).toHaveCount(2);
    await expect(report.getByRole('row').nth(1).getByRole('cell')).toContainText([tr('en', `messages.channels.${channel}`), tr('en', `messages.delivery.${value}`)]);
  }
  await expectNoOverflow(page);
  await expectAccessible(page, 'message page with a file and its report (en, 1280 px)');
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
  await expect(card).toContainText(tr('en', 'messages.status.scheduled'));
  await card.getByRole('button', { name: tr('en', 'messages.cancel.button') }).click();
  const dialog = page.getByRole('dialog', { name: tr('en', 'messages.cancel.title') });
  await dialog.getByRole('button', { name: tr('en', 'messages.cancel.confirm') }).click();
  await expect(page.getByText(tr('en', 'messages.cancel.done', { title: laterTitle }))).toBeVisible();
  await expect(card).toContainText(tr('en', 'messages.status.cancelled'));
  await expect(card.getByRole('button', { name: tr('en', 'messages.cancel.button') })).toHaveCount(0);
  await context.close();
});

test('the list, the message page and the composer in Hindi at 375 px; a parent reads the message from the bell and downloads its file', async ({ browser }) => {
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
  await expect(page.getByRole('button', { name: tr('hi', 'upload.download', { name: FILE }) })).toBeVisible();
  await expect(page.getByRole('list', { name: tr('hi', 'messages.report.title') })).toContainText(tr('hi', 'messages.delivery.read'));
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
  await page.getByTestId('message-file-input').setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByTestId('picked-file')).toContainText(tr('hi', 'upload.uploaded'));
  await expect(page.getByTestId('preview-recipients')).toBeVisible();
  // "Before you send" is read before Send on a phone (issue 39).
  const previewBox = await page.getByTestId('message-preview').boundingBox();
  const sendBox = await form.getByRole('button', { name: tr('hi', 'messages.form.send') }).boundingBox();
  expect(previewBox!.y + previewBox!.height).toBeLessThanOrEqual(sendBox!.y);
  await expectNoOverflow(page);
  await expectAccessible(page, 'composer with a file (hi, 375 px)');
  await shot(page, 'messages-compose-hi-375');
  await context.close();

  // A parent of 5-A, on a phone in Hindi: the bell leads to the message as it was written; its file downloads.
  const parent = await signedInAt(browser, 115, 'hi', 375);
  await parent.page.getByRole('button', { name: tr('hi', 'notifications.title') }).click();
  const bell = parent.page.getByRole('dialog', { name: tr('hi', 'notifications.title') });
  await bell.getByRole('button', { name: new RegExp(escapeRegExp(`${messageTitle}: `)) }).click();
  await expectPath(parent.page, messagePath.replace('/messages/', '/inbox/'));
  await expect(parent.page.getByRole('heading', { level: 1, name: messageTitle })).toBeVisible();
  await expect(parent.page.getByTestId('inbox-body')).toHaveText(BODY);
  await expectNoOverflow(parent.page);
  await expectAccessible(parent.page, 'a message received (hi, 375 px)');
  await shot(parent.page, 'messages-inbox-hi-375');
  const [download] = await Promise.all([parent.page.waitForEvent('download'), parent.page.getByRole('button', { name: tr('hi', 'upload.download', { name: FILE }) }).click()]);
  expect(download.suggestedFilename()).toBe(FILE);
  expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);
  await parent.context.close();
});
