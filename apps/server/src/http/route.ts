import type { ApiRoute } from '@shala/contract';

/** Fastify route options (schema, roles) for one entry of the contract's API table. */
export function fromContract<const R extends ApiRoute>(def: R) {
  const schema = {
    summary: def.summary,
    body: def.body as R['body'],
    params: def.params as R['params'],
    querystring: def.querystring as R['querystring'],
    response: { 200: def.response as R['response'] },
    // OpenAPI: public routes need no token.
    ...(def.roles === 'public' ? { security: [] } : {}),
  };
  // Fastify warns about keys present but undefined; keep only the declared parts.
  for (const key of ['body', 'params', 'querystring'] as const) if (!schema[key]) delete schema[key];
  return { method: def.method, url: def.url, schema, config: { roles: def.roles, authRateLimit: def.authRateLimit ?? false } };
}
