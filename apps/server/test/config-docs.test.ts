// The table of settings in docs/configuration.md is the one the schema makes (no database).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSettings, withConfigTable } from '../src/config-docs.js';

const file = path.join(import.meta.dirname, '../../../docs/configuration.md');

describe('docs/configuration.md', () => {
  it('describes every setting of the schema', () => {
    const missing = configSettings().filter((s) => !s.description).map((s) => s.name);
    expect(missing, 'give each a description with doc(…) in apps/server/src/config.ts').toEqual([]);
  });

  it('holds the table the schema makes (run `npm run docs:config` after changing a setting)', () => {
    const committed = readFileSync(file, 'utf8');
    expect(committed).toBe(withConfigTable(committed));
  });

  it('names each setting once, and only the schema\'s', () => {
    const named = [...readFileSync(file, 'utf8').matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(named).toEqual(configSettings().map((s) => s.name));
  });
});
