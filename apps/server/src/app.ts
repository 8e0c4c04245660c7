import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { API, PASSWORD_RULES, UPLOAD_LIMITS, WEB_BASE_PATH, issueInfo, setCommonPasswords, type ErrorEnvelope } from '@shala/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Config } from './config.js';
import type { Deps, Outbox } from './context.js';
import type { Database } from './db/client.js';
import type { App } from './http/types.js';
import { compiledSerializer } from './http/serializer.js';
import { openapiOptions } from './http/openapi.js';
import { API_HEADERS, HSTS, securityHeaders } from './http/security-headers.js';
import { AppError } from './errors.js';
import { violatedConstraint } from './db/errors.js';
import { bodyTimeout, serverOptions } from './http/server-options.js';
import { loggerOptions, logsRequests, safeError } from './log.js';
import { OUTBOX_SWEEP_MS, createMailer, type Mailer } from './adapters/mail/index.js';
import { assertAllowed } from './policy/index.js';
import { createRealtime } from './realtime/index.js';
import { createPush } from './adapters/push/index.js';
import { resolveToken } from './auth/sessions.js';
import { createSessionCache } from './auth/session-cache.js';
import { configureArgon } from './auth/crypto.js';
import { createAddressLimiter } from './auth/limits.js';
import { createDeviceCookies, deviceSecret } from './auth/device.js';
import authRoutes from './auth/routes.js';
import accountRoutes from './modules/account/routes.js';
import academicsRoutes from './modules/academics/routes.js';
import timetableRoutes from './modules/timetable/routes.js';
import calendarRoutes from './modules/calendar/routes.js';
import attendanceRoutes from './modules/attendance/routes.js';
import feeRoutes from './modules/fees/routes.js';
import paymentsRoutes from './modules/payments/routes.js';
import notificationRoutes from './modules/notifications/routes.js';
import noticesRoutes from './modules/notices/routes.js';
import staffRoutes from './modules/staff/routes.js';
import studentLeaveRoutes from './modules/student-leave/routes.js';
import classworkRoutes from './modules/classwork/routes.js';
import examsRoutes from './modules/exams/routes.js';
import chatRoutes from './modules/chat/routes.js';
import pushRoutes from './modules/push/routes.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import healthRoutes from './modules/health/routes.js';
import masterRoutes from './modules/master/routes.js';
import fileRoutes from './modules/files/routes.js';
import schoolRoutes from './modules/schools/routes.js';
import peopleRoutes from './modules/people/routes.js';
import privacyRoutes from './modules/privacy/routes.js';
import messagingRoutes from './modules/messaging/routes.js';
import certificateRoutes from './modules/certificates/routes.js';
import { createMessaging } from './adapters/messaging.js';
import { createPayments } from './adapters/payments/index.js';
import { DELIVERY_JOB, INSTANT_DELIVERY_JOB, queueDeliveries } from './modules/messaging/index.js';
import { flushStaffViews } from './modules/privacy/index.js';
import { registerJobs } from './jobs/index.js';
import { createJobSender } from './queue/index.js';
import { createStorage } from './adapters/storage/index.js';
import { secretsKey } from './adapters/secrets.js';
import { registerMetrics } from './http/metrics.js';
import { registerShedding } from './http/shedding.js';
import { logRedisErrors } from './realtime/redis-log.js';
import { clockIsSet, now } from './clock.js';

export type { App } from './http/types.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** false: no log at all; else the app's logger options (log.ts) writing to this stream. */
  logger?: false | { stream?: NodeJS.WritableStream };
  mailer?: Mailer;
}

/** Reads the session token from the `token` header (the spec's) or `Authorization: Bearer`. */
function tokenOf(headers: IncomingMessage['headers']): string | null {
  const raw = headers.token;
  if (typeof raw === 'string' && raw) return raw;
  const auth = headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}

function fail(code: ErrorEnvelope['error'], message: string, issues?: ErrorEnvelope['issues']): ErrorEnvelope {
  return issues ? { error: code, message, issues } : { error: code, message };
}

const STATUS_CODE: Record<number, ErrorEnvelope['error']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'BAD_REQUEST',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

// The password policy's list of the most common passwords (zxcvbn-ts, MIT), checked on the server.
setCommonPasswords(dictionary['passwords-common'].slice(0, PASSWORD_RULES.commonListSize));

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config, opts.logger?.stream),
    logController: new LogController({ disableRequestLogging: !logsRequests(config) }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Behind a reverse proxy, TRUST_PROXY lets req.ip be the client's address (X-Forwarded-For).
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    ...serverOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  bodyTimeout(app, config.BODY_TIMEOUT_MS);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializer);

  const sessionCache = createSessionCache({ redis: Boolean(config.REDIS_URL), database: database.kind });
  const realtime = await createRealtime({
    server: app.server,
    redisUrl: config.REDIS_URL,
    resolve: (token) => resolveToken(app.deps, token),
    onRemoteRevoked: (which) => sessionCache.drop(which),
    log: app.log,
  });
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log: app.log });
  let redisForLimits: import('ioredis').Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redisForLimits = logRedisErrors(new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 }), app.log, 'limits');
    app.addHook('onClose', async () => void (await redisForLimits?.quit().catch(() => undefined)));
  }
  configureArgon({ concurrency: config.ARGON2_CONCURRENCY, queue: config.ARGON2_QUEUE });
  const addressLimiter = createAddressLimiter({
    max: config.AUTH_ADDRESS_LIMIT_MAX,
    windowMs: config.AUTH_ADDRESS_LIMIT_WINDOW_MS,
    redis: redisForLimits,
  });
  const push = createPush({ config, data: database, log: app.log });
  const deviceCookies = createDeviceCookies(deviceSecret(config));
  const jobs = createJobSender(() => deps);
  const messaging = createMessaging(config);
  const payments = createPayments(config);
  const storage = createStorage(config);
  // Phone deliveries go to the queue (any node sends them at the providers' rate); pushes and mail
  // are sent at once by this node (the instant job runs here), and by the queue after a restart.
  const outbox: Outbox = {
    queue: (db, rows, message) => queueDeliveries(db, rows, message, { push: push.publicKey !== null }),
    nudge: (queued) => {
      if (queued.phone) void jobs.send(DELIVERY_JOB, {});
      if (queued.instant) jobs.runHere(INSTANT_DELIVERY_JOB, {});
    },
  };
  const deps: Deps = { data: database, config, mailer, realtime, push, log: app.log, addressLimiter, sessionCache, deviceCookies, jobs, messaging, payments, secretsKey: secretsKey(config.SECRETS_KEY), storage, outbox };
  app.decorate('deps', deps);
  app.decorateRequest('caller', null);
  app.addHook('preClose', async () => realtime.close());
  // The outbox folder (mail without SMTP_URL) exists from the start, private (0700).
  app.addHook('onReady', async () => mailer.prepare?.());
  // Outbox files holding codes and first passwords go once expired: now and every few minutes.
  const sweepMail = () => void mailer.sweep().catch((err: unknown) => app.log.warn({ err: safeError(err) }, 'outbox sweep failed'));
  sweepMail();
  const mailSweeper = setInterval(sweepMail, OUTBOX_SWEEP_MS).unref();
  app.addHook('onClose', async () => clearInterval(mailSweeper));
  app.addHook('onClose', async () => storage.close?.());
  // Staff views of report cards and fees wait a moment to be written together (privacy/audit.ts).
  app.addHook('onClose', async () => flushStaffViews(deps));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send({ ...fail(err.code, err.message), ...err.detail });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const issues = err.validation.map((v) => ({
        path: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
        ...issueInfo({ ...v.params, code: v.keyword }),
      }));
      return reply.status(400).send(fail('VALIDATION_ERROR', 'Some fields are missing or invalid.', issues));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: safeError(err) }, 'response did not match its schema');
      return reply.status(500).send(fail('INTERNAL', 'Server error'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODE[status] ?? 'BAD_REQUEST';
      const message =
        code === 'PAYLOAD_TOO_LARGE'
          ? 'The request is too large.'
          : code === 'RATE_LIMITED'
            ? err.message || 'Too many attempts. Please wait and try again.'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'This content type is not supported.'
              : err.message || 'Bad request';
      return reply.status(status).send(fail(code, message));
    }
    // A rule the database keeps (unique, exclusion, foreign key) that a service did not name: the
    // write changed nothing, and the client hears a conflict, not a server fault.
    if (violatedConstraint(err) !== null) {
      req.log.warn({ err: safeError(err) }, 'constraint violation');
      return reply.status(409).send(fail('CONFLICT', 'This conflicts with existing data.'));
    }
    req.log.error({ err: safeError(err) }, 'unhandled error');
    return reply.status(500).send(fail('INTERNAL', 'Server error'));
  });

  // Security headers, one precomputed object per answer: the document's (its content security
  // policy and the rest) on pages and files, an API answer's on the API (a JSON answer is never
  // rendered, so a page's policy there only cost every request; the API's own documentation page
  // is a page). API answers carry personal data, so no browser or proxy keeps them (a route may
  // set its own cache-control).
  const pageHeaders = securityHeaders(config);
  app.addHook('onRequest', (req, reply, done) => {
    const api = req.url.startsWith('/api/') && !req.url.startsWith('/api/docs');
    reply.headers(api ? API_HEADERS : pageHeaders);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // The server's clock (clock.ts), which the web app takes for "today" (a phone's own clock
    // may be wrong; in tests SHALA_NOW fixes it).
    if (api && clockIsSet()) reply.header('date', now().toUTCString());
    done();
  });
  // Operations: Prometheus metrics (METRICS_TOKEN) and overload shedding, before any other work.
  await registerShedding(app, config, registerMetrics(app, config, database), database);
  await app.register(compress, { threshold: 1024 });
  // Files come as multipart/form-data; each route reads its parts with req.file() / req.files().
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: UPLOAD_LIMITS.files, fields: 20, fieldSize: 10_000, parts: 30 },
  });

  // Sign-in and one-time-code routes: limited per client address and login id. A sign-in from a
  // device that signed in to that id before (a valid device cookie, auth/device.ts) is limited
  // in that device's own budget instead of the address's: a spray from the school's network does
  // not lock out its known devices.
  const deviceOf = (route: { url: string }, req: { headers: IncomingMessage['headers']; body?: unknown }) =>
    route.url === API.signin.url ? deviceCookies.trusted(req.headers, (req.body as { loginId?: unknown } | undefined)?.loginId) : null;
  app.addHook('onRoute', (route) => {
    if (route.config?.authRateLimit) {
      route.config = {
        ...route.config,
        rateLimit: {
          max: config.AUTH_RATE_LIMIT_MAX,
          timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: (req: { ip: string; headers: IncomingMessage['headers']; body?: unknown; caller?: { userId: string } | null }) => {
            const body = req.body as { loginId?: unknown } | undefined;
            const who = req.caller?.userId ?? (typeof body?.loginId === 'string' ? body.loginId.trim().toLowerCase() : '');
            const device = deviceOf(route, req);
            return `${device ? `device:${device}` : req.ip}|${who}`;
          },
        },
      } as typeof route.config;
    }
    // Public credential routes: a failed attempt counts against the address across all ids (or
    // against the known device), once the body is read. A mobile code (an SMS the school pays
    // for) counts every request, as a forgotten password's code does (issue 39).
    if (route.config?.authRateLimit && (route.config.roles === 'public' || route.url === API.mobileCode.url)) {
      type Req = { ip: string; headers: IncomingMessage['headers']; body?: unknown };
      const budget = (req: Req) => {
        const device = deviceOf(route, req);
        return device ? `device:${device}` : req.ip;
      };
      const check = async (req: Req) => addressLimiter.check(budget(req));
      // Counted before the answer leaves, so the client's next attempt sees it (also through Redis).
      const count = async (req: Req, reply: { statusCode: number }, payload: unknown) => {
        if (reply.statusCode !== 200 || route.url === API.forgot.url || route.url === API.mobileCode.url) await addressLimiter.fail(budget(req)).catch(() => undefined);
        return payload;
      };
      route.preHandler = [check, ...[route.preHandler ?? []].flat()] as typeof route.preHandler;
      route.onSend = [...[route.onSend ?? []].flat(), count] as typeof route.onSend;
    }
  });
  await app.register(rateLimit, {
    global: false,
    redis: redisForLimits,
    nameSpace: 'shala-rl:',
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: 'RATE_LIMITED',
      message: `Too many attempts. Please try again in ${ctx.after}.`,
    }),
  });

  await app.register(swagger, openapiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Who may call: every contract route declares its roles; the school comes from the session.
  app.addHook('onRequest', async (req) => {
    const roles = req.routeOptions.config?.roles;
    if (!roles || roles === 'public') return;
    const token = tokenOf(req.headers);
    req.caller = token ? await resolveToken(deps, token) : null;
    assertAllowed(roles, req.caller);
  });

  await app.register(healthRoutes, { redis: redisForLimits });
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(academicsRoutes);
  await app.register(timetableRoutes);
  await app.register(calendarRoutes);
  await app.register(attendanceRoutes);
  await app.register(feeRoutes);
  await app.register(paymentsRoutes);
  await app.register(notificationRoutes);
  await app.register(noticesRoutes);
  await app.register(staffRoutes);
  await app.register(studentLeaveRoutes);
  await app.register(classworkRoutes);
  await app.register(examsRoutes);
  await app.register(chatRoutes);
  await app.register(pushRoutes);
  await app.register(dashboardRoutes);
  await app.register(masterRoutes);
  await app.register(fileRoutes);
  await app.register(schoolRoutes);
  await app.register(peopleRoutes);
  await app.register(privacyRoutes);
  await app.register(messagingRoutes);
  await app.register(certificateRoutes);
  registerJobs(app);

  registerWeb(app, config);
  return app;
}

/**
 * The built web app under /sms_frontend/ with a fallback to index.html for client routes. The
 * build writes a brotli (quality 11) and a gzip copy beside every text file (apps/web/precompress.ts):
 * the one the browser accepts is sent as it is, with its Content-Encoding and `Vary:
 * Accept-Encoding` (a client that accepts neither gets the plain file), and @fastify/compress
 * leaves an answer that has a Content-Encoding alone.
 */
function registerWeb(app: App, config: Config) {
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: config.webDist,
      prefix: `${WEB_BASE_PATH}/`,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(res, file) {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${WEB_BASE_PATH}/`));
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (req.method === 'GET' && (url === WEB_BASE_PATH || url.startsWith(`${WEB_BASE_PATH}/`))) {
      if (hasWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .type('text/html')
        .send('<!doctype html><p>The web app is not built yet: run <code>npm run build</code>.</p>');
    }
    return reply.status(404).send(fail('NOT_FOUND', 'Not found.'));
  });
}
