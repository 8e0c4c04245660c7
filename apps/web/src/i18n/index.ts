import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCore from 'virtual:i18n/en/core';
import { LOCAL_KEY, local } from '../api/storage';

/** Languages offered in the pickers (spec section 1). Tamil and Gujarati exist in part, not offered. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isOffered(code: unknown): code is LanguageCode {
  return LANGUAGES.some((l) => l.code === code);
}

type Bundle = Record<string, unknown>;

/**
 * A language's texts come in three growing parts (i18n-core.ts): `core`, the screens before
 * sign-in; `way-in`, with the signed-in layout and the dashboard; `all`, every screen's. The login
 * page starts with English's core (in its own chunk), the layout gets the way in, a screen or the
 * dashboard's cards the whole file; Hindi loads the part wanted when chosen.
 */
type Part = 'core' | 'way-in' | 'all';
const PARTS: readonly Part[] = ['core', 'way-in', 'all'];
const loaders: Record<LanguageCode, Record<Part, () => Promise<{ default: Bundle }>>> = {
  en: {
    core: () => Promise.resolve({ default: enCore }),
    'way-in': () => import('virtual:i18n/en/way-in'),
    all: () => import('./en.json'),
  },
  hi: {
    core: () => import('virtual:i18n/hi/core'),
    'way-in': () => import('virtual:i18n/hi/way-in'),
    all: () => import('./hi.json'),
  },
};
/** Each language's parts, loaded or on their way (English's core is in from the start). */
const loaded = new Map<string, Promise<void>>([['en/core', Promise.resolve()]]);
/** The languages whose every text is in. */
const complete = new Set<string>();
/** The part the screens shown so far need (for a language chosen later). */
let wanted: Part = 'core';

/** Loads a part of a language's texts, unless a part as large is in or on its way. */
function ensureTexts(code: string, part: Part): Promise<void> {
  if (!isOffered(code)) return Promise.resolve();
  for (const larger of PARTS.slice(PARTS.indexOf(part))) {
    const done = loaded.get(`${code}/${larger}`);
    if (done) return done;
  }
  const key = `${code}/${part}`;
  const done = loaders[code][part]().then((bundle) => {
    i18n.addResourceBundle(code, 'translation', bundle.default, true, true);
    if (part === 'all') complete.add(code);
  });
  done.catch(() => loaded.delete(key));
  loaded.set(key, done);
  return done;
}

/** A part of the texts of English (the fallback) and of the current language. */
function loadTexts(part: Part): Promise<void> {
  if (PARTS.indexOf(part) > PARTS.indexOf(wanted)) wanted = part;
  return Promise.all([ensureTexts('en', part), ensureTexts(i18n.language || DEFAULT_LANGUAGE, part)]).then(() => undefined);
}

/** What the signed-in layout and the dashboard show (the rest comes with the screens: `loadAllTexts`). */
export function loadWayInTexts(): Promise<void> {
  return loadTexts('way-in');
}

/** Every text of English (the fallback) and of the current language: the signed-in screens need them all. */
export function loadAllTexts(): Promise<void> {
  return loadTexts('all');
}

/** Whether every text of English and of the current language is in (a screen shows at once). */
export function allTextsLoaded(): boolean {
  return complete.has('en') && complete.has(i18n.language || DEFAULT_LANGUAGE);
}

let devanagariFont: Promise<unknown> | null = null;
/**
 * Noto Sans Devanagari (its Devanagari subset, woff2, font-display: swap; theme.ts names it in the
 * font stack), brought the first time Hindi is on: a machine without a Devanagari font shows Hindi,
 * not boxes, and English readers never download it (nor does the login bundle carry it).
 */
function loadDevanagariFont(): void {
  devanagariFont ??= Promise.all([
    import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
  ]).catch(() => {
    devanagariFont = null;
  });
}

function applyDocument(code: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = code;
  document.title = i18n.t('app.welcome');
}

/** The language stored in localStorage 'lang', if it is offered. */
export function storedLanguage(): LanguageCode {
  const stored = local.get(LOCAL_KEY.lang);
  return isOffered(stored) ? stored : DEFAULT_LANGUAGE;
}

let initPromise: Promise<typeof i18n> | null = null;

export function initI18n(language: string = storedLanguage()): Promise<typeof i18n> {
  initPromise ??= (async () => {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: enCore } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      // A text not among the parts loaded (a screen before sign-in, or the layout, asking for
      // more) loads the whole file, and the screen re-renders when it arrives.
      saveMissing: true,
      missingKeyHandler: () => void loadAllTexts(),
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
    i18n.on('languageChanged', applyDocument);
    await setLanguage(language, { persist: false });
    applyDocument(i18n.language);
    return i18n;
  })();
  return initPromise;
}

/**
 * Switches the language, persists it under localStorage 'lang' and sets <html lang>. The choice is
 * stored at once, before the language's texts arrive: a user who picks Hindi on a slow line and
 * signs in or reloads before they load still gets Hindi.
 */
export async function setLanguage(code: string, { persist = true } = {}): Promise<void> {
  const target = isOffered(code) ? code : DEFAULT_LANGUAGE;
  if (persist) local.set(LOCAL_KEY.lang, target);
  // The part of the texts the screens shown so far need: English's core is in from the start.
  if (target === 'hi') loadDevanagariFont();
  await Promise.all([ensureTexts('en', wanted), ensureTexts(target, wanted)]);
  await i18n.changeLanguage(target);
}

export { i18n };
