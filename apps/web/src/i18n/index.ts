import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { LOCAL_KEY, local } from '../lib/storage';

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
/** Non-default languages load on demand so the login screen stays small. */
const loaders: Record<string, () => Promise<{ default: Bundle }>> = {
  hi: () => import('./hi.json'),
};

async function ensureBundle(code: string): Promise<void> {
  if (code === 'en' || i18n.hasResourceBundle(code, 'translation')) return;
  const load = loaders[code];
  if (!load) return;
  const bundle = await load();
  i18n.addResourceBundle(code, 'translation', bundle.default, true, true);
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
      resources: { en: { translation: en } },
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    i18n.on('languageChanged', applyDocument);
    await setLanguage(language, { persist: false });
    applyDocument(i18n.language);
    return i18n;
  })();
  return initPromise;
}

/** Switches the language at once, persists it under localStorage 'lang' and sets <html lang>. */
export async function setLanguage(code: string, { persist = true } = {}): Promise<void> {
  const target = isOffered(code) ? code : DEFAULT_LANGUAGE;
  await ensureBundle(target);
  if (persist) local.set(LOCAL_KEY.lang, target);
  await i18n.changeLanguage(target);
}

export { i18n };
