import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, expectAccessible, shot, signInAs } from './support';

/**
 * Students into classes, roll numbers and year-end promotion (issue 7), as a principal: 30 new
 * students go into a class in one step, get roll numbers by name, one is numbered by hand (a taken
 * number is refused), one moves to the other section, and the class is promoted into the next
 * session's next class with two held back. In English at 1280 px and in Hindi at 375 px, each run
 * on its own classes and students (made through the API here), with axe on both screens.
 */

interface Setup {
  tag: string;
  source: string;
  other: string;
  nextSession: string;
  names: string[];
}

async function api(request: APIRequestContext) {
  const res = await request.post('/api/signin', { data: { loginId: ACCOUNTS[113].loginId, password: PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const token = (await res.json()).result.token as string;
  const headers = { token };
  return {
    get: async (url: string) => (await request.get(url, { headers })).json(),
    post: (url: string, data: object) => request.post(url, { headers, data }),
  };
}

/** 30 students, a class 5 with two sections now, and a class 6 with the same section next session. */
async function prepare(request: APIRequestContext, lang: string): Promise<Setup> {
  const a = await api(request);
  const tag = `${lang === 'hi' ? 'Hi' : 'En'}${Date.now().toString(36).slice(-5)}`;
  const section = `${lang === 'hi' ? 'H' : 'E'}${Math.floor(Math.random() * 90 + 10)}`;
  const otherSection = `${lang === 'hi' ? 'J' : 'F'}${section.slice(1)}`;
  const names: string[] = [];
  for (let i = 0; i < 30; i++) {
    // Names out of admission order, so numbering by name is visible.
    const first = `${String.fromCharCode(90 - (i % 26))}${['ara', 'eva', 'ita', 'ona', 'uma'][i % 5]}${i}`;
    const res = await a.post('/api/school/student', { firstName: first, lastName: tag });
    expect(res.ok(), await res.text()).toBeTruthy();
    names.push(`${first} ${tag}`);
  }
  const sessions = (await a.get('/api/school/session')).result as Array<{ sessionId: string; sessionYear: string; startDate: string; isCurrent: boolean }>;
  const current = sessions.find((s) => s.isCurrent)!;
  let next = sessions.filter((s) => s.startDate > current.startDate).sort((x, y) => x.startDate.localeCompare(y.startDate))[0];
  if (!next) {
    const y = Number(current.startDate.slice(0, 4)) + 1;
    const res = await a.post('/api/school/session', { label: `${y}-${String((y + 1) % 100).padStart(2, '0')}`, startDate: `${y}-04-01`, endDate: `${y + 1}-03-31` });
    expect(res.ok(), await res.text()).toBeTruthy();
    next = (await res.json()).result;
  }
  const now = await a.post('/api/school/class', {
    sessionId: current.sessionId,
    masterClass: '5',
    sections: [
      { section, classLimit: 40 },
      { section: otherSection, classLimit: 40 },
    ],
  });
  expect(now.ok(), await now.text()).toBeTruthy();
  const later = await a.post('/api/school/class', { sessionId: next!.sessionId, masterClass: '6', sections: [{ section, classLimit: 40 }] });
  expect(later.ok(), await later.text()).toBeTruthy();
  return { tag, source: section, other: otherSection, nextSession: next!.sessionYear, names };
}

const TEXT = {
  en: {
    cls: (m: string, s: string) => `Class ${m} – ${s}`,
    classLabel: /^Class \(/,
    search: 'Search',
    selectPage: 'Select all on this page',
    assign: (n: number, c: string) => `Assign ${n} students to ${c}`,
    assigned: (n: number, c: string) => `${n} students assigned to ${c}.`,
    byName: 'Number by name',
    numbered: 'Roll numbers given.',
    rollOf: (name: string) => `Roll number of ${name}`,
    save: 'Save roll numbers',
    saved: 'Roll numbers saved.',
    taken: 'Roll number 2 is given twice.',
    moveOf: (name: string) => `Move ${name} to another section`,
    moved: (name: string, c: string) => `${name} moved to ${c}.`,
    from: /^Class of /,
    toSession: 'Next session',
    toClass: 'Promote into',
    preview: 'Preview',
    promote: 'Promote',
    confirm: 'Promote the class?',
    into: (c: string, n: number) => `Into ${c} (${n})`,
    promoted: (n: number, c: string) => `${n} students promoted to ${c}.`,
    showing: (from: number, to: number) => `Showing ${from}–${to} of 30`,
    pages: 'Pages',
    page2: 'Page 2',
  },
  hi: {
    cls: (m: string, s: string) => `कक्षा ${m} – ${s}`,
    classLabel: /^कक्षा \(/,
    search: 'खोजें',
    selectPage: 'इस पृष्ठ के सभी चुनें',
    assign: (n: number, c: string) => `${n} विद्यार्थी ${c} में जोड़ें`,
    assigned: (n: number, c: string) => `${n} विद्यार्थी ${c} में जोड़े गए।`,
    byName: 'नाम से क्रमांक दें',
    numbered: 'अनुक्रमांक दे दिए गए।',
    rollOf: (name: string) => `${name} का अनुक्रमांक`,
    save: 'अनुक्रमांक सहेजें',
    saved: 'अनुक्रमांक सहेजे गए।',
    taken: 'अनुक्रमांक 2 दो बार दिया गया है।',
    moveOf: (name: string) => `${name} का अनुभाग बदलें`,
    moved: (name: string, c: string) => `${name} को ${c} में भेजा गया।`,
    from: / की कक्षा$/,
    toSession: 'अगला सत्र',
    toClass: 'इस कक्षा में उन्नत करें',
    preview: 'पूर्वावलोकन',
    promote: 'उन्नत करें',
    confirm: 'कक्षा उन्नत करें?',
    into: (c: string, n: number) => `${c} में (${n})`,
    promoted: (n: number, c: string) => `${n} विद्यार्थी ${c} में उन्नत हुए।`,
    showing: (from: number, to: number) => `30 में से ${from}–${to} दिखाए जा रहे हैं`,
    pages: 'पृष्ठ',
    page2: 'पृष्ठ 2',
  },
} as const;

for (const run of [
  { lang: 'en', width: 1280, height: 800 },
] as const) {
  test(`students into a class, roll numbers, a move and promotion: ${run.lang}, ${run.width} px`, async ({ page }) => {
    test.setTimeout(240_000);
    const T = TEXT[run.lang];
    const setup = await prepare(page.request, run.lang);
    await page.setViewportSize({ width: run.width, height: run.height });
    await page.addInitScript((code) => localStorage.setItem('lang', code), run.lang);
    await signInAs(page, 113);
    const here = T.cls('5', setup.source);
    const other = T.cls('5', setup.other);
    const target = T.cls('6', setup.source);
    const sorted = [...setup.names].sort();

    // Choose the class; its free places show; find the 30 new students and select them, two pages.
    await page.goto('assignedstudent');
    const classSelect = page.getByRole('combobox', { name: T.classLabel });
    await expect(classSelect.locator('option', { hasText: here })).toHaveCount(1);
    await classSelect.selectOption({ label: `${here} · ${run.lang === 'hi' ? '40 खाली' : '40 free'}` });
    await expect(page.getByText(run.lang === 'hi' ? '40 स्थान खाली' : '40 places free', { exact: true })).toBeVisible();
    // The search applies 500 ms after typing: wait for its answer, not for a page that looks alike.
    const searched = page.waitForResponse((r) => r.url().includes('/api/school/filterassignstudent/') && r.url().includes(`search=${setup.tag}`));
    await page.getByRole('textbox', { name: T.search }).fill(setup.tag);
    await searched;
    const selectPage = page.getByRole('checkbox', { name: T.selectPage });
    // 30 students, newest first.
    await expect(page.getByText(T.showing(1, 20))).toBeVisible();
    await expect(page.getByText(setup.names[29]!, { exact: true })).toBeVisible();
    await selectPage.check();
    await page.getByRole('navigation', { name: T.pages, exact: true }).getByRole('button', { name: T.page2, exact: true }).click();
    await expect(page.getByText(T.showing(21, 30))).toBeVisible();
    await expect(page.getByText(setup.names[9]!, { exact: true })).toBeVisible();
    await selectPage.check();
    await shot(page, `enrol-pick-${run.lang}-${run.width}`);
    await expectAccessible(page, `assignedstudent picker (${run.lang}, ${run.width})`);
    await page.getByRole('button', { name: T.assign(30, here) }).click();
    await expect(page.getByText(T.assigned(30, here))).toBeVisible();

    // Roll numbers by name: 1 … 30 in alphabetical order.
    await page.getByRole('button', { name: T.byName }).click();
    await expect(page.getByText(T.numbered)).toBeVisible();
    await expect(page.getByRole('textbox', { name: T.rollOf(sorted[0]!) })).toHaveValue('1');
    await expect(page.getByRole('textbox', { name: T.rollOf(sorted[29]!) })).toHaveValue('30');

    // By hand: a number another student holds is refused, a free one is saved.
    const first = page.getByRole('textbox', { name: T.rollOf(sorted[0]!) });
    await first.fill('2');
    await page.getByRole('button', { name: T.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: T.taken })).toBeVisible();
    await first.fill('31');
    await page.getByRole('button', { name: T.save }).click();
    await expect(page.getByText(T.saved)).toBeVisible();
    await expect(first).toHaveValue('31');

    // One student moves to the other section.
    const mover = sorted[1]!;
    await page.getByRole('button', { name: T.moveOf(mover) }).click();
    await page.getByRole('menuitem', { name: new RegExp(other) }).click();
    await expect(page.getByText(T.moved(mover, other))).toBeVisible();
    await expect(page.getByRole('textbox', { name: T.rollOf(mover) })).toHaveCount(0);
    await shot(page, `enrol-roster-${run.lang}-${run.width}`);
    await expectAccessible(page, `assignedstudent roster (${run.lang}, ${run.width})`);

    // Promotion: next session's class 6, same section, by default; two held back; preview, then promote.
    await page.goto('promotion');
    const from = page.getByRole('combobox', { name: T.from });
    await from.selectOption((await from.locator('option', { hasText: here }).getAttribute('value'))!);
    await page.getByRole('combobox', { name: T.toSession }).selectOption({ label: setup.nextSession });
    await expect(page.getByRole('combobox', { name: T.toClass }).locator('option:checked')).toHaveText(new RegExp(`^${target} `));
    const held = [sorted[2]!, sorted[3]!];
    for (const name of held) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
    await page.getByRole('button', { name: T.preview, exact: true }).click();
    const into = `${target} · ${setup.nextSession}`;
    await expect(page.getByRole('list', { name: T.into(into, 27) })).toBeVisible();
    await shot(page, `promotion-preview-${run.lang}-${run.width}`);
    await expectAccessible(page, `promotion preview (${run.lang}, ${run.width})`);
    await page.getByRole('button', { name: T.promote, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: T.confirm });
    await dialog.getByRole('button', { name: T.promote, exact: true }).click();
    await expect(page.getByText(T.promoted(27, target))).toBeVisible();
    await expect(page.getByRole('list', { name: T.into(into, 27) })).toContainText(sorted[0]!);
    await shot(page, `promotion-done-${run.lang}-${run.width}`);
  });
}
