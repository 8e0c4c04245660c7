import path from 'node:path';
import { parseSync, runnerImport, type Plugin } from 'vite';

/**
 * The contract on the web's way in without its schemas. The API client checks every answer with
 * the contract's zod schemas, but zod and the schemas of every area are about 60 KB gzip and the
 * schemas take a phone about a second of CPU to build: the way in (sign-in, the signed-in layout,
 * the dashboard) needs neither. It sends its calls by the route table of `virtual:api-routes`
 * (method, path and whether the route is public, of every route of the contract's `API`), and
 * api/client.ts loads the schemas on demand.
 */

const ROUTES_ID = 'virtual:api-routes';
const CONTRACT_SRC = path.resolve(import.meta.dirname, '../../packages/contract/src') + path.sep;

type Route = { method: string; url: string; roles: unknown };

/** A route as the table holds it: [method, path, 1 when public]. */
const entry = (route: Route) => [route.method, route.url, route.roles === 'public' ? 1 : 0];

/**
 * `virtual:api-routes`: each route's method, path and whether it is public, by name. The build
 * writes the table out (read from the contract once per build, 2.5 KB gzip for its 245 routes);
 * the dev server and the tests compute it from the contract, which they load whole anyway.
 */
export function apiRoutes(): Plugin {
  let build = false;
  let root = process.cwd();
  return {
    name: 'shala-api-routes',
    configResolved(config) {
      build = config.command === 'build';
      root = config.root;
    },
    resolveId: (id) => (id === ROUTES_ID ? `\0${ROUTES_ID}` : null),
    async load(id) {
      if (id !== `\0${ROUTES_ID}`) return null;
      if (!build) {
        return `import { API } from '@shala/contract';\nconst entry = ${entry.toString()};\nexport default Object.fromEntries(Object.entries(API).map(([name, route]) => [name, entry(route)]));`;
      }
      const { module } = await runnerImport<{ API: Record<string, Route> }>('@shala/contract', { configFile: false, logLevel: 'error', root });
      const table = Object.fromEntries(Object.entries(module.API).map(([name, route]) => [name, entry(route)]));
      return `export default ${JSON.stringify(table)};`;
    },
  };
}

/**
 * The contract's top-level values as pure: each `const` whose value is computed (a zod schema, a
 * table built by a call) is wrapped in an annotated call (`/* @__PURE__ *\/ (() => value)()`), so
 * that the build leaves out every one nobody uses. A module of the contract mixes constants and
 * schemas (`dashboard.ts`: COUNT_KEYS and the dashboard's schema): the way in takes the constants
 * it imports, and not zod. The contract's modules have nothing else at their top level (no
 * statement run for its effect), which this keeps so: such a statement fails the build.
 */
export function pureContract(): Plugin {
  return {
    name: 'shala-pure-contract',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(CONTRACT_SRC)) return null;
      const { program, errors } = parseSync(id.replace(/\.ts$/, '.js'), code);
      if (errors.length > 0) return null;
      const edits: Array<{ at: number; text: string }> = [];
      for (const node of program.body) {
        if (node.type === 'ExpressionStatement') this.error(`${id}: a statement run for its effect at the top level of the contract (it must stay a module of values)`);
        const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) {
          if (!init || ['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression'].includes(init.type)) continue;
          edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { at, text } of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
      return { code: out, map: null };
    },
  };
}
