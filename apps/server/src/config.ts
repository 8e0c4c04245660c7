import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['on', 'true', '1', 'yes'].includes(v));

/** A duration in milliseconds: at least 100 ms, at most a day. */
const ms = z.coerce.number().int().min(100).max(86_400_000);

/**
 * What docs/configuration.md says of a setting: `npm run docs:config` writes its table from these
 * (`config-docs.ts`), and a test fails when the committed table differs. `shown` replaces the
 * default column where the schema has no default or its default needs words.
 */
function doc<T extends z.ZodType>(setting: T, description: string, shown?: string): T {
  return setting.meta(shown === undefined ? { description } : { description, shown });
}

/** Every setting, read from the environment and validated once. */
export const configSchema = z.object({
  PORT: doc(z.coerce.number().int().min(0).max(65535).default(3000), 'HTTP port'),
  HOST: doc(z.string().default('127.0.0.1'), 'listen address; `0.0.0.0` to listen on every interface'),
  DATA_DIR: doc(z.string().default('./data'), 'embedded database (`pglite/`), uploaded files (`uploads/`) and mail outbox (`outbox/`)'),
  DATABASE_URL: doc(z.string().url().optional(), 'PostgreSQL URL; when set, used instead of the embedded database. Its user runs the migrations and owns the tables; the first start creates the roles `shala_app` (the app\'s, subject to row-level security) and `shala_platform` (BYPASSRLS, the cross-school path), which needs a superuser (or a role with CREATEROLE and BYPASSRLS) for that first start'),
  DEMO: doc(bool.default(true), '`on`: a demo school with published passwords (never for real data); `off`: no demo school, the platform owner\'s one-time password is printed once'),
  /** Tests turn it off. */
  JOBS: doc(bool.default(true), 'the job queue (pg-boss, in the database: schema `pgboss`): parents\' fee reminders every 30 minutes and at start, once per instalment and kind; the one-time codes of forgotten passwords (made and mailed after the answer); several app nodes share it (each job runs once). `off`: no scheduled work, and a code is mailed by the node that was asked, after the answer (the tests\' default)'),
  SMTP_URL: doc(z.string().optional(), 'e.g. `smtps://user:pass@smtp.example.org`; unset: mail goes to `DATA_DIR/outbox`'),
  MAIL_FROM: doc(z.string().default('Shala <no-reply@shala.local>'), 'sender of mail'),
  REDIS_URL: doc(z.string().optional(), 'Redis for realtime events and rate-limit counters across app nodes'),
  PUBLIC_URL: doc(
    z.string().url().regex(/^https?:\/\//, 'an http:// or https:// URL').optional(),
    'the address people and providers reach Shala at (e.g. `https://school.example.org`): printed at start, in the QR code and address of every certificate and ID card (their verification page), in mailed links, and in the webhook addresses the settings screens give to MSG91, WhatsApp and Razorpay. Set it for real use: unset, those all say `localhost`, which no phone scanning a certificate and no provider can reach (a start with `DEMO=off` warns)',
    '`http://localhost:PORT`',
  ),
  SESSION_TTL_HOURS: doc(z.coerce.number().int().min(1).max(24 * 90).default(24 * 7), 'how long a sign-in lasts'),
  AUTH_RATE_LIMIT_MAX: doc(z.coerce.number().int().min(1).default(10), 'sign-in / code attempts per client address and login id per window'),
  AUTH_RATE_LIMIT_WINDOW_MS: doc(z.coerce.number().int().min(1000).default(60_000), 'that window'),
  AUTH_ADDRESS_LIMIT_MAX: doc(z.coerce.number().int().min(1).default(30), 'failed sign-ins and codes, and code requests, per client address across all ids per window (password spraying)'),
  AUTH_ADDRESS_LIMIT_WINDOW_MS: doc(z.coerce.number().int().min(1000).default(10 * 60_000), 'that window (10 minutes)'),
  DEVICE_COOKIE_SECRET: doc(
    z.string().min(32, 'at least 32 characters').optional(),
    'the key that signs device cookies (a browser that signed in to an id before keeps its own sign-in budget, see docs/operations.md); unset: made at the first start and kept in `DATA_DIR/device-cookie.key` (mode 0600). Several app nodes must share one: set it on every node',
  ),
  ARGON2_CONCURRENCY: doc(z.coerce.number().int().min(1).max(64).default(2), 'password hashes computed at once for requests; more wait in a queue'),
  ARGON2_QUEUE: doc(z.coerce.number().int().min(0).max(10_000).default(64), 'hashes that may wait; beyond, the answer is 429 `RATE_LIMITED`'),
  TRUST_PROXY: doc(
    z
      .string()
      .default('off')
      .refine((v) => !/^\s*\d+\s*$/.test(v) || ['0', '1'].includes(v.trim()), 'use off, on, or the proxy addresses (IP/CIDR, comma separated): hop counts can be spoofed')
      .transform((v): boolean | string => {
        const t = v.trim().toLowerCase();
        if (['off', 'false', 'no', '0'].includes(t)) return false;
        if (['on', 'true', 'yes', '1'].includes(t)) return true;
        return v.trim();
      }),
    'behind a reverse proxy: `on`, or the proxy\'s addresses (`10.0.0.1,10.0.0.0/8`), so the client address (for the limits above) comes from `X-Forwarded-For`; leave `off` when clients reach Shala directly, or they could pick their own address',
  ),
  BODY_LIMIT_BYTES: doc(z.coerce.number().int().min(1024).default(1024 * 1024), 'largest JSON body'),
  HEADERS_TIMEOUT_MS: doc(ms.default(10_000), 'a request\'s line and headers must arrive within this, else 408 and the connection is closed'),
  BODY_TIMEOUT_MS: doc(ms.default(30_000), 'a JSON body must arrive within this once the headers are in, else 408 and closed'),
  UPLOAD_TIMEOUT_MS: doc(ms.default(300_000), 'a whole request, file uploads and CSV imports included, must arrive within this, else 408 and closed; at least the two above'),
  IDLE_TIMEOUT_MS: doc(ms.default(60_000), 'a connection with no traffic for this long is closed'),
  KEEP_ALIVE_TIMEOUT_MS: doc(ms.default(72_000), 'an idle keep-alive connection between requests is closed after this (keep it above a proxy\'s idle timeout)'),
  LOG_LEVEL: doc(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), '`fatal` … `trace`, `silent`; `debug` adds a line per request (method and path only)'),
  WEB_DIST: doc(z.string().optional(), 'built web app to serve', '`apps/web/dist`'),
  /** Web Push (issue 10). */
  PUSH: doc(bool.default(true), 'Web Push: notifications reach the browsers users subscribed ("Get alerts on this phone"), even with the app closed; `off`: none (the server tests\' default)'),
  /** Shared by every app node; unset: made once in DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: doc(
    z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'a URL-safe base64 P-256 public key').optional(),
    'the Web Push key pair\'s public key (URL-safe base64, e.g. from `npx web-push generate-vapid-keys`); unset: the pair is made at the first start and kept in `DATA_DIR/vapid.json` (mode 0600). Several app nodes must share one pair: set both keys on every node (a browser\'s subscription is bound to the public key)',
  ),
  VAPID_PRIVATE_KEY: doc(
    z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'a URL-safe base64 P-256 private key').optional(),
    'the private key of that pair (URL-safe base64); set with `VAPID_PUBLIC_KEY` or not at all',
  ),
  VAPID_SUBJECT: doc(
    z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'mailto:… or https://…').optional(),
    'how push services can reach the operator (`mailto:…` or `https://…`)',
    '`mailto:` + the address of `MAIL_FROM`',
  ),
  /** The server sends to these only: no other host, no SSRF. */
  PUSH_SERVICES: doc(
    z
      .string()
      .default('fcm.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com')
      .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
    'the push services a subscription may point at, the only hosts the server sends pushes to (https; `*.` for subdomains; a whole origin such as `http://127.0.0.1:4000` for tests); any other endpoint is refused with `push_endpoint`',
  ),
  PUSH_TTL_SECONDS: doc(z.coerce.number().int().min(0).max(2_419_200).default(86_400), 'how long a push service keeps a push for a device that is offline'),
  /** Messages to parents' phones (issue 24): messaging/. */
  SECRETS_KEY: doc(
    z
      .string()
      .refine((v) => /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32, '32 random bytes in base64, e.g. from `openssl rand -base64 32`')
      .optional(),
    'the key that encrypts the providers\' secrets at rest (SMS auth keys, WhatsApp tokens and app secrets, each school\'s Razorpay key secret and webhook secret; AES-256-GCM): 32 random bytes in base64, e.g. from `openssl rand -base64 32`. Several app nodes must share one; keep it apart from the database\'s backups. Unset: Shala refuses to store such a secret (a clear error) and never falls back to keeping it in plain text',
  ),
  SMS_MSG91_URL: doc(
    z.string().url().regex(/^https?:\/\//, 'an http:// or https:// URL').default('https://control.msg91.com'),
    'where SMS go through MSG91 (its API\'s origin; tests point it at a fake on 127.0.0.1)',
  ),
  WHATSAPP_GRAPH_URL: doc(
    z.string().url().regex(/^https?:\/\//, 'an http:// or https:// URL').default('https://graph.facebook.com'),
    'where WhatsApp messages go (Meta\'s Graph API origin for the WhatsApp Business Cloud API; tests point it at a fake on 127.0.0.1)',
  ),
  MESSAGING_RATE_PER_SECOND: doc(
    z.coerce.number().int().min(1).max(1000).default(20),
    'SMS and WhatsApp messages a node sends per second (one after another; a school\'s burst waits its turn): at most what the providers\' accounts allow (MSG91\'s and Meta\'s limits per account and number)',
  ),
  WHATSAPP_HOOK_RATE_LIMIT_MAX: doc(
    z.coerce.number().int().min(1).max(100_000).default(300),
    'calls a client address may make to the WhatsApp webhook (`/api/hooks/whatsapp`, its GET and its POST each) in a minute; beyond, 429 `RATE_LIMITED` before any account is read (Meta tries again later). Meta batches a number\'s events: raise it when many schools\' numbers report to one Shala',
  ),
  MOBILE_CODES_PER_SCHOOL_DAY: doc(
    z.coerce.number().int().min(1).max(100_000).default(200),
    'codes a school\'s people may have sent by SMS to verify their mobile numbers in one of the school\'s days (each is an SMS on the school\'s or the platform\'s account); beyond, the answer is 429 `mobile_code_school_limit` until the next day, the principal is told once when the cap is reached, and the messaging usage screen shows the day\'s count against it. Apart from it, a number gets at most 3 codes a day across every account and school, and a client address no more than AUTH_ADDRESS_LIMIT_MAX code requests a window',
  ),
  /** Online fee payments (issue 25): payments/. */
  RAZORPAY_API_URL: doc(
    z.string().url().regex(/^https?:\/\//, 'an http:// or https:// URL').default('https://api.razorpay.com'),
    'where online fee payments go through Razorpay (its API\'s origin; each school calls it with its own keys; tests point it at a fake on 127.0.0.1)',
  ),
  RAZORPAY_CHECKOUT_URL: doc(
    z.string().url().regex(/^https?:\/\//, 'an http:// or https:// URL').default('https://checkout.razorpay.com/v1/checkout.js'),
    'the Razorpay Checkout script parents pay in (its origin is allowed by the pages\' content security policy; journeys point it at the fake)',
  ),
  /** storage/s3.ts */
  S3_BUCKET: doc(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens').optional(),
    'keep uploaded files in this S3 bucket instead of `DATA_DIR/uploads` (see [Files in S3](operations.md#files-in-s3)); the bucket must exist',
  ),
  S3_ENDPOINT: doc(
    z.string().url().regex(/^https?:\/\//, 'an http:// or https:// URL').optional(),
    'an S3-compatible server\'s URL (`https://…`: MinIO, Cloudflare R2, Backblaze B2, Wasabi, DigitalOcean Spaces …); unset: AWS S3 of `S3_REGION`',
    '— (AWS)',
  ),
  S3_REGION: doc(z.string().regex(/^[a-z0-9-]{1,40}$/, 'a region such as us-east-1').default('us-east-1'), 'the bucket\'s region'),
  S3_ACCESS_KEY_ID: doc(z.string().optional(), 'the key pair\'s id (both keys or neither); neither: the AWS SDK\'s own chain (`AWS_*` variables, an instance or task role)'),
  S3_SECRET_ACCESS_KEY: doc(z.string().optional(), 'the key pair\'s secret, with `S3_ACCESS_KEY_ID`'),
  S3_FORCE_PATH_STYLE: doc(
    bool.optional(),
    'path-style addresses (`endpoint/bucket/key`), which most S3-compatible servers need; `off`: virtual-hosted (`bucket.endpoint/key`)',
    '`on` with `S3_ENDPOINT`, else `off`',
  ),
  METRICS_TOKEN: doc(
    z.string().regex(/^\S{16,200}$/, 'at least 16 characters, no spaces').optional(),
    'Prometheus metrics at `/metrics`, read with `Authorization: Bearer <token>` (at least 16 characters); unset: no `/metrics` (404)',
  ),
  /** Overload shedding (@fastify/under-pressure). */
  SHED_EVENT_LOOP_DELAY_MS: doc(
    z.coerce.number().int().min(0).max(60_000).default(1_000),
    'overload shedding: while the event loop\'s mean delay over a sample is above this, requests get 503 `UNAVAILABLE` (reason `overloaded`) with `Retry-After` at once; `0` off',
  ),
  SHED_DB_WAIT_MS: doc(
    z.coerce.number().int().min(0).max(600_000).default(10_000),
    'the same on the embedded database (PGlite, one session on the server\'s thread): while its statements waited longer than this for their turn, on average over a sample, and some still wait; `0` off (PostgreSQL: not used)',
  ),
  SHED_EVENT_LOOP_UTILIZATION: doc(z.coerce.number().min(0).max(1).default(0), 'the same for the event loop\'s utilization (0–1, e.g. `0.98`)', '`0` (off)'),
  SHED_HEAP_USED_MB: doc(z.coerce.number().int().min(0).default(0), 'the same for the V8 heap in use', '`0` (off)'),
  SHED_RSS_MB: doc(z.coerce.number().int().min(0).default(0), 'the same for the process\'s resident memory', '`0` (off)'),
  SHED_RETRY_AFTER_SECONDS: doc(z.coerce.number().int().min(1).max(3_600).default(5), 'the `Retry-After` a shed request is given'),
  SHED_SAMPLE_MS: doc(z.coerce.number().int().min(10).max(60_000).default(1_000), 'how often the load is sampled'),
  SHALA_NOW: doc(
    z.iso.datetime({ offset: true }).optional(),
    'where the server\'s clock starts (an ISO instant with its zone, e.g. `2026-11-25T04:30:00Z`); it runs on from there (`clock.ts`): the server\'s now, the school\'s today and the demo seed. For tests and journeys; unset in real use',
  ),
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

export type RawConfig = z.infer<typeof configSchema>;
export interface Config extends RawConfig {
  dataDir: string;
  outboxDir: string;
  webDist: string;
}

/** The address people and providers reach Shala at: `PUBLIC_URL` (no trailing slash), or this machine's port. */
export function publicBase(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${config.PORT}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
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
