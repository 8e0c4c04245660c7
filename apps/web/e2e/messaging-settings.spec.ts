import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectAccessible, expectNoOverflow, expectPath, pageIn, shot, signInAs, tr, type Lang } from './support';

/**
 * The school's messaging settings: the principal opens them from its menu in English at 1280 px,
 * saves the school's MSG91 account (sealed with the journeys' SECRETS_KEY; the secret is shown
 * only by its last characters) and turns SMS on for notices; in Hindi on a phone the account and
 * the rule are there after a reload; the rule is turned off and the account removed.
 *
 * What stays: nothing (the notice rule and the accounts end as the demo school had them).
 */
const smsForNotice = (page: Page, lang: Lang) =>
  page.getByRole('switch', { name: tr(lang, 'messagingSettings.ruleSwitch', { column: tr(lang, 'messaging.channels.sms'), kind: tr(lang, 'notifications.kinds.notice') }) });

async function saveRules(page: Page, lang: Lang) {
  await page.getByRole('button', { name: tr(lang, 'messagingSettings.saveRules') }).click();
  await expect(page.getByText(tr(lang, 'messagingSettings.rulesSaved'))).toBeVisible();
}

// The account goes even when the journey stops half way: the other journeys expect none.
test.afterAll(async () => {
  const principal = await apiAs(113);
  await principal.call('DELETE', '/api/school/messaging/sms').catch(() => {});
  await principal.dispose();
});

test('the principal saves the school’s SMS account and keeps a rule; on a phone in Hindi, removes the account', async ({ browser }) => {
  test.setTimeout(120_000);

  // English, 1280 px: from the menu.
  const page = await pageIn(browser, 'en', 1280);
  await signInAs(page, 113);
  await page.getByRole('button', { name: tr('en', 'menu.settings') }).click();
  await page.getByRole('link', { name: tr('en', 'routes.messagingsettings') }).click();
  await expectPath(page, '/messagingsettings');
  await expect(page.getByRole('heading', { name: tr('en', 'routes.messagingsettings'), level: 1 })).toBeVisible();
  await expect(page.getByText(tr('en', 'messagingSettings.noKeyTitle'))).toHaveCount(0);
  const sms = page.getByRole('region', { name: tr('en', 'messagingSettings.sms') });
  await expect(sms.getByText(tr('en', 'messagingSettings.source.none'))).toBeVisible();

  // The school's own MSG91 account, with its OTP template.
  await sms.getByRole('textbox', { name: tr('en', 'messagingSettings.entityId') }).fill('1201159000000000001');
  await sms.getByRole('textbox', { name: tr('en', 'messagingSettings.header') }).fill('SHALAS');
  await sms.getByLabel(tr('en', 'messagingSettings.authKey')).fill('demo-msg91-key-0001');
  await sms.getByRole('button', { name: tr('en', 'messagingSettings.addTemplate') }).click();
  await sms.getByRole('combobox', { name: tr('en', 'messagingSettings.kind'), exact: true }).click();
  await page.getByRole('option', { name: tr('en', 'messagingSettings.otp'), exact: true }).click();
  await sms.getByRole('textbox', { name: tr('en', 'messagingSettings.dltTemplateId') }).fill('1107170000000000009');
  await sms.getByRole('textbox', { name: tr('en', 'messagingSettings.text') }).fill('Your Shala code is {#var#}. It works for {#var#} minutes.');
  await sms.getByRole('textbox', { name: tr('en', 'messagingSettings.params') }).fill('code, minutes');
  await sms.getByRole('button', { name: tr('en', 'messagingSettings.saveSms') }).click();
  await expect(page.getByText(tr('en', 'messagingSettings.smsSaved'))).toBeVisible();
  await expect(sms.getByText(tr('en', 'messagingSettings.source.own'), { exact: true })).toBeVisible();
  await expect(page.getByText('demo-msg91-key-0001')).toHaveCount(0);

  // A rule: SMS for notices, on.
  const rule = smsForNotice(page, 'en');
  await expect(rule).not.toBeChecked();
  await rule.click();
  await saveRules(page, 'en');
  await page.reload();
  await expect(smsForNotice(page, 'en')).toBeChecked();
  await expectNoOverflow(page);
  await expectAccessible(page, 'messaging settings en 1280');
  await shot(page, 'messaging-settings-en-1280');

  // Hindi, 375 px: kept; the rule turned off again, the account removed.
  const phone = await pageIn(browser, 'hi', 375);
  await signInAs(phone, 113);
  await phone.goto('messagingsettings');
  await expect(phone.getByRole('heading', { name: tr('hi', 'routes.messagingsettings'), level: 1 })).toBeVisible();
  await expect(smsForNotice(phone, 'hi')).toBeChecked();
  const smsHi = phone.getByRole('region', { name: tr('hi', 'messagingSettings.sms') });
  await expect(smsHi.getByText(tr('hi', 'messagingSettings.source.own'), { exact: true })).toBeVisible();
  await expectNoOverflow(phone);
  await expectAccessible(phone, 'messaging settings hi 375');
  await shot(phone, 'messaging-settings-hi-375');
  await smsForNotice(phone, 'hi').click();
  await saveRules(phone, 'hi');
  await phone.reload();
  await expect(smsForNotice(phone, 'hi')).not.toBeChecked();
  await smsHi.getByRole('button', { name: tr('hi', 'messagingSettings.remove') }).click();
  await phone.getByRole('dialog').getByRole('button', { name: tr('hi', 'messagingSettings.remove') }).click();
  await expect(phone.getByText(tr('hi', 'messagingSettings.removed'))).toBeVisible();
  await expect(smsHi.getByText(tr('hi', 'messagingSettings.source.none'), { exact: true })).toBeVisible();
});
