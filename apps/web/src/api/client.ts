import type { API, ApiName } from '@shala/contract';
import ROUTES from 'virtual:api-routes';
import { ApiError, send, type CallOptions, type Envelope, type Result } from './http';
import { whenSettled } from './idle';

export * from './http';

type Api = typeof API;

let schemas: Api | null = null;
let loading: Promise<Api> | null = null;

/**
 * The contract's schemas (zod and every area's: about 60 KB gzip, and a second of a phone's CPU to
 * build), loaded on demand rather than on the way in (contract-web.ts). Screens that fill forms
 * import them anyway; the first answers of a page load get them once the page has settled.
 */
export function loadSchemas(): Promise<Api> {
  loading ??= import('./schemas').then(
    (contract) => (schemas = contract.API),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The answer as the contract types it, or ApiError 'unexpected' (logged) when it breaks the contract. */
function check<N extends ApiName>(api: Api, name: N, data: unknown): Envelope<N> {
  const parsed = api[name].response.safeParse(data);
  if (!parsed.success) {
    console.error(`Answer of ${name} does not match the contract`, parsed.error.issues);
    throw new ApiError('unexpected', { status: 200, cause: parsed.error });
  }
  return parsed.data as Envelope<N>;
}

/**
 * Calls one endpoint of the contract's API table and returns the whole success envelope, checked
 * against the route's response schema. Until the schemas are in (the first answers after a page
 * load: the layout's and the dashboard's), an answer is passed on as typed and checked when they
 * arrive, a mismatch logged as any other; from then on each answer is checked before it is used.
 */
export async function request<N extends ApiName>(name: N, options: CallOptions<N> = {} as CallOptions<N>): Promise<Envelope<N>> {
  const [method, url, isPublic] = ROUTES[name];
  const data = await send({ method, url, roles: isPublic ? 'public' : 'signed-in' }, options as Parameters<typeof send>[1]);
  if (schemas) return check(schemas, name, data);
  if (!data || typeof data !== 'object') throw new ApiError('unexpected', { status: 200 });
  whenSettled(() => {
    void loadSchemas().then(
      (api) => {
        try {
          check(api, name, data);
        } catch {
          // logged by check(); the screen has shown the answer already
        }
      },
      () => undefined,
    );
  });
  return data as Envelope<N>;
}

/** Calls one endpoint and returns its parsed `result`. */
export async function call<N extends ApiName>(name: N, options?: CallOptions<N>): Promise<Result<N>> {
  const envelope = await request(name, options);
  return (envelope as { result: Result<N> }).result;
}
