import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/**
 * What the logs may hold. Errors are logged by code and stack only: a database error carries
 * every bound parameter (password hashes, names, emails) in its message, `parameters` and
 * `detail`, and a driver's message may quote the value it refused. Requests are logged by method
 * and path, never by query string (search terms), headers (tokens) or body.
 */

/** Fields of an error that never carry data: names, codes and stack frames. */
export interface SafeError {
  type: string;
  code?: string;
  sqlState?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  statusCode?: number;
  stack?: string;
  cause?: SafeError;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The stack's frames without its first line(s), which repeat the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const at = stack.indexOf('\n    at ');
  return at === -1 ? undefined : stack.slice(at + 1);
}

const produced = new WeakSet<object>();

export function safeError(err: unknown, depth = 0): SafeError {
  if (!err || typeof err !== 'object') return { type: typeof err };
  // Already reduced (a call site reduced it and the logger's serializer sees it again).
  if (produced.has(err)) return err as SafeError;
  const e = err as Record<string, unknown>;
  const out: SafeError = { type: (e.constructor as { name?: string } | undefined)?.name ?? 'Error' };
  if (typeof e.name === 'string' && e.name !== 'Error') out.type = e.name;
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && SQLSTATE.test(code) && typeof e.severity === 'string') out.sqlState = code;
  else if (code) out.code = code;
  for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key];
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  out.stack = framesOf(e.stack);
  if (e.cause && depth < 3) out.cause = safeError(e.cause, depth + 1);
  produced.add(out);
  return out;
}

/** Paths pino replaces with [redacted] wherever a log call passes such an object anyway. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'req.query',
  'body',
  'query',
  'headers.token',
  'headers.authorization',
  ...['password', 'newPassword', 'currentPassword', 'passwordHash', 'codeHash', 'otp', 'token', 'tokenHash', 'email', 'to', 'firstName', 'lastName', 'name', 'fullName', 'search', 'parameters', 'detail'].flatMap((k) => [k, `*.${k}`]),
];

/** What the request serializer is given: Fastify's request (its route's pattern known), or a bare one. */
interface LoggedRequest {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}

/** A secret in a path (a certificate's verification token): the page's and the API's. */
const SECRET_PATH = /^((?:\/api)?\/verify\/)[^/?]+/;

/**
 * A request's path as logged: without its query; a route whose path carries a secret (`:token`,
 * the public verification of a certificate) by its pattern, never the token itself.
 */
export function loggedPath(req: LoggedRequest): string | undefined {
  const pattern = req.routeOptions?.url;
  if (pattern && /:token\b/.test(pattern)) return pattern;
  return req.url?.split('?')[0]?.replace(SECRET_PATH, '$1:token');
}

/** The logger options of the app: level, redaction, and requests by method and path only (a secret's by pattern). */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: loggedPath(req),
      }),
      // Typed by Fastify as its own error shape; ours keeps only codes and frames.
      err: ((err: unknown) => safeError(err)) as never,
    },
    ...(stream ? { stream } : {}),
  };
}

/** Per-request "incoming request / request completed" lines only when debugging. */
export function logsRequests(config: Pick<Config, 'LOG_LEVEL'>): boolean {
  return config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace';
}
