import { z } from 'zod';
import { API, ERROR_CODES, type ApiName, type ErrorCode } from '@shala/contract';
import { getCookie } from '../lib/cookies';
import { COOKIE } from '../lib/storage';

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

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: ErrorCode | null;
  /** The server's own message (English fallback text of the error code). */
  readonly serverMessage: string | null;
  readonly issues: { path: string; message: string }[];

  constructor(
    kind: ApiErrorKind,
    init: {
      status?: number | null;
      code?: ErrorCode | null;
      serverMessage?: string | null;
      issues?: { path: string; message: string }[];
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

const errorBody = z.object({
  error: z.string(),
  message: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

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

/**
 * The ApiError of an error answer (status and parsed JSON body). A 401 UNAUTHENTICATED on an
 * authenticated call also ends the local session.
 */
export function httpError(status: number, data: unknown, isPublic: boolean): ApiError {
  const parsed = errorBody.safeParse(data);
  const code = parsed.success && (ERROR_CODES as readonly string[]).includes(parsed.data.error)
    ? (parsed.data.error as ErrorCode)
    : null;
  const error = new ApiError('http', {
    status,
    code,
    serverMessage: parsed.success ? (parsed.data.message ?? null) : null,
    issues: parsed.success ? parsed.data.issues : undefined,
  });
  if (status === 401 && !isPublic && (code === 'UNAUTHENTICATED' || code === null)) {
    config.onUnauthenticated();
  }
  return error;
}

/** Calls one endpoint of the contract's API table and returns the whole success envelope. */
export async function request<N extends ApiName>(name: N, options: CallOptions<N> = {} as CallOptions<N>): Promise<Envelope<N>> {
  const route = API[name];
  const opts = options as { body?: unknown; params?: unknown; query?: unknown; signal?: AbortSignal };
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

  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    console.error(`Answer of ${name} does not match the contract`, parsed.error.issues);
    throw new ApiError('unexpected', { status: response.status, cause: parsed.error });
  }
  return parsed.data as Envelope<N>;
}

/** Calls one endpoint and returns its parsed `result`. */
export async function call<N extends ApiName>(name: N, options?: CallOptions<N>): Promise<Result<N>> {
  const envelope = await request(name, options);
  return (envelope as { result: Result<N> }).result;
}
