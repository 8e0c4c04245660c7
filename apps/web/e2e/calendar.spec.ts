import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addDays, ACCOUNTS, PASSWORD, expectAccessible, expectNoOverflow, shot, schoolToday, signedInAt, fillDate } from './support';

// Holidays and the calendar: the principal adds a holiday range to the demo's current session and
// notifies the parents; the parent (DEMO-G0001) finds it in the bell and on its child's month
// calendar, with the coming holidays. In English and in Hindi, at 1280 and 375 px. The dates are
// days still to come (attendance marked by other journeys never falls on them), computed at run
// time in the school's time zone.

const todayInSchool = () => schoolToday();
/**
 * A range `length` days long starting `offset` or more days after today, inside the demo's current
 * session and clear of its holidays (the demo's and earlier runs'), or null when the session ends
 * first.
 */
async function futureRange(request: APIRequestContext, offset: number, length: number) {
  const signin = await request.post('/api/signin', { data: { loginId: ACCOUNTS[113].loginId, password: PASSWORD } });
  const headers = { token: ((await signin.json()) as { result: { token: string } }).result.token };
  const sessions = ((await (await request.get('/api/school/session', { headers })).json()) as { result: Array<{ sessionId: string; endDate: string; isCurrent: boolean }> }).result;
  const current = sessions.find((x) => x.isCurrent)!;
  const list = await request.get(`/api/school/holidays/${current.sessionId}?pageSize=100`, { headers });
  const taken = ((await list.json()) as { result: { items: Array<{ startDate: string; endDate: string }> } }).result.items;
  for (let startDate = addDays(todayInSchool(), offset); ; startDate = addDays(startDate, 1)) {
    const endDate = addDays(startDate, length - 1);
    if (endDate > current.endDate) return null;
    if (!taken.some((h) => h.startDate <= endDate && startDate <= h.endDate)) return { startDate, endDate, afterEnd: addDays(current.endDate, 1) };
  }
}

type Lang = 'en' | 'hi';
const TEXT = {
  en: {
    form: 'Add a holiday',
    title: 'Title',
    first: 'First day',
    last: 'Last day',
    description: 'Description',
    notify: 'Notify',
    parent: 'Parent',
    add: 'Add holiday',
    added: (t: string) => `Holiday ${t} added; notified: Parent.`,
    overlap: (t: string) => `These dates overlap the holiday ${t}.`,
    outside: /A holiday must fall inside the session/,
    list: /Holidays of \d{4}-\d{2}/,
    bell: 'Notifications',
    holidayNote: (title: string, from: string, to: string) => `Holiday: ${title}, ${from} to ${to}`,
    child: 'Child',
    coming: 'Coming holidays',
    next: 'Next month',
    edit: (t: string) => `Edit ${t}`,
    save: 'Save changes',
    saved: (t: string) => `Holiday ${t} saved.`,
    upcoming: 'Upcoming',
  },
  hi: {
    form: 'छुट्टी जोड़ने का फ़ॉर्म',
    title: 'शीर्षक',
    first: 'पहला दिन',
    last: 'अंतिम दिन',
    description: 'विवरण',
    notify: 'सूचना भेजें',
    parent: 'अभिभावक',
    add: 'छुट्टी जोड़ें',
    added: (t: string) => `छुट्टी ${t} जोड़ी गई; सूचना भेजी गई: अभिभावक।`,
    overlap: (t: string) => `ये तिथियाँ छुट्टी ${t} से टकराती हैं।`,
    outside: /सत्र/,
    list: /\d{4}-\d{2} की छुट्टियाँ/,
    bell: 'सूचनाएँ',
    holidayNote: (title: string, from: string, to: string) => `अवकाश: ${title}, ${from} से ${to} तक`,
    child: 'बच्चा',
    coming: 'आने वाली छुट्टियाँ',
    next: 'अगला महीना',
    edit: (t: string) => `${t} बदलें`,
    save: 'बदलाव सहेजें',
    saved: (t: string) => `छुट्टी ${t} सहेजी गई।`,
    upcoming: 'आने वाली',
  },
} as const;

/** A new browser context at a width, in a language, signed in as a role. */
async function open(browser: Browser, role: 113 | 115 | 112, lang: Lang, width: number): Promise<Page> {
  return (await signedInAt(browser, role, lang, width)).page;
}

/** The principal adds the range, announced to parents; refusals land on the dates; then edits its description. */
async function principalAdds(page: Page, lang: Lang, holiday: string, range: { startDate: string; endDate: string; afterEnd: string }, width: number) {
  const x = TEXT[lang];
  await page.goto('holidays');
  const form = page.getByRole('form', { name: x.form });
  await form.getByRole('textbox', { name: x.title }).fill(holiday);
  await fillDate(form.getByLabel(x.first), range.startDate);
  await fillDate(form.getByLabel(x.last), range.endDate);
  await form.getByRole('textbox', { name: x.description }).fill(lang === 'en' ? 'School closed for the festival.' : 'त्योहार के लिए स्कूल बंद रहेगा।');
  await form.getByRole('combobox', { name: x.notify }).click();
  await page.getByRole('option', { name: x.parent, exact: true }).click();
  await page.keyboard.press('Escape');
  await shot(page, `holiday-form-${lang}-${width}`);
  await form.getByRole('button', { name: x.add }).click();
  await expect(page.getByText(x.added(holiday))).toBeVisible();
  const list = page.getByRole(width < 600 ? 'list' : 'table', { name: x.list });
  await expect(list.getByText(holiday, { exact: true })).toBeVisible();
  // The form is empty again.
  await expect(form.getByRole('textbox', { name: x.title })).toHaveValue('');
  await expectAccessible(page, `holidays (${lang}, ${width})`);

  // The same dates again: refused, naming the holiday, on the first day; nothing added.
  await form.getByRole('textbox', { name: x.title }).fill(`${holiday} 2`);
  await fillDate(form.getByLabel(x.first), range.endDate);
  await form.getByRole('button', { name: x.add }).click();
  await expect(form.getByText(x.overlap(holiday)).first()).toBeVisible();
  await expect(form.getByLabel(x.first)).toHaveAttribute('aria-invalid', 'true');
  await shot(page, `holiday-overlap-${lang}-${width}`);
  // After the session: refused, naming the session.
  await fillDate(form.getByLabel(x.first), range.afterEnd);
  await form.getByRole('button', { name: x.add }).click();
  await expect(form.getByText(x.outside).first()).toBeVisible();
  await expect(list.getByText(`${holiday} 2`, { exact: true })).toHaveCount(0);
  await expectNoOverflow(page);

  // The whole list, coming ones only; the description edited in the modal.
  await page.goto('viewholidays');
  await page.getByText(x.upcoming, { exact: true }).click();
  await expect(page).toHaveURL(/status=upcoming/);
  await page.getByRole('button', { name: x.edit(holiday) }).click();
  const dialog = page.getByRole('dialog', { name: x.edit(holiday) });
  await dialog.getByRole('textbox', { name: x.description }).fill(lang === 'en' ? 'School closed for the festival. Happy holidays!' : 'त्योहार के लिए स्कूल बंद रहेगा। शुभकामनाएँ!');
  await shot(page, `holiday-edit-${lang}-${width}`);
  await dialog.getByRole('button', { name: x.save }).click();
  await expect(page.getByText(x.saved(holiday))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectNoOverflow(page);
  await shot(page, `holidays-list-${lang}-${width}`);
}

/** The parent finds the notification in the bell and the holiday on its first child's month and in the coming holidays. */
async function parentSees(page: Page, lang: Lang, holiday: string, range: { startDate: string; endDate: string }, width: number) {
  const x = TEXT[lang];
  await page.getByRole('button', { name: x.bell }).click();
  const bell = page.getByRole('dialog', { name: x.bell });
  // Written in the reader's language, its dates as the reader writes them.
  const day = (d: string) => new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${d}T00:00:00`));
  await expect(bell.getByText(x.holidayNote(holiday, day(range.startDate), day(range.endDate)))).toBeVisible();
  await shot(page, `holiday-bell-${lang}-${width}`);
  await page.keyboard.press('Escape');

  await page.goto('parentviewcalender');
  const picker = page.getByRole('combobox', { name: x.child });
  const first = picker.locator('option', { hasText: '(DEMO-S0001)' });
  await expect(first).toHaveCount(1);
  await picker.selectOption({ label: (await first.textContent()) ?? '' });
  const calendar = page.getByTestId('month-calendar');
  // The month shown first must be on the page before it is counted, or a slow load moves on a month too many.
  await expect(calendar.locator('table')).toBeVisible();
  for (let i = 0; i < 2 && (await calendar.locator(`td[data-date="${range.startDate}"]`).count()) === 0; i++) {
    await page.getByRole('button', { name: x.next }).click();
    await expect(calendar.locator('table')).toBeVisible();
  }
  for (let d = range.startDate; d <= range.endDate; d = addDays(d, 1)) {
    const cell = calendar.locator(`td[data-date="${d}"]`);
    if (d.slice(0, 7) === range.startDate.slice(0, 7)) await expect(cell).toHaveAttribute('data-kind', 'holiday');
  }
  await expect(calendar.getByText(holiday, { exact: true })).toBeVisible();
  const coming = page.getByRole('region', { name: x.coming });
  await expect(coming.getByText(holiday, { exact: true })).toBeVisible();
  await expectNoOverflow(page);
  await expectAccessible(page, `parent calendar (${lang}, ${width})`);
  await shot(page, `parent-calendar-${lang}-${width}`);
}

test('English: the principal adds a holiday range at 1280 px and notifies parents; the parent sees it at 375 px', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const range = await futureRange(request, 3, 3);
  expect(range, 'a holiday range still to come in the current session').not.toBeNull();
  const holiday = 'Sports week break';
  const principal = await open(browser, 113, 'en', 1280);
  await principalAdds(principal, 'en', holiday, range!, 1280);
  await principal.context().close();

  // The system admin may only view: the list, no form.
  const admin = await open(browser, 112, 'en', 1280);
  await admin.goto('holidays');
  await expect(admin.getByRole('table', { name: TEXT.en.list }).getByText(holiday, { exact: true })).toBeVisible();
  await expect(admin.getByRole('form', { name: TEXT.en.form })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: TEXT.en.edit(holiday) })).toHaveCount(0);
  await admin.context().close();

  const parent = await open(browser, 115, 'en', 375);
  await parentSees(parent, 'en', holiday, range!, 375);
  await parent.context().close();
});
