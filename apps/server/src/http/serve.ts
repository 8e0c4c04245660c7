import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiRoute } from '@shala/contract';
import { unauthenticated } from '../errors.js';
import { fromContract } from './route.js';
import type { App } from './types.js';

/** The app's dependencies and the signed-in caller, as `context.ts` declares them on Fastify. */
type Deps = App['deps'];
type Caller = NonNullable<FastifyRequest['caller']>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a contract route's answer reads of its request: the body, params and query as its schemas parsed them. */
export interface ContractRequest<R extends ApiRoute> {
  body: Parsed<R['body']>;
  params: Parsed<R['params']>;
  query: Parsed<R['querystring']>;
}

/** The `result` of a contract route's envelope. */
type ResultOf<R extends ApiRoute> = z.output<R['response']> extends { result: infer T } ? T : never;

/**
 * Registers a contract route whose answer is `{ result }` (with a fixed `message` when one is
 * given) from a service called with the app's deps and the signed-in caller (401 without one),
 * the request typed by the route's schemas:
 * `serve(app, API.thingList, (deps, caller, req) => listThings(deps, caller, req.query));`
 * A route that answers otherwise (a message that depends on the result, a file, the reply itself)
 * keeps `app.route` with `fromContract`.
 */
export function serve<const R extends ApiRoute>(
  app: App,
  def: R,
  answer: (deps: Deps, caller: Caller, req: ContractRequest<R>) => Promise<ResultOf<R>>,
  message?: string,
): void {
  app.route({
    ...fromContract(def),
    handler: async (req: FastifyRequest) => {
      // Parsed by the route's own schemas (`fromContract`) before the handler runs; the types are
      // generic here, so they are named, and `answer`'s type checks each route against them.
      const parts = { body: req.body as Parsed<R['body']>, params: req.params as Parsed<R['params']>, query: req.query as Parsed<R['querystring']> };
      const result = await answer(app.deps, callerOf(req), parts);
      return message === undefined ? { result } : { message, result };
    },
  });
}

/** The signed-in caller, else 401: `requireCaller`'s rule, kept here so `http/` imports nothing above it (policy, context). */
function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw unauthenticated();
  return req.caller;
}
