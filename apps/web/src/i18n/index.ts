import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCore from 'virtual:i18n-en-core';
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
 * Texts load on demand so the login screen stays small: English starts with the texts of the
 * screens before sign-in (`virtual:i18n-en-core`, see i18n-core.ts) and gets the rest with the
 * signed-in layout (`loadAllTexts`); Hindi loads whole when chosen.
 */
const loaders: Record<string, () => Promise<{ default: Bundle }>> = {
  en: () => import('./en.json'),
  hi: () => import('./hi.json'),
};
const loaded = new Map<string, Promise<void>>();

function ensureBundle(code: string): Promise<void> {
  let done = loaded.get(code);
  if (!done) {
    const load = loaders[code];
    done = load
      ? load().then((bundle) => {
          i18n.addResourceBundle(code, 'translation', bundle.default, true, true);
        })
      : Promise.resolve();
    done.catch(() => loaded.delete(code));
    loaded.set(code, done);
  }
  return done;
}

/** Every text of English (the fallback) and of the current language: the signed-in screens need them all. */
export function loadAllTexts(): Promise<void> {
  return Promise.all([ensureBundle('en'), ensureBundle(i18n.language || DEFAULT_LANGUAGE)]).then(() => undefined);
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
      // A text not among the core texts (a screen before sign-in asking for more) loads the rest,
      // and the screen re-renders when it arrives.
      saveMissing: true,
      missingKeyHandler: () => void ensureBundle('en'),
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
  // English starts with its core texts; the rest comes with the signed-in layout (loadAllTexts).
  if (target === 'hi') loadDevanagariFont();
  if (target !== DEFAULT_LANGUAGE) await ensureBundle(target);
  await i18n.changeLanguage(target);
}

export { i18n };
