import { z } from 'zod';
import { configSchema } from './config.js';

/** The markers around the generated table in docs/configuration.md. */
export const CONFIG_TABLE_START = '<!-- config-table: written by `npm run docs:config` from apps/server/src/config.ts; do not edit by hand -->';
export const CONFIG_TABLE_END = '<!-- /config-table -->';

interface SettingMeta {
  description?: string;
  /** The default column's text where the schema's own default does not say it (see `doc` in config.ts). */
  shown?: string;
}

/** The default a setting takes when unset, found through its wrappers (optional, pipe, transform). */
function schemaDefault(setting: z.core.$ZodType): unknown {
  const def = setting._zod.def as unknown as { type: string; defaultValue?: unknown; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  if (def.type === 'default') return def.defaultValue;
  if (def.innerType) return schemaDefault(def.innerType);
  if (def.type === 'pipe' && def.in) return schemaDefault(def.in);
  return undefined;
}

function shownDefault(setting: z.core.$ZodType, meta: SettingMeta): string {
  if (meta.shown !== undefined) return meta.shown;
  const value = schemaDefault(setting);
  if (value === undefined) return '—';
  if (typeof value === 'boolean') return value ? '`on`' : '`off`';
  return `\`${String(value)}\``;
}

/** One row per setting, in the schema's order. */
export function configSettings(): { name: string; default: string; description: string | undefined }[] {
  return Object.entries(configSchema.shape).map(([name, setting]) => {
    const meta = (z.globalRegistry.get(setting) ?? {}) as SettingMeta;
    return { name, default: shownDefault(setting, meta), description: meta.description };
  });
}

/** The Markdown table of every setting, between its markers. */
export function configTable(): string {
  const rows = configSettings().map((s) => {
    if (!s.description) throw new Error(`${s.name} has no description: give it one with doc(…) in apps/server/src/config.ts`);
    return `| \`${s.name}\` | ${s.default} | ${s.description.replaceAll('|', '\\|')} |`;
  });
  return [CONFIG_TABLE_START, '', '| variable | default | meaning |', '|---|---|---|', ...rows, '', CONFIG_TABLE_END].join('\n');
}

/** `markdown` with the text between the markers replaced by the table made from the schema. */
export function withConfigTable(markdown: string): string {
  const start = markdown.indexOf(CONFIG_TABLE_START);
  const end = markdown.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/configuration.md lacks the config-table markers');
  return markdown.slice(0, start) + configTable() + markdown.slice(end + CONFIG_TABLE_END.length);
}
