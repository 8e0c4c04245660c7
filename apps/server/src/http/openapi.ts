import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import * as contract from '@shala/contract';
import { API, API_AREAS, API_DOWNLOADS, API_EXTRA_ERRORS, API_UPLOADS, errorEnvelope, type ApiName, type ApiRoute, type DownloadBody } from '@shala/contract';

/**
 * The OpenAPI 3.1 document of the API table (served at /api/docs/json, committed as
 * docs/openapi.json by `npm run openapi`; docs/api.md). From the contract: each route's name as its
 * operationId, its area as its tag (API_AREAS), what a download answers (API_DOWNLOADS), the error
 * envelope for the 4xx a route may answer, the token for every route that is not public. Schemas of
 * the contract used more than once are shared components named after their export.
 */

type Json = Record<string, unknown>;

const OPENAPI_VERSION = '3.1.0';

const NAMES = new Map<string, ApiName>(Object.entries(API).map(([name, def]) => [`${def.method} ${def.url}`, name as ApiName]));
const AREA_OF = new Map<ApiName, string>(API_AREAS.flatMap(({ tag, routes }) => routes.map((name): [ApiName, string] => [name, tag])));

/** The shared error responses, by status: each the error envelope. */
const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The input is not valid (VALIDATION_ERROR with `issues`, BAD_REQUEST, INVALID_OTP).' },
  401: { name: 'Unauthenticated', description: 'No valid token (UNAUTHENTICATED), or wrong credentials (INVALID_CREDENTIALS).' },
  403: { name: 'Forbidden', description: "The caller's role may not do this (FORBIDDEN), or its account or school is inactive." },
  404: { name: 'NotFound', description: 'No such record the caller may see (NOT_FOUND): another school’s records are not found either.' },
  409: { name: 'Conflict', description: 'The change breaks a rule of the data (CONFLICT; `reason` says which).' },
  413: { name: 'PayloadTooLarge', description: 'The body or a file is too large (PAYLOAD_TOO_LARGE).' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a type this route reads (UNSUPPORTED_MEDIA_TYPE).' },
  429: { name: 'RateLimited', description: 'Too many attempts (RATE_LIMITED): try again later, after `Retry-After` seconds where it is given.' },
  503: { name: 'Unavailable', description: 'The server or a part it needs is not available, or it is overloaded (UNAVAILABLE): try again after `Retry-After` seconds where it is given.' },
};

/** The 4xx (and 503) a route may answer: from its kind (inputs, token, writes, files) and API_EXTRA_ERRORS. */
function errorStatuses(name: ApiName, def: ApiRoute): number[] {
  const statuses = new Set<number>(API_EXTRA_ERRORS[name] ?? []);
  const hasInput = Boolean(def.body || def.params || def.querystring || def.multipart);
  if (hasInput || def.roles !== 'public') statuses.add(400);
  if (def.roles !== 'public') {
    for (const status of [401, 403, 404]) statuses.add(status);
    if (def.method !== 'GET') statuses.add(409);
  }
  if (def.body || def.multipart) for (const status of [413, 415]) statuses.add(status);
  if (def.authRateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Where two routes differ only in their path parameters' names (GET /holidays/:sessionId, PATCH
 * /holidays/:holidayId), OpenAPI allows one path: it names the parameter after both
 * (`sessionIdOrHolidayId`), and each operation says which it takes.
 */
function documentedPaths(): Map<ApiName, { url: string; renames: Map<string, string> }> {
  const shapes = new Map<string, ApiName[]>();
  for (const [name, def] of Object.entries(API) as [ApiName, ApiRoute][]) {
    const shape = def.url.replace(/:[^/]+/g, ':');
    shapes.set(shape, [...(shapes.get(shape) ?? []), name]);
  }
  const paths = new Map<ApiName, { url: string; renames: Map<string, string> }>();
  for (const names of shapes.values()) {
    const segments = names.map((name) => API[name].url.split('/'));
    const merged = segments[0]!.map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const each = [...new Set(segments.map((s) => s[i]!.slice(1)))];
      return `:${each.map((n, j) => (j === 0 ? n : `Or${n[0]!.toUpperCase()}${n.slice(1)}`)).join('')}`;
    });
    names.forEach((name, k) => {
      const renames = new Map<string, string>();
      segments[k]!.forEach((segment, i) => {
        if (segment.startsWith(':') && segment !== merged[i]) renames.set(segment.slice(1), merged[i]!.slice(1));
      });
      paths.set(name, { url: merged.join('/'), renames });
    });
  }
  return paths;
}

function pascal(name: string): string {
  return `${name[0]!.toUpperCase()}${name.slice(1)}`;
}

/** Calls `visit` on a zod schema and every schema inside it (object shapes, arrays, unions, wrappers). */
function walk(schema: z.core.$ZodType, visit: (s: z.core.$ZodType) => void, seen = new Set<z.core.$ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  visit(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner = def.type === 'lazy' ? [(def.getter as () => unknown)()] : Object.values(def);
  for (const value of inner) {
    const children = value instanceof z.core.$ZodType ? [value] : Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
    for (const child of children) if (child instanceof z.core.$ZodType) walk(child, visit, seen);
  }
}

/**
 * The contract's object schemas that bodies and answers use more than once, each with the id of
 * its export (`classSummary` → `ClassSummary`), and the error envelope as `Error`. Schemas inside
 * path or query parameters stay inline (a parameter is described field by field).
 */
function sharedSchemas() {
  const exported = new Map<z.core.$ZodType, string>();
  // A schema exported under two names takes the first in code-point order (as a module namespace lists them).
  for (const [name, value] of Object.entries(contract).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (value instanceof z.ZodType && value.def.type === 'object' && !exported.has(value)) exported.set(value, name);
  }
  const uses = new Map<z.core.$ZodType, number>();
  const inParameters = new Set<z.core.$ZodType>();
  for (const def of Object.values(API) as ApiRoute[]) {
    for (const schema of [def.body, def.response]) if (schema) walk(schema, (s) => uses.set(s, (uses.get(s) ?? 0) + 1));
    for (const schema of [def.params, def.querystring]) if (schema) walk(schema, (s) => inParameters.add(s));
  }
  const registry = z.registry<{ id: string }>();
  registry.add(errorEnvelope, { id: 'Error' });
  const ids = new Set(['Error']);
  for (const [schema, name] of exported) {
    if ((uses.get(schema) ?? 0) < 2 || inParameters.has(schema) || schema === errorEnvelope) continue;
    // The transform names a schema's request form `<id>Input`: an export already named so takes `Body`.
    const id = pascal(name);
    ids.add(id);
    registry.add(schema, { id });
  }
  for (const id of ids) {
    if (!ids.has(`${id}Input`)) continue;
    const schema = registry._idmap.get(`${id}Input`)!;
    registry.remove(schema);
    registry.add(schema, { id: `${id}Body` });
  }
  return registry;
}

const BINARY = { type: 'string', format: 'binary' } as const;

function downloadContent(kinds: Record<string, DownloadBody>, envelope: unknown): Json {
  const schemaOf: Record<DownloadBody, unknown> = { file: BINARY, text: { type: 'string' }, json: {}, envelope };
  return Object.fromEntries(Object.entries(kinds).map(([media, kind]) => [media, { schema: schemaOf[kind] }]));
}

/** Every `$ref` under `value`, with `replace` applied to each. */
function refs(value: unknown, replace?: (ref: string) => string, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refs(item, replace, found);
  else if (value && typeof value === 'object') {
    const object = value as Json;
    for (const [key, child] of Object.entries(object)) {
      if (key === '$ref' && typeof child === 'string') {
        if (replace) object.$ref = replace(child);
        found.add(object.$ref as string);
      } else refs(child, replace, found);
    }
  }
  return found;
}

const SCHEMA_REF = '#/components/schemas/';

/**
 * The shared schemas the document uses, each once: a request form equal to its answer form is the
 * same component; a schema only ever sent keeps its own name (no `Input` added), and where an
 * export named `…Input` is also answered, the answer form drops the `Input`. Unused ones go.
 */
function tidySchemas(doc: Json, registryIds: Set<string>): void {
  const components = doc.components as { schemas: Record<string, unknown> };
  const schemas = components.schemas;
  const seen = new Set<string>();
  let next = [...refs(doc.paths), ...refs((doc.components as Json).responses)];
  while (next.length) {
    const found: string[] = [];
    for (const ref of next) {
      const id = ref.slice(SCHEMA_REF.length);
      if (seen.has(id)) continue;
      seen.add(id);
      found.push(...refs(schemas[id]));
    }
    next = found;
  }
  const renames = new Map<string, string>();
  for (const id of registryIds) {
    const input = `${id}Input`;
    if (!seen.has(input)) continue;
    const stem = id.replace(/Input$/, '');
    if (!seen.has(id) || JSON.stringify(schemas[input]) === JSON.stringify(schemas[id])) renames.set(input, id);
    else if (stem !== id && !seen.has(stem) && !registryIds.has(stem)) {
      renames.set(id, stem);
      renames.set(input, id);
    }
  }
  const nameOf = (id: string) => renames.get(id) ?? id;
  const kept: Record<string, unknown> = {};
  for (const id of [...seen].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0))) kept[nameOf(id)] ??= schemas[id];
  const rename = (ref: string) => (ref.startsWith(SCHEMA_REF) ? `${SCHEMA_REF}${nameOf(ref.slice(SCHEMA_REF.length))}` : ref);
  refs(doc.paths, rename);
  refs(kept, rename);
  components.schemas = kept;
}

/** The options of @fastify/swagger: the document's head, and the transforms that complete it. */
let fromTable: { registry: ReturnType<typeof sharedSchemas>; registryIds: Set<string>; paths: ReturnType<typeof documentedPaths> } | undefined;

export function openapiOptions(): FastifyDynamicSwaggerOptions {
  // What the table gives is the same for every app of the process (the tests build many): made once.
  fromTable ??= (() => {
    const registry = sharedSchemas();
    return { registry, registryIds: new Set(registry._idmap.keys()), paths: documentedPaths() };
  })();
  const { registry, registryIds, paths } = fromTable;
  const zodRoute = createJsonSchemaTransform({ schemaRegistry: registry });
  const zodDocument = createJsonSchemaTransformObject({ schemaRegistry: registry });
  return {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Shala API',
        version: '0.1.0',
        description:
          'School management: one platform, many schools, six roles. Sign in (POST /api/signin) for a token, then send it in the `token` header (or `Authorization: Bearer`). Every JSON answer is `{ message?, result }`; every error `{ error, message, reason?, field?, params?, issues? }`. Guide: docs/api.md.',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      },
      servers: [{ url: '{origin}', description: "The school's Shala server", variables: { origin: { default: 'http://localhost:3000', description: 'Its address (PUBLIC_URL), without a trailing slash' } } }],
      tags: API_AREAS.map(({ tag, description }) => ({ name: tag, description })),
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token', description: 'The token POST /api/signin answers.' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The same token as `Authorization: Bearer <token>`.' },
        },
      },
      security: [{ token: [] }, { bearer: [] }],
    },
    transform: (document) => {
      const method = typeof document.route.method === 'string' ? document.route.method : document.route.method[0];
      const name = NAMES.get(`${method} ${document.url}`);
      if (!name) return zodRoute(document);
      const { url, renames } = paths.get(name)!;
      const tag = AREA_OF.get(name);
      const result = zodRoute({ ...document, schema: { ...document.schema, operationId: name, tags: tag ? [tag] : [] } as typeof document.schema });
      const params = result.schema.params as { properties?: Record<string, Json>; required?: string[] } | undefined;
      if (params?.properties && renames.size) {
        params.properties = Object.fromEntries(
          Object.entries(params.properties).map(([key, value]) => {
            const to = renames.get(key);
            return to ? [to, { ...value, description: `This operation's \`${key}\` (the path's other operations take another parameter here).` }] : [key, value];
          }),
        );
        params.required = params.required?.map((key) => renames.get(key) ?? key);
      }
      return { schema: result.schema, url };
    },
    transformObject: (documentObject) => {
      const doc = zodDocument(documentObject) as Json;
      const components = doc.components as Json;
      components.responses = Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description }) => [
          name,
          {
            description,
            ...(name === 'RateLimited' || name === 'Unavailable' ? { headers: { 'Retry-After': { description: 'Seconds to wait (not always given)', schema: { type: 'integer' } } } } : {}),
            content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}Error` } } },
          },
        ]),
      );
      for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
        for (const operation of Object.values(item)) {
          const name = operation.operationId as ApiName | undefined;
          if (!name || !(name in API)) continue;
          const def: ApiRoute = API[name];
          const responses = operation.responses as Record<string, Json>;
          const ok = responses['200']!;
          ok.description = 'Success';
          const downloads = (API_DOWNLOADS as Partial<Record<ApiName, Record<string, DownloadBody>>>)[name];
          if (downloads) {
            const envelope = (ok.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema;
            ok.content = downloadContent(downloads, envelope);
          }
          const upload = (API_UPLOADS as Partial<Record<ApiName, { field: string; many: boolean }>>)[name];
          if (upload) {
            operation.requestBody = {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', required: [upload.field], properties: { [upload.field]: upload.many ? { type: 'array', items: BINARY } : BINARY } },
                },
              },
            };
          }
          for (const status of errorStatuses(name, def)) responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
        }
      }
      tidySchemas(doc, registryIds);
      doc.paths = inTableOrder(doc.paths as Record<string, Record<string, Json>>);
      return doc;
    },
  };
}

const TABLE_ORDER = new Map(Object.keys(API).map((name, i) => [name, i]));

/**
 * The paths in the order of the contract's table (a path where its first operation stands), not
 * of registration: moving a route between route files changes nothing in the document.
 */
function inTableOrder(paths: Record<string, Record<string, Json>>): Record<string, Record<string, Json>> {
  const rankOf = (operation: Json) => TABLE_ORDER.get(operation.operationId as string) ?? TABLE_ORDER.size;
  const rank = (item: Record<string, Json>) => Math.min(...Object.values(item).map(rankOf));
  return Object.fromEntries(
    Object.entries(paths)
      .sort(([a, x], [b, y]) => rank(x) - rank(y) || a.localeCompare(b))
      .map(([path, item]) => [path, Object.fromEntries(Object.entries(item).sort(([, x], [, y]) => rankOf(x) - rankOf(y)))]),
  );
}

/** docs/openapi.json as committed: the served document, two spaces, a final newline. */
export function openapiText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
