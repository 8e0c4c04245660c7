import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, chooseLanguage, expectAccessible, expectNoOverflow, expectPath, shot, signInAs, tr } from './support';
import { API_BASE } from './servers';

/**
 * Chat, live between two browsers: the demo parent DEMO-G0001 (English, 1280 px) and a teacher of
 * its child (read from the parent's contacts through the API; Hindi, 375 px). The parent opens
 * /chat, picks the teacher and sends a message of this run's own; the teacher, already on /chat,
 * sees it arrive without reloading (with the unread badge), opens it and replies; the parent sees
 * the reply live. What stays: the two messages (read), as any chat leaves them.
 */


let ctx: APIRequestContext;
test.beforeAll(async () => {
  ctx = await request.newContext({ baseURL: API_BASE });
});
test.afterAll(async () => {
  await ctx.dispose();
});

async function tokenOf(loginId: string): Promise<string> {
  const res = await ctx.post('/api/signin', { data: { loginId, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}
async function get<T>(token: string, path: string): Promise<T> {
  const res = await ctx.get(path, { headers: { token } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

/** The parent's child's class teacher (else its first teacher), with its login id (asked of the principal). */
async function teacherOfChild() {
  const parent = await tokenOf('DEMO-G0001');
  const contacts = await get<{ items: Array<{ userId: string; fullName: string; classTeacherOf: string | null }> }>(parent, '/api/chat/contacts?pageSize=100');
  const teacher = contacts.items.find((c) => c.classTeacherOf) ?? contacts.items[0]!;
  const principal = await tokenOf('DEMO-P0001');
  const detail = await get<{ loginId: string }>(principal, `/api/school/teacher/${teacher.userId}`);
  return { ...teacher, loginId: detail.loginId };
}

async function signInHindi(page: Page, loginId: string, landing: string) {
  await page.goto('./');
  await chooseLanguage(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.locator('input[autocomplete="username"]').fill(loginId);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expectPath(page, landing);
}

test('a parent and its child’s teacher chat live (en 1280, hi 375)', async ({ browser }) => {
  const teacher = await teacherOfChild();
  const run = Date.now().toString(36);
  const question = `Is the homework due on Friday? (${run})`;
  const answer = `हाँ, शुक्रवार तक। (${run})`;

  const teacherContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const tp = await teacherContext.newPage();
  await signInHindi(tp, teacher.loginId, '/teacherdashboard');
  await tp.goto('chat');
  await expect(tp.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tp.getByTestId('chat-entry').first()).toBeVisible();
  // Whom the reader can message, by role.
  await expect(tp.getByText(tr('hi', 'chat.reach.teacher'))).toBeVisible();
  await shot(tp, 'chat-list-hi-375');
  await expectNoOverflow(tp);

  const parentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const pp = await parentContext.newPage();
  await signInAs(pp, 115);
  await pp.goto('chat');
  await expect(pp.getByText(tr('en', 'chat.reach.parent'))).toBeVisible();
  await pp.locator('label', { hasText: tr('en', 'chat.contacts') }).click();
  await pp.getByTestId('chat-contacts').getByRole('button', { name: new RegExp(teacher.fullName) }).click();
  await expect(pp.getByTestId('chat-peer')).toHaveText(teacher.fullName);
  await expect(pp.getByText(tr('en', 'chat.relation.classTeacher', { cls: teacher.classTeacherOf ?? '' }), { exact: false }).first()).toBeVisible();
  const box = pp.getByRole('textbox', { name: tr('en', 'chat.message') });
  await box.fill(question);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const mine = pp.getByTestId('chat-mine').filter({ hasText: question });
  await expect(mine).toBeVisible();
  await expect(mine.getByLabel(tr('en', 'chat.sent'))).toBeVisible();

  // The teacher's list shows it live, with the unread badge; opening it marks it read.
  const entry = tp.getByTestId('chat-entry').filter({ hasText: question });
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId('chat-unread')).toBeVisible();
  await entry.click();
  await expect(tp.getByTestId('chat-theirs').filter({ hasText: question })).toBeVisible();
  await expect(mine.getByLabel(tr('en', 'chat.read'))).toBeVisible();
  // The parent reads the chat open on screen: the reply does not raise its bell, not even for a moment.
  const bellCount = () => pp.getByTestId('notifications-bell').evaluate((el) => el.textContent ?? '');
  const before = await bellCount();
  await pp.getByTestId('notifications-bell').evaluate((el) => {
    const seen = ((window as unknown as { bellSeen: string[] }).bellSeen = [el.textContent ?? '']);
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { subtree: true, childList: true, characterData: true });
  });
  const parentRead = pp.waitForResponse((r) => /\/api\/chat\/[^/]+\/read$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  const reply = tp.getByRole('textbox', { name: tr('hi', 'chat.message') });
  await reply.fill(answer);
  await tp.getByRole('button', { name: tr('hi', 'chat.send') }).click();
  await expect(tp.getByTestId('chat-mine').filter({ hasText: answer })).toBeVisible();
  await shot(tp, 'chat-thread-hi-375');
  await expectNoOverflow(tp);
  await expectAccessible(tp, 'chat thread hi 375');

  // The parent sees the reply live, without reloading.
  await expect(pp.getByTestId('chat-theirs').filter({ hasText: answer })).toBeVisible();
  expect((await (await parentRead).json()).result.notes).toBe(1);
  await pp.waitForTimeout(500); // the bell's refresh after the read
  expect(new Set(await pp.evaluate(() => (window as unknown as { bellSeen: string[] }).bellSeen))).toEqual(new Set([before]));
  expect(await bellCount()).toBe(before);
  await shot(pp, 'chat-thread-en-1280');
  await expectAccessible(pp, 'chat thread en 1280');

  // The other sizes, to look at: the parent on a phone, the teacher on a desktop.
  await pp.setViewportSize({ width: 375, height: 800 });
  await expect(pp.getByRole('button', { name: tr('en', 'chat.back') })).toBeVisible();
  await expectNoOverflow(pp);
  await shot(pp, 'chat-thread-en-375');
  await pp.getByRole('button', { name: tr('en', 'chat.back') }).click();
  await expect(pp.getByTestId('chat-entry').first()).toBeVisible();
  await shot(pp, 'chat-list-en-375');
  await tp.setViewportSize({ width: 1280, height: 900 });
  await shot(tp, 'chat-thread-hi-1280');
  await expectNoOverflow(tp);

  // The teacher's profile menu: "chat with admin" opens the school's principal.
  const teacherToken = await tokenOf(teacher.loginId);
  const contacts = await get<{ items: Array<{ fullName: string; relation: string }> }>(teacherToken, '/api/chat/contacts?pageSize=100');
  const principal = contacts.items.find((c) => c.relation === 'principal')!;
  await tp.getByRole('button', { name: tr('hi', 'header.profileMenu') }).click();
  await tp.getByRole('menuitem', { name: tr('hi', 'header.chatWithAdmin') }).click();
  await expect(tp.getByTestId('chat-peer')).toHaveText(principal.fullName);

  await parentContext.close();
  await teacherContext.close();
});
