import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_VIEWS, COUNT_TITLES, ERROR_CODES, ERROR_REASONS, MENUS, NOTIFICATION_KINDS, ROLE_KEY, TEMPLATED_KINDS, TEXT_VARIANTS, WEB_ROUTES, type MenuEntry } from '@shala/contract';
import en from './en.json';
import hi from './hi.json';
import ta from './ta.json';
import gu from './gu.json';
import { i18n, setLanguage } from './index';

type Tree = { [key: string]: string | Tree };

/** Flattens a nested bundle to dotted keys. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const EN = flatten(en as Tree);
const HI = flatten(hi as Tree);

/** Every i18n key the contract hands to the web client. */
function contractKeys(): string[] {
  const keys = new Set<string>();
  for (const route of WEB_ROUTES) keys.add(route.title);
  const walk = (entries: readonly MenuEntry[]) => {
    for (const entry of entries) {
      if ('group' in entry) {
        keys.add(entry.group);
        walk(entry.items);
      } else keys.add(entry.title);
    }
  };
  for (const entries of Object.values(MENUS)) walk(entries);
  for (const key of Object.values(ROLE_KEY)) keys.add(key);
  for (const code of ERROR_CODES) keys.add(`errors.${code}`);
  for (const reason of ERROR_REASONS) keys.add(`errors.reasons.${reason}`);
  for (const key of Object.values(COUNT_TITLES)) keys.add(key);
  for (const view of AUDIT_VIEWS) keys.add(`privacy.audit.of.${view}`);
  return [...keys].sort();
}

function missing(keys: Iterable<string>, bundle: Map<string, string>): string[] {
  return [...keys].filter((key) => !bundle.get(key)?.trim());
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('translations', () => {
  it('has the same keys in en and hi', () => {
    expect(missing(EN.keys(), HI), 'keys in en but not in hi').toEqual([]);
    expect(missing(HI.keys(), EN), 'keys in hi but not in en').toEqual([]);
  });

  it('translates every key the contract uses (routes, menu groups, roles, error codes, counts)', () => {
    const keys = contractKeys();
    expect(keys.length).toBeGreaterThan(90);
    expect(keys).toContain('routes.viewall_notice');
    expect(keys).toContain('menu.other');
    expect(missing(keys, EN), 'missing in en').toEqual([]);
    expect(missing(keys, HI), 'missing in hi').toEqual([]);
  });

  it('has a text and a label of every notification kind in en and hi (the kind and its params make the text)', () => {
    const keys = [...NOTIFICATION_KINDS.map((k) => `notifications.kinds.${k}`), ...TEMPLATED_KINDS.map((k) => `notifications.texts.${k}`), ...Object.keys(TEXT_VARIANTS).map((k) => `notifications.texts.${k}`)];
    expect(missing(keys, EN), 'missing in en').toEqual([]);
    expect(missing(keys, HI), 'missing in hi').toEqual([]);
  });

  it('writes Hindi in Devanagari and keeps the same placeholders', () => {
    const notDevanagari = [...HI].filter(([, text]) => !/[\u0900-\u097F]/.test(text)).map(([key]) => key);
    expect(notDevanagari).toEqual([]);
    const differentVars = [...EN].filter(([key, text]) => variables(text).join() !== variables(HI.get(key) ?? '').join());
    expect(differentVars.map(([key]) => key)).toEqual([]);
  });

  it('keeps the spec texts word for word in English', () => {
    expect(EN.get('auth.login.submitting')).toBe('Logging in...');
    expect(EN.get('auth.otp.mismatch')).toBe('Passwords do not match');
    expect(EN.get('notifications.empty')).toBe('No new notifications');
    expect(EN.get('header.noSessions')).toBe('Session data is not available');
    expect(EN.get('header.logoutConfirmText')).toBe('Do you really want to log out?');
    expect(EN.get('layout.footer')).toBe('© 2024, all rights reserved');
  });

  it('has an English text for every literal key the source code uses', () => {
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes(`${'test'}/utils`)) files.push(path);
      }
    };
    walk(root);
    const namespaces = new Set(Object.keys(en));
    const used = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'([a-zA-Z]+(?:\.[\w]+)+)'/g)) {
        const key = match[1] ?? '';
        if (namespaces.has(key.split('.')[0] ?? '')) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect(missing(used, EN)).toEqual([]);
  });

  it('has partial Tamil and Gujarati bundles with known keys only', () => {
    for (const bundle of [ta, gu]) {
      const keys = [...flatten(bundle as Tree).keys()];
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => !EN.has(key))).toEqual([]);
    }
  });
});

describe('choosing a language', () => {
  it('remembers the choice at once, before its texts have arrived (a reload or sign-in right after keeps it)', async () => {
    const switching = setLanguage('hi');
    expect(localStorage.getItem('lang')).toBe('hi');
    await switching;
    expect(i18n.language).toBe('hi');
    await setLanguage('en');
    expect(localStorage.getItem('lang')).toBe('en');
  });
});
