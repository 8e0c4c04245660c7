import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The English texts the screens before sign-in need (login, forgot password, one-time code, error
 * pages, validation and error messages), as the module `virtual:i18n-en-core`: the login page
 * loads these few KB, and the whole of en.json loads with the signed-in layout. en.json stays the
 * one file a translator edits.
 */
export const CORE_NAMESPACES = ['app', 'common', 'auth', 'errors', 'validation', 'password', 'errorBoundary', 'layout', 'statusPage'];

/**
 * Of the error reasons (`errors.reasons`, one per rule of every area), only those a route before
 * sign-in can give; the others arrive with en.json, before any screen that can meet them.
 */
export const CORE_REASONS = ['school_draft', 'no_school', 'wrong_password'];

const ID = 'virtual:i18n-en-core';

export function i18nCore(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/i18n/en.json');
  return {
    name: 'shala-i18n-core',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const core = Object.fromEntries(CORE_NAMESPACES.filter((k) => k in all).map((k) => [k, all[k]]));
      const errors = core.errors as { reasons?: Record<string, string> } | undefined;
      if (errors?.reasons) {
        core.errors = { ...errors, reasons: Object.fromEntries(CORE_REASONS.filter((r) => r in errors.reasons!).map((r) => [r, errors.reasons![r]])) };
      }
      return `export default ${JSON.stringify(core)};`;
    },
  };
}
