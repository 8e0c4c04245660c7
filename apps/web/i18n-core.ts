import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The texts of a language in parts, as the way into the app needs them: `virtual:i18n/<lang>/core`,
 * what the screens before sign-in show (login, forgot password, one-time code, error pages,
 * validation and error messages), and `virtual:i18n/<lang>/way-in`, what the signed-in layout and
 * the dashboard add (header, menu, the bell, the dashboard's numbers and children). The sign-in
 * page loads English's core with its code (a Hindi reader's: Hindi's core, a few KB, not the whole
 * of hi.json), the layout its way in, and a screen or the dashboard's cards the whole of the
 * language's file (src/i18n/index.ts). en.json and hi.json stay the files a translator edits.
 */
export const CORE_NAMESPACES = ['app', 'common', 'auth', 'errors', 'validation', 'password', 'errorBoundary', 'layout', 'statusPage'];

/** The bell's own texts (`notifications.*` but `texts`). */
const NOTIFICATION_WAY_IN = ['title', 'empty', 'close', 'unreadCount', 'new', 'newFrom', 'loadError', 'viewAll', 'read', 'historyTitle', 'historyDescription', 'emptyHistory', 'kinds'];

/**
 * What the signed-in layout and the dashboard show, beyond the core: namespaces, or a part of one
 * (`attendance.status`). A text missing from it still shows once the whole file is in (index.ts),
 * a moment later: keep it whole.
 */
export const WAY_IN_NAMESPACES = [
  ...CORE_NAMESPACES,
  'dashboard',
  'header',
  'menu',
  'routes',
  'roles',
  // The bell, but the texts of its notifications (4 KB in Hindi and one more a kind): they are read
  // when the bell is opened, by when the dashboard's cards have brought the whole file.
  ...NOTIFICATION_WAY_IN.map((key) => `notifications.${key}`),
  'push',
  'profile',
  'list',
  'wards',
  'attendance.status',
  'staffLeave.dashboardLink',
  'studentLeave.dashboardLink',
];

/**
 * Of the error reasons (`errors.reasons`, one per rule of every area), only those a route before
 * sign-in can give; the others arrive with the whole file, before any screen that can meet them.
 */
export const CORE_REASONS = ['school_draft', 'no_school', 'wrong_password'];

const PARTS: Record<string, readonly string[]> = { core: CORE_NAMESPACES, 'way-in': WAY_IN_NAMESPACES };
const PREFIX = 'virtual:i18n/';

type Tree = { [key: string]: unknown };

/** The part of a language's texts that the dotted paths name (a namespace, or a key under one). */
export function pickTexts(all: Tree, paths: readonly string[]): Tree {
  const out: Tree = {};
  for (const dotted of paths) {
    const keys = dotted.split('.');
    let from: unknown = all;
    for (const key of keys) from = from && typeof from === 'object' ? (from as Tree)[key] : undefined;
    if (from === undefined) continue;
    let into = out;
    for (const key of keys.slice(0, -1)) into = (into[key] ??= {}) as Tree;
    into[keys.at(-1)!] = from;
  }
  const errors = out.errors as { reasons?: Record<string, string> } | undefined;
  if (errors?.reasons) {
    out.errors = { ...errors, reasons: Object.fromEntries(CORE_REASONS.filter((r) => r in errors.reasons!).map((r) => [r, errors.reasons![r]])) };
  }
  return out;
}

export function i18nCore(): Plugin {
  const dir = path.resolve(import.meta.dirname, 'src/i18n');
  return {
    name: 'shala-i18n-core',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [lang, part] = id.slice(PREFIX.length + 1).split('/');
      const paths = part ? PARTS[part] : undefined;
      const file = path.join(dir, `${lang}.json`);
      if (!paths || !/^[a-z]{2}$/.test(lang ?? '') || !fs.existsSync(file)) throw new Error(`${id.slice(1)}: no such texts (virtual:i18n/<lang>/core or way-in)`);
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
      return `export default ${JSON.stringify(pickTexts(all, paths))};`;
    },
  };
}
