import { expect, request, test } from '@playwright/test';
import { formatDateFor } from '@shala/contract';
import { addDays, apiAs, expectAccessible, expectNoOverflow, pageIn, schoolToday, shot, signInAs, tr } from './support';
import { ABSENCE_SMS_ACCOUNT, PROVIDERS } from './providers-config';

/**
 * An absence reaches the parent's phone (issue 24), against the fake MSG91 and WhatsApp Cloud API
 * the journeys' servers send to (apps/web/e2e/providers.ts). The school's accounts are set up
 * (by the API: the settings screen is messaging-settings.spec.ts). The demo parent DEMO-G0001
 * (verified number, WhatsApp consent, SMS and WhatsApp for absences by the school's rule) signs in
 * in Hindi on a phone; the teacher marks Aarav absent; the providers get one SMS and one WhatsApp
 * message, in Hindi, once. The parent turns both off for absences on /notificationsettings; the
 * next absence is in the bell only, while another parent of 5-A still gets an SMS.
 *
 * What stays: two days of 5-A's attendance with Aarav (and Rohan) absent, the parent's choices back
 * to the school's; the accounts are removed.
 */
const AARAV_PHONE = '919876543210';
const ROHAN_PARENT_PHONE = '919876543212';

type Sent = { sms: Array<{ mobiles: string; templateId: string; text: string }>; whatsapp: Array<{ to: string; template: string; language: string; text: string }> };
/**
 * The absences sent to a number (on the absence templates: every worker's demo school has the same
 * parents' numbers, and another worker's journey may send them a message meanwhile).
 */
async function sentTo(mobile: string): Promise<{ sms: string[]; whatsapp: string[] }> {
  const ctx = await request.newContext();
  try {
    const all = (await (await ctx.get(`http://127.0.0.1:${PROVIDERS.controlPort}/sent`)).json()) as Sent;
    return {
      sms: all.sms.filter((s) => s.mobiles === mobile && s.templateId.startsWith('absent_')).map((s) => s.text),
      whatsapp: all.whatsapp.filter((w) => w.to.replace('+', '') === mobile && w.template === 'absence_alert').map((w) => `${w.language}: ${w.text}`),
    };
  } finally {
    await ctx.dispose();
  }
}

let principal: Awaited<ReturnType<typeof apiAs>>;
let teacher: Awaited<ReturnType<typeof apiAs>>;
test.beforeAll(async () => {
  [principal, teacher] = await Promise.all([apiAs(113), apiAs(114)]);
});
test.afterAll(async () => {
  await principal.call('DELETE', '/api/school/messaging/sms').catch(() => {});
  await principal.call('DELETE', '/api/school/messaging/whatsapp').catch(() => {});
  await Promise.all([principal.dispose(), teacher.dispose()]);
});

test('a parent who reads Hindi gets an absence by SMS and WhatsApp once; with both off, in the bell only', async ({ browser }) => {
  test.setTimeout(120_000);
  await principal.call('PUT', '/api/school/messaging/sms', ABSENCE_SMS_ACCOUNT);
  await principal.call('PUT', '/api/school/messaging/whatsapp', {
    phoneNumberId: PROVIDERS.whatsapp.phoneNumberId,
    accessToken: PROVIDERS.whatsapp.accessToken,
    appSecret: PROVIDERS.whatsapp.appSecret,
    verifyToken: PROVIDERS.whatsapp.verifyToken,
    templates: [{ kind: 'absence', name: 'absence_alert', params: ['child', 'date', 'school'] }],
  });

  // Two school days of 5-A a week back, with Aarav and Rohan present (the demo's term of attendance).
  const sessionId = (await principal.call<Array<{ sessionId: string; isCurrent: boolean }>>('GET', '/api/school/session')).find((s) => s.isCurrent)!.sessionId;
  const classes = await principal.call<{ items: Array<{ assignClassId: string; masterClass: string; section: string }> }>('GET', `/api/school/getallassignclass/${sessionId}?page=1&pageSize=100&status=all`);
  const fiveA = classes.items.find((c) => c.masterClass === '5' && c.section === 'A')!.assignClassId;
  type Day = { dayKind: string; canMark: boolean; students: Array<{ studentId: string; loginId: string; status: string }> };
  const days: Array<{ date: string; day: Day }> = [];
  for (let date = schoolToday(-7), i = 0; days.length < 2 && i < 30; date = addDays(date, -1), i++) {
    const day = await teacher.call<Day>('GET', `/api/school/attendance/${fiveA}/${date}`);
    const present = (login: string) => day.students.find((s) => s.loginId === login)?.status === 'present';
    if (day.dayKind === 'school' && day.canMark && present('DEMO-S0001') && present('DEMO-S0003')) days.push({ date, day });
  }
  expect(days).toHaveLength(2);
  const absent = ({ date, day }: (typeof days)[number], logins: string[]) =>
    teacher.call('POST', `/api/school/attendance/${fiveA}/${sessionId}`, {
      date,
      marks: day.students.map((s) => ({ studentId: s.studentId, status: logins.includes(s.loginId) ? 'absent' : s.status })),
    });
  const before = await sentTo(AARAV_PHONE);

  // The parent signs in in Hindi on a phone: what is sent to it is written in Hindi from now on.
  const page = await pageIn(browser, 'hi', 375);
  const language = page.waitForResponse((r) => r.url().endsWith('/api/notifications/language') && r.ok());
  await signInAs(page, 115);
  await language;
  await page.goto('notificationsettings');
  const channelFor = (channel: 'sms' | 'whatsapp') =>
    page.getByRole('switch', { name: tr('hi', 'messaging.kinds.switchLabel', { channel: tr('hi', `messaging.channels.${channel}`), kind: tr('hi', 'notifications.kinds.absence') }) });
  await expect(channelFor('sms')).toBeChecked();
  await expect(channelFor('whatsapp')).toBeChecked();

  // Aarav absent: one SMS on the Hindi DLT template, one WhatsApp in Hindi; saved again, nothing more.
  await absent(days[0]!, ['DEMO-S0001']);
  await absent(days[0]!, ['DEMO-S0001']);
  await expect.poll(async () => sentTo(AARAV_PHONE), { timeout: 20_000 }).toEqual({
    sms: [...before.sms, expect.stringMatching(/^प्रिय अभिभावक, Aarav Verma .* को अनुपस्थित रहे। - /)],
    whatsapp: [...before.whatsapp, expect.stringMatching(/^hi: Aarav Verma .* को अनुपस्थित रहे। - /)],
  });

  // The parent turns both off for absences.
  for (const channel of ['sms', 'whatsapp'] as const) {
    await channelFor(channel).click();
    await expect(channelFor(channel)).not.toBeChecked();
    await expect(page.getByText(tr('hi', 'messaging.kinds.off', { channel: tr('hi', `messaging.channels.${channel}`), kind: tr('hi', 'notifications.kinds.absence') }))).toBeVisible();
  }
  await page.reload();
  await expect(channelFor('sms')).not.toBeChecked();
  await expectNoOverflow(page);
  await expectAccessible(page, 'notification settings with mail (hi, 375 px)');
  await shot(page, 'phone-alerts-settings-hi-375');

  // The next absence, with Rohan's: Rohan's parent gets an SMS (the providers are working); Aarav's
  // parent nothing more, but the bell has it.
  const rohanBefore = (await sentTo(ROHAN_PARENT_PHONE)).sms.length;
  await absent(days[1]!, ['DEMO-S0001', 'DEMO-S0003']);
  await expect.poll(async () => (await sentTo(ROHAN_PARENT_PHONE)).sms.length, { timeout: 20_000 }).toBe(rohanBefore + 1);
  await page.waitForTimeout(500);
  expect((await sentTo(AARAV_PHONE)).sms).toHaveLength(before.sms.length + 1);
  expect((await sentTo(AARAV_PHONE)).whatsapp).toHaveLength(before.whatsapp.length + 1);
  // The bell has both of this journey's absences, each once (another journey on this server may
  // have marked Aarav absent on another day).
  await page.goto('notifications');
  for (const { date } of days) await expect(page.getByText(`Aarav Verma ${formatDateFor('hi', date)} को अनुपस्थित रहे।`)).toHaveCount(1);

  // Back to the school's setting.
  await page.goto('notificationsettings');
  await page.getByRole('button', { name: tr('hi', 'messaging.kinds.reset', { kind: tr('hi', 'notifications.kinds.absence') }) }).click();
  await expect(channelFor('sms')).toBeChecked();
});
