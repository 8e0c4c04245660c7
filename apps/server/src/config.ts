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
  /** Web Push (issue 10): on by default; tests that do not look at it turn it off. */
  PUSH: bool.default(true),
  /** VAPID keys shared by every app node (URL-safe base64); unset: made once in DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'a URL-safe base64 P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'a URL-safe base64 P-256 private key').optional(),
  /** Who the push services may contact (mailto: or https:); default mailto: the MAIL_FROM address. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'mailto:… or https://…').optional(),
  /**
   * The push services a subscription may point at (the server sends to them: no other host, no
   * SSRF). Comma separated: a host (https), `*.` for its subdomains, or a whole origin
   * (`http://127.0.0.1:4000`, tests only).
   */
  PUSH_SERVICES: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com')
    .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
  /** How long a push service keeps an undelivered push (seconds). */
  PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(86_400),
  /** Files in an S3-compatible bucket instead of DATA_DIR/uploads: set S3_BUCKET (storage/s3.ts). */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens').optional(),
  S3_ENDPOINT: z.string().url().regex(/^https?:\/\//, 'an http:// or https:// URL').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a region such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Default: on when S3_ENDPOINT is set (most S3-compatible servers), off for AWS. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Prometheus metrics at /metrics (Authorization: Bearer <token>); unset: no /metrics (404). */
  METRICS_TOKEN: z.string().regex(/^\S{16,200}$/, 'at least 16 characters, no spaces').optional(),
  /**
   * Overload shedding (@fastify/under-pressure): past a threshold a node answers 503 UNAVAILABLE
   * with Retry-After at once instead of letting requests time out. 0 turns a check off.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  SHED_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  SHED_HEAP_USED_MB: z.coerce.number().int().min(0).default(0),
  SHED_RSS_MB: z.coerce.number().int().min(0).default(0),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
  /** How often the pressure is sampled (ms). */
  SHED_SAMPLE_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /**
   * Where the server's clock starts (an ISO instant with its zone, e.g. 2026-11-25T04:30:00Z); it
   * runs on from there (`clock.ts`). For tests and journeys: unset in real use.
   */
  SHALA_NOW: z.iso.datetime({ offset: true }).optional(),
}).check((ctx) => {
  if (!ctx.value.VAPID_PUBLIC_KEY !== !ctx.value.VAPID_PRIVATE_KEY) {
    ctx.issues.push({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together', input: undefined });
  }
  const v = ctx.value;
  if (!v.S3_ACCESS_KEY_ID !== !v.S3_SECRET_ACCESS_KEY) {
    ctx.issues.push({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together', input: undefined });
  }
  if (!v.S3_BUCKET) {
    const set = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((k) => v[k] !== undefined);
    if (set.length) ctx.issues.push({ code: 'custom', path: ['S3_BUCKET'], message: `required with ${set.join(', ')} (files go to S3 only when S3_BUCKET is set)`, input: undefined });
  }
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
