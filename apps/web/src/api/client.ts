import { API, type ApiName } from '@shala/contract';
import { ApiError, send, type CallOptions, type Envelope, type Result } from './http';

export * from './http';

/** Calls one endpoint of the contract's API table and returns the whole success envelope. */
export async function request<N extends ApiName>(name: N, options: CallOptions<N> = {} as CallOptions<N>): Promise<Envelope<N>> {
  const route = API[name];
  const data = await send(route, options as Parameters<typeof send>[1]);
  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    console.error(`Answer of ${name} does not match the contract`, parsed.error.issues);
    throw new ApiError('unexpected', { status: 200, cause: parsed.error });
  }
  return parsed.data as Envelope<N>;
}

/** Calls one endpoint and returns its parsed `result`. */
export async function call<N extends ApiName>(name: N, options?: CallOptions<N>): Promise<Result<N>> {
  const envelope = await request(name, options);
  return (envelope as { result: Result<N> }).result;
}
