import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['on', 'true', '1', 'yes'].includes(v));

/** A duration in milliseconds: at least 100 ms, at most a day. */
const ms = z.coerce.number().int().min(100).max(86_400_000);

/** Every setting, read from the environment and validated once. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO: bool.default(true),
  /** The job queue (pg-boss): scheduled work such as parents' fee reminders. Tests turn it off. */
  JOBS: bool.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Shala <no-reply@shala.local>'),
  REDIS_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  AUTH_ADDRESS_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  AUTH_ADDRESS_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
  ARGON2_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  ARGON2_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  TRUST_PROXY: z
    .string()
    .default('off')
    .refine((v) => !/^\s*\d+\s*$/.test(v) || ['0', '1'].includes(v.trim()), 'use off, on, or the proxy addresses (IP/CIDR, comma separated): hop counts can be spoofed')
    .transform((v): boolean | string => {
      const t = v.trim().toLowerCase();
      if (['off', 'false', 'no', '0'].includes(t)) return false;
      if (['on', 'true', 'yes', '1'].includes(t)) return true;
      return v.trim();
    }),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  HEADERS_TIMEOUT_MS: ms.default(10_000),
  BODY_TIMEOUT_MS: ms.default(30_000),
  UPLOAD_TIMEOUT_MS: ms.default(300_000),
  IDLE_TIMEOUT_MS: ms.default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: ms.default(72_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
}).check((ctx) => {
  // Node refuses a headers timeout longer than the whole-request timeout.
  for (const key of ['HEADERS_TIMEOUT_MS', 'BODY_TIMEOUT_MS'] as const) {
    if (ctx.value[key] > ctx.value.UPLOAD_TIMEOUT_MS) {
      ctx.issues.push({ code: 'custom', path: [key], message: 'must not be longer than UPLOAD_TIMEOUT_MS', input: ctx.value[key] });
    }
  }
});

export type RawConfig = z.infer<typeof schema>;
export interface Config extends RawConfig {
  dataDir: string;
  outboxDir: string;
  webDist: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    ...raw,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    webDist: path.resolve(raw.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}
