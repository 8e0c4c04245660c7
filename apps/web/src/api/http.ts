import type { z } from 'zod';
import { ERROR_CODES, PUBLIC_API, type ErrorCode, type ErrorParams, type PublicApiName } from '@shala/contract/web';
import type { API, ApiName } from '@shala/contract';
import { syncClock } from './clock';
import { getCookie } from './cookies';
import { COOKIE } from './storage';
import { tracked } from './idle';

// The HTTP core of the API client without the contract's schemas (types only), so the public
// pages (login, forgot password, one-time code) load no zod. `client.ts` adds the schema check.

type RouteOf<N extends ApiName> = (typeof API)[N];
type InputOf<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined;

/** Envelope of a successful answer, typed from the contract's response schema. */
export type Envelope<N extends ApiName> = z.output<RouteOf<N>['response']>;
export type Result<N extends ApiName> = Envelope<N> extends { result: infer R } ? R : never;

type OptionalIfUndefined<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as undefined extends T[K] ? K : never]?: T[K];
};

export type CallOptions<N extends ApiName> = OptionalIfUndefined<{
  body: InputOf<RouteOf<N>, 'body'>;
  params: InputOf<RouteOf<N>, 'params'>;
  query: InputOf<RouteOf<N>, 'querystring'>;
}> & { signal?: AbortSignal };

/**
 * Why a call failed: `http` (the server answered with an error status), `network` (no response),
 * `request` (the request could not be built or sent), `unexpected` (anything else, such as an
 * answer that does not match the contract).
 */
export type ApiErrorKind = 'http' | 'network' | 'request' | 'unexpected';

/** One field problem of a 400: path, English text, stable code and params. */
export interface ApiIssue {
  path: string;
  message: string;
  code?: string;
  params?: ErrorParams;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: ErrorCode | null;
  /** The server's own message (English fallback text of the error code). */
  readonly serverMessage: string | null;
  readonly issues: ApiIssue[];
  /** Why, finer than the code (`errors.reasons.<reason>`), with the values of its text. */
  readonly reason: string | null;
  readonly params: ErrorParams;
  /** The input at fault (`email`), when the server names one. */
  readonly field: string | null;

  constructor(
    kind: ApiErrorKind,
    init: {
      status?: number | null;
      code?: ErrorCode | null;
      serverMessage?: string | null;
      issues?: ApiIssue[];
      reason?: string | null;
      params?: ErrorParams;
      field?: string | null;
      cause?: unknown;
    } = {},
  ) {
    super(init.serverMessage ?? `${kind} error${init.status ? ` (${init.status})` : ''}`, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.issues = init.issues ?? [];
    this.reason = init.reason ?? null;
    this.params = init.params ?? {};
    this.field = init.field ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Requests that take longer than this fail as "no response". */
export const REQUEST_TIMEOUT_MS = 30_000;

interface ClientConfig {
  /** Called when an authenticated call answers 401 UNAUTHENTICATED (expired or revoked session). */
  onUnauthenticated: () => void;
  /** Current UI language, sent as Accept-Language so the server may localise its messages. */
  language: () => string;
}

const config: ClientConfig = {
  onUnauthenticated: () => {},
  language: () => 'en',
};

export function configureClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

export function buildUrl(url: string, params: unknown, query: unknown): string {
  let path = url;
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
      path = path.replace(`:${key}`, encodeURIComponent(String(value)));
    }
  }
  if (/\/:[A-Za-z]/.test(path)) throw new Error(`Missing path parameter in ${path}`);
  if (query && typeof query === 'object') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const text = search.toString();
    if (text) path += `?${text}`;
  }
  return path;
}

/** Headers every call sends: JSON, the UI language and (unless public) the session token. */
export function baseHeaders(isPublic: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': config.language() };
  if (!isPublic) {
    const token = getCookie(COOKIE.token);
    if (token) headers.token = token;
  }
  return headers;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function paramsOf(v: unknown): ErrorParams | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const out: ErrorParams = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || typeof x === 'number') out[k] = x;
  return out;
}

function issuesOf(v: unknown): ApiIssue[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((i: Record<string, unknown>) => {
    const path = str(i?.path);
    const message = str(i?.message);
    if (path === null || message === null) return [];
    const code = str(i.code) ?? undefined;
    return [{ path, message, ...(code ? { code } : {}), ...(i.params ? { params: paramsOf(i.params) } : {}) }];
  });
}

/**
 * The ApiError of an error answer (status and parsed JSON body). A 401 UNAUTHENTICATED on an
 * authenticated call also ends the local session.
 */
export function httpError(status: number, data: unknown, isPublic: boolean): ApiError {
  const body = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const raw = str(body.error);
  const code = raw && (ERROR_CODES as readonly string[]).includes(raw) ? (raw as ErrorCode) : null;
  const error = new ApiError('http', {
    status,
    code,
    serverMessage: raw ? str(body.message) : null,
    issues: raw ? issuesOf(body.issues) : [],
    reason: raw ? str(body.reason) : null,
    params: raw ? paramsOf(body.params) : undefined,
    field: raw ? str(body.field) : null,
  });
  if (status === 401 && !isPublic && (code === 'UNAUTHENTICATED' || code === null)) {
    config.onUnauthenticated();
  }
  return error;
}

interface RouteLike {
  method: string;
  url: string;
  roles: unknown;
}

interface SendOptions {
  body?: unknown;
  params?: unknown;
  query?: unknown;
  signal?: AbortSignal;
}

/** Sends one call and returns the parsed JSON of a success answer (not checked against a schema). */
export function send(route: RouteLike, opts: SendOptions = {}): Promise<unknown> {
  return tracked(sendOnce(route, opts));
}

async function sendOnce(route: RouteLike, opts: SendOptions): Promise<unknown> {
  const isPublic = route.roles === 'public';
  let url: string;
  const headers = baseHeaders(isPublic);
  let body: string | undefined;
  try {
    url = buildUrl(route.url, opts.params, opts.query);
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
  } catch (cause) {
    throw new ApiError('request', { cause });
  }

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(url, { method: route.method, headers, body, signal });
  } catch (cause) {
    if (opts.signal?.aborted) throw cause; // the caller cancelled (e.g. TanStack Query): not an error to show
    if (cause instanceof TypeError || (cause instanceof DOMException && cause.name === 'TimeoutError')) {
      throw new ApiError('network', { cause });
    }
    throw new ApiError('request', { cause });
  }

  syncClock(response.headers.get('date'));
  let data: unknown = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw httpError(response.status, data, isPublic);
  return data;
}

/** Calls a public route (sign-in, one-time code): the answer is trusted as typed. */
export async function requestPublic<N extends PublicApiName>(name: N, options: CallOptions<N>): Promise<Envelope<N>> {
  const data = await send(PUBLIC_API[name], options as SendOptions);
  if (!data || typeof data !== 'object') throw new ApiError('unexpected', { status: 200 });
  return data as Envelope<N>;
}
